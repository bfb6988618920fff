import { defineLieClass } from '../define.ts';
import { T0, replaceLine, worker, write, read } from '../content.ts';
import { MID, diffFits, midFile, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'diff-cut-to-budget',
  words: 'a diff cut to fit a budget',
  seenInWild: 'diffs truncated to a token budget handed over as if complete',
  cases: [
    {
      id: 'diff-cut-to-budget',
      rules: ['DIFF-COMPLETE', 'CAP-BOUND', 'DIFF-BASE-HELD'],
      needs: { levers: ['diff'] },
      cap: MID,
      unplayable: diffFits,
      events: (ctx) => {
        const a = midFile(ctx, 'bud');
        const two = replaceLine(replaceLine(a, 5, 'const two = 2;'), 30, 'const more = 30;');
        // Most lines rewritten: a complete diff is larger than the file; only a cut one would fit.
        const rewritten = two
          .split('\n')
          .map((l, i) => (i % 5 === 4 || l === '' ? l : l.replace('const ', 'let ')))
          .join('\n');
        const held = (text: string) => readUntilHeld(ctx, 'g.ts', text, 40, 0);
        return [
          worker(),
          write('g.ts', a, T0),
          ...held(a),
          write('g.ts', two, T0 + 1000),
          ...held(two),
          write('g.ts', rewritten, T0 + 2000),
          ...held(rewritten),
          read('g.ts'),
        ];
      },
    },
  ],
});
