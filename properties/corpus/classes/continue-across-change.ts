import { defineLieClass } from '../define.ts';
import { T0, overCap, read, reads, worker, write } from '../content.ts';
import { TINY, readUntilHeld, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'continue-across-change',
  words: 'continuation across a content change',
  seenInWild: 'continuation offsets kept per path across edits',
  cases: [
    {
      id: 'continue-across-change',
      rules: ['SLICE-CONTINUES', 'DONE-TRUE', 'SLICE-EXACT'],
      needs: { levers: ['cap'] },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text, lineWidth } = overCap(ctx.cap, 2.5, 'cont');
        const changed = `changed-${text}`; // the prefix the worker holds is no longer this file's
        const shrunk = changed.slice(0, Math.max(1, Math.floor(ctx.cap / 2))); // shorter than what was delivered
        return [
          worker(),
          write('b.ts', text, T0),
          read('b.ts'),
          write('b.ts', changed, T0 + 1000),
          ...readUntilHeld(ctx, 'b.ts', changed, lineWidth, 0).slice(0, 2),
          write('b.ts', shrunk, T0 + 2000),
          ...reads(2, 'b.ts'),
        ];
      },
    },
  ],
});
