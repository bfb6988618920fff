import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit, overCap, worker, write, read } from '../content.ts';
import { TINY, tooLarge, small, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'edit-keeps-mtime',
  words: 'edit that keeps the mtime',
  seenInWild: 'dedup keyed on path + mtime; tools that restore the mtime after a write',
  cases: [
    {
      id: 'edit-keeps-mtime',
      rules: ['POINTER-FULL'],
      needs: { levers: ['pointer'] },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'keep');
        const b = a.length > 3 ? a.slice(0, -2) + '\n' : `${a}y\n`;
        return [worker(), write('a.ts', a, T0), read('a.ts'), write('a.ts', b, T0), read('a.ts'), read('a.ts')];
      },
    },
    {
      id: 'edit-keeps-mtime-partial',
      rules: ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'],
      needs: { levers: ['cap'] },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text, lineWidth } = overCap(ctx.cap, 2.5, 'kp');
        const changed = sameSizeEdit(text, 0).replace(/^./, 'Z') + 'more';
        return [
          worker(),
          write('b.ts', text, T0),
          read('b.ts'),
          write('b.ts', changed, T0),
          ...readUntilHeld(ctx, 'b.ts', changed, lineWidth, 1),
        ];
      },
    },
  ],
  lying: [{ file: 'examples/python/mtime_shim.py' }],
});
