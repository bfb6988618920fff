import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit, worker, write, read } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'edit-keeps-mtime-and-size',
  words: 'edit that keeps the mtime and the size',
  seenInWild: '"quick checks" on mtime + size (rsync-style)',
  cases: [
    {
      id: 'edit-keeps-mtime-and-size',
      rules: ['POINTER-FULL'],
      needs: { levers: ['pointer'] },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'size');
        return [
          worker(),
          write('a.ts', a, T0),
          read('a.ts'),
          write('a.ts', sameSizeEdit(a), T0),
          read('a.ts'),
          read('a.ts'),
        ];
      },
    },
  ],
});
