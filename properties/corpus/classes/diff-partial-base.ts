import { defineLieClass } from '../define.ts';
import { T0, code, read, reads, replaceLine, worker, write } from '../content.ts';
import { diffFits, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'diff-partial-base',
  words: 'a diff against a version the worker only partly holds',
  seenInWild: 'diff against "the last version the tool read" rather than the last version the model was given in full',
  cases: [
    {
      id: 'diff-partial-base',
      rules: ['DIFF-BASE-HELD', 'DIFF-COMPLETE', 'SLICE-CONTINUES'],
      needs: { levers: ['cap', 'diff'] },
      cap: 1024,
      unplayable: (ctx) => diffFits(ctx) ?? tooLarge(ctx),
      events: (ctx) => {
        const a = code(Math.floor(ctx.cap * 2.5), 'dp', 40);
        return [
          worker(),
          write('d.ts', a, T0),
          read('d.ts'),
          write('d.ts', replaceLine(a, 4, 'const edited = 4;'), T0 + 1000),
          ...reads(2, 'd.ts'),
        ];
      },
    },
  ],
});
