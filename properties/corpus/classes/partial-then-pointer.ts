import { defineLieClass } from '../define.ts';
import { overCap } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { TINY, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'partial-then-pointer',
  words: 'partial read, then "unchanged" (the pointer that hides the unsent tail)',
  seenInWild:
    'dedup keyed on path + content hash: 250 lies on the measured corpus, a worker holding 24,576 of 105,426 bytes told "unchanged"',
  cases: [
    heldInTurn(
      {
        id: 'partial-then-pointer',
        rules: [
          'POINTER-FULL',
          'SLICE-CONTINUES',
          'DONE-TRUE',
          'PROGRESS',
          'SLICE-EXACT',
          'CAP-BOUND',
          'NOTICE-SEALED',
        ],
        needs: { levers: ['cap', 'pointer'] },
        cap: TINY,
        unplayable: tooLarge,
      },
      { path: 'big.ts', extra: 2, versions: (ctx) => [overCap(ctx.cap, 2.5, 'part')] },
    ),
  ],
});
