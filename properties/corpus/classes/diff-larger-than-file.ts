import { defineLieClass } from '../define.ts';
import { T0, lines, read, replaceLine, worker, write } from '../content.ts';
import { MID, diffFits } from '../helpers.ts';

export default defineLieClass({
  id: 'diff-larger-than-file',
  words: 'a diff larger than the re-delivery it replaces',
  seenInWild: 'a diff shipped whenever it is "small enough" by a fixed limit',
  cases: [
    {
      id: 'diff-larger-than-file',
      rules: ['CAP-BOUND'],
      needs: { levers: ['diff'] },
      cap: MID,
      unplayable: diffFits,
      events: () => {
        const a = lines(4, 'tiny file');
        return [
          worker(),
          write('k.ts', a, T0),
          read('k.ts'),
          write('k.ts', replaceLine(a, 1, 'tiny file line two, edited'), T0 + 1000),
          read('k.ts'),
        ];
      },
    },
  ],
});
