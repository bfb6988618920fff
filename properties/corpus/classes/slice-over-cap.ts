import { defineLieClass } from '../define.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import { T0, worker, write } from '../content.ts';
import { TINY, tooLarge, readUntilHeld } from '../helpers.ts';

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
      events: (ctx) => {
        const out: TraceEvent[] = [worker()];
        for (const [i, d] of [-1, 0, 1].entries()) {
          const text = 'x'.repeat(ctx.cap + d);
          out.push(write(`c${i}.ts`, text, T0 + i), ...readUntilHeld(ctx, `c${i}.ts`, text, 0, 0));
        }
        return out;
      },
    },
  ],
});
