import { defineLieClass } from '../define.ts';
import { lines, replaceLine } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { MID, TINY, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'crlf',
  words: 'CRLF line endings',
  seenInWild: 'line splitting on `\\r` or `\\n` alone; slices cut between `\\r` and `\\n`',
  cases: [
    heldInTurn(
      {
        id: 'crlf-diff',
        rules: ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'SLICE-EXACT'],
        needs: { anyOf: ['pointer', 'cap', 'diff'] },
        cap: MID,
      },
      {
        path: 'w.ts',
        lineWidth: 22,
        final: true,
        versions: (ctx) => {
          const a = lines(Math.max(3, Math.min(120, Math.floor((ctx.cap - 200) / 20))), 'crlf', '\r\n');
          return [a, replaceLine(a, 1, 'crlf line two, edited')];
        },
      },
    ),
    heldInTurn(
      {
        id: 'crlf-slices',
        rules: ['SLICE-EXACT', 'PROGRESS', 'SLICE-CONTINUES', 'UTF8-WHOLE'],
        needs: { levers: ['cap'] },
        cap: TINY,
        unplayable: tooLarge,
      },
      {
        path: 'r.ts',
        extra: 1,
        // Lines of 4 bytes ("ab\r\n"): some cut falls between \r and \n.
        versions: ({ cap }) => [{ text: 'ab\r\n'.repeat(Math.ceil((cap * 2.5) / 4)), lineWidth: Math.min(4, cap) }],
      },
    ),
  ],
});
