import { defineLieClass } from '../define.ts';
import { overCap } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { TINY, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'stuck-continuation',
  words: 'a continuation that makes no progress (a short tail re-sent or skipped)',
  seenInWild: 'continuations that re-anchor on the last full window',
  cases: [
    heldInTurn(
      {
        id: 'short-tail',
        rules: ['PROGRESS', 'DONE-TRUE', 'SLICE-CONTINUES'],
        needs: { levers: ['cap'] },
        cap: TINY,
        unplayable: tooLarge,
      },
      // Two whole caps and a remainder shorter than one: the tail must come, and come once.
      { path: 't.ts', extra: 2, versions: (ctx) => [overCap(ctx.cap, 2, 'tail').text + 'tail'] },
    ),
  ],
});
