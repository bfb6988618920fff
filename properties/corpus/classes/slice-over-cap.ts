import { defineLieClass } from '../define.ts';
import { T0, worker } from '../content.ts';
import { TINY, inTurn, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'slice-over-cap',
  words: 'a slice over the cap (a file of cap − 1, cap, cap + 1 bytes)',
  seenInWild: 'inclusive ends (`<= cap`), caps counted in characters',
  cases: [
    {
      id: 'around-the-cap',
      rules: ['CAP-BOUND', 'DONE-TRUE', 'SLICE-EXACT', 'FIRST-VERBATIM', 'UTF8-WHOLE'],
      needs: { levers: ['cap'] },
      cap: TINY,
      unplayable: tooLarge,
      // Files of cap − 1, cap and cap + 1 bytes.
      events: (ctx) => [
        worker(),
        ...[-1, 0, 1].flatMap((d, i) => inTurn(ctx, `c${i}.ts`, [{ text: 'x'.repeat(ctx.cap + d), mtimeMs: T0 + i }])),
      ],
    },
  ],
});
