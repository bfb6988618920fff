import { defineLieClass } from '../define.ts';
import { T0, overCap, worker, write } from '../content.ts';
import { TINY, tooLarge, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'partial-then-pointer',
  words: 'partial read, then "unchanged" (the pointer that hides the unsent tail)',
  seenInWild:
    'dedup keyed on path + content hash: 250 lies on the measured corpus, a worker holding 24,576 of 105,426 bytes told "unchanged"',
  cases: [
    {
      id: 'partial-then-pointer',
      rules: ['POINTER-FULL', 'SLICE-CONTINUES', 'DONE-TRUE', 'PROGRESS', 'SLICE-EXACT', 'CAP-BOUND', 'NOTICE-SEALED'],
      needs: { levers: ['cap', 'pointer'] },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text, lineWidth } = overCap(ctx.cap, 2.5, 'part');
        return [worker(), write('big.ts', text, T0), ...readUntilHeld(ctx, 'big.ts', text, lineWidth, 2)];
      },
    },
  ],
});
