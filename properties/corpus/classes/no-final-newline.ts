import { defineLieClass } from '../define.ts';
import { heldInTurn } from '../families.ts';
import { MID, midFile } from '../helpers.ts';

export default defineLieClass({
  id: 'no-final-newline',
  words: 'no final newline',
  seenInWild: 'diffs that drop or add the last newline (`\\ No newline at end of file`)',
  cases: [
    heldInTurn(
      {
        id: 'no-final-newline',
        rules: ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'SLICE-EXACT', 'FIRST-VERBATIM'],
        needs: { anyOf: ['pointer', 'cap', 'diff'] },
        cap: MID,
      },
      {
        path: 'n.ts',
        lineWidth: 40,
        final: true,
        versions: (ctx) => {
          const a = midFile(ctx, 'nl').slice(0, -1);
          const b = `${a} // edited`;
          return [a, b, `${b}\nlast line, no newline`];
        },
      },
    ),
  ],
});
