import { defineLieClass } from '../define.ts';
import { T0, replaceLine } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { MID, midFile } from '../helpers.ts';

export default defineLieClass({
  id: 'aba',
  words: 'A→B→A content',
  seenInWild: 'caches that remember every version\'s hash ("seen this content before")',
  cases: [
    heldInTurn(
      {
        id: 'a-b-a',
        rules: ['POINTER-FULL', 'DIFF-COMPLETE', 'DIFF-BASE-HELD', 'FIRST-VERBATIM'],
        needs: { anyOf: ['pointer', 'diff'] },
        cap: MID,
      },
      {
        path: 'm.ts',
        lineWidth: 40,
        final: true,
        versions: (ctx) => {
          const a = midFile(ctx, 'aba');
          return [a, replaceLine(a, 3, 'const changed = "B";'), { text: a, mtimeMs: T0 }];
        },
      },
    ),
  ],
});
