import { defineLieClass } from '../define.ts';
import { replaceLine } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { MID, diffFits, midFile } from '../helpers.ts';

export default defineLieClass({
  id: 'diff-cut-to-budget',
  words: 'a diff cut to fit a budget',
  seenInWild: 'diffs truncated to a token budget handed over as if complete',
  cases: [
    heldInTurn(
      {
        id: 'diff-cut-to-budget',
        rules: ['DIFF-COMPLETE', 'CAP-BOUND', 'DIFF-BASE-HELD'],
        needs: { levers: ['diff'] },
        cap: MID,
        unplayable: diffFits,
      },
      {
        path: 'g.ts',
        lineWidth: 40,
        final: true,
        versions: (ctx) => {
          const a = midFile(ctx, 'bud');
          const two = replaceLine(replaceLine(a, 5, 'const two = 2;'), 30, 'const more = 30;');
          // Most lines rewritten: a complete diff is larger than the file; only a cut one would fit.
          const rewritten = two
            .split('\n')
            .map((l, i) => (i % 5 === 4 || l === '' ? l : l.replace('const ', 'let ')))
            .join('\n');
          return [a, two, rewritten];
        },
      },
    ),
  ],
});
