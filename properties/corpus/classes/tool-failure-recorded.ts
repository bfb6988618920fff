import { defineLieClass } from '../define.ts';
import { T0, overCap, read, reads, worker, write } from '../content.ts';
import { TINY, small, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'tool-failure-recorded',
  words: 'injected tool failure then re-read (a read recorded when requested, not delivered)',
  seenInWild: 'ledgers written before the tool returns; wrappers that turn an exception into text',
  cases: [
    {
      id: 'tool-failure-then-reread',
      rules: ['PASSTHROUGH', 'REFUSAL-TRUE', 'POINTER-FULL', 'SLICE-CONTINUES'],
      needs: { toolFailures: true },
      cap: TINY,
      unplayable: tooLarge,
      // A failed first read of a small file, then a failed continuation of one over the cap.
      events: (ctx) => {
        const { text } = overCap(ctx.cap, 2.5, 'tf');
        return [
          worker(),
          write('a.ts', small(ctx, 'fail'), T0),
          read('a.ts', { fail: 'EIO' }),
          ...reads(2, 'a.ts'),
          write('b.ts', text, T0),
          read('b.ts'),
          read('b.ts', { fail: 'EIO' }),
          ...reads(2, 'b.ts'),
        ];
      },
    },
  ],
});
