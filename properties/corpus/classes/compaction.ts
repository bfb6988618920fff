import { defineLieClass } from '../define.ts';
import { T0, forget, overCap, read, reads, replaceLine, worker, write } from '../content.ts';
import { MID, TINY, diffFits, inTurn, midFile, small, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'compaction',
  words: 'compaction or rewind (forget) then re-read',
  seenInWild:
    'stubs pointing at content the model no longer has after compression, rewind or history trimming (the most reported lie)',
  cases: [
    {
      id: 'forget-then-reread',
      rules: ['FORGET-RESETS', 'POINTER-FULL'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], forget: true },
      cap: TINY,
      events: (ctx) => [
        worker(),
        write('a.ts', small(ctx, 'fg'), T0),
        ...reads(2, 'a.ts'),
        forget('w1', 'a.ts'),
        ...reads(2, 'a.ts'),
        forget('w1'),
        read('a.ts'),
      ],
    },
    {
      id: 'forget-then-continue',
      rules: ['FORGET-RESETS', 'SLICE-CONTINUES'],
      needs: { levers: ['cap'], forget: true },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text } = overCap(ctx.cap, 2.5, 'fc');
        return [worker(), write('b.ts', text, T0), read('b.ts'), forget('w1'), ...reads(2, 'b.ts')];
      },
    },
    {
      id: 'forget-then-diff',
      rules: ['FORGET-RESETS', 'DIFF-BASE-HELD'],
      needs: { levers: ['diff'], forget: true },
      cap: MID,
      unplayable: diffFits,
      events: (ctx) => {
        const a = midFile(ctx, 'fd');
        return [
          worker(),
          ...inTurn(ctx, 'm.ts', [a], 40),
          forget('w1', 'm.ts'),
          write('m.ts', replaceLine(a, 2, 'const edited = 1;'), T0 + 1000),
          read('m.ts'),
        ];
      },
    },
  ],
});
