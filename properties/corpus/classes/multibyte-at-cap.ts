import { defineLieClass } from '../define.ts';
import { straddling } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { TINY, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'multibyte-at-cap',
  words: 'multi-byte characters straddling the cap',
  seenInWild: '`buf.subarray(0, cap)`: a split sequence decodes to U+FFFD on both sides',
  cases: [
    heldInTurn(
      {
        id: 'multibyte-at-cap',
        rules: ['UTF8-WHOLE', 'PROGRESS', 'SLICE-CONTINUES', 'CAP-BOUND', 'SLICE-EXACT'],
        needs: { levers: ['cap'] },
        cap: TINY,
        unplayable: tooLarge,
      },
      {
        path: 'u.ts',
        extra: 1,
        // A 4-, 3- and 2-byte character across the first three multiples of the cap, 1–3 bytes before each.
        versions: ({ cap: c }) => [
          straddling(3 * c + 5, [
            { offset: c, width: 4, back: 1 },
            { offset: 2 * c, width: 3, back: 2 },
            { offset: 3 * c, width: 2, back: 1 },
          ]),
        ],
      },
    ),
    heldInTurn(
      {
        id: 'lone-surrogate-at-cap',
        rules: ['UTF8-WHOLE', 'SLICE-EXACT', 'CAP-BOUND'],
        needs: { levers: ['cap'] },
        cap: TINY,
        unplayable: tooLarge,
      },
      // A lone surrogate reaches the worker as U+FFFD (3 bytes on the wire), right across the cap.
      {
        path: 's.ts',
        versions: ({ cap }) => [`${'s'.repeat(Math.max(0, cap - 2))}\uD800${'s'.repeat(cap)}`],
      },
    ),
  ],
});
