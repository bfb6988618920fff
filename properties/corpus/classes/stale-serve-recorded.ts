import { defineLieClass } from '../define.ts';
import { T0, del, lines, reads, stale, worker, write } from '../content.ts';
import { tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'stale-serve-recorded',
  words: 'stale serve then re-read (the serve recorded as delivery)',
  seenInWild: 'a symbol fetch recorded as a read: "unchanged" to a worker holding 90 lines of 900',
  cases: [
    {
      id: 'stale-then-reread',
      rules: ['STALE-NO-RECORD', 'STALE-SERVE-LABELLED', 'REFUSAL-TRUE', 'POINTER-FULL'],
      needs: { staleServe: true },
      cap: 64,
      unplayable: tooLarge,
      events: (ctx) => [
        worker(),
        write('s.ts', lines(Math.max(8, Math.ceil((ctx.cap * 3) / 14)), 'stale'), T0),
        stale('w1', 's.ts', 1, 2),
        ...reads(2, 's.ts'),
        stale('w1', 's.ts', 400_000, 400_002),
        del('s.ts'),
        stale('w1', 's.ts', 0, 1),
      ],
    },
  ],
});
