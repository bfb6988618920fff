import { defineLieClass } from '../define.ts';
import { T0, overCap, worker, write } from '../content.ts';
import { TINY, tooLarge, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'stuck-continuation',
  words: 'a continuation that makes no progress (a short tail re-sent or skipped)',
  seenInWild: 'continuations that re-anchor on the last full window',
  cases: [
    {
      id: 'short-tail',
      rules: ['PROGRESS', 'DONE-TRUE', 'SLICE-CONTINUES'],
      needs: { levers: ['cap'] },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        // Two whole caps and a remainder shorter than one: the tail must come, and come once.
        const text = overCap(ctx.cap, 2, 'tail').text + 'tail';
        return [worker(), write('t.ts', text, T0), ...readUntilHeld(ctx, 't.ts', text, 0, 2)];
      },
    },
  ],
});
