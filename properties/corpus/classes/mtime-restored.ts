import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit, worker, write, read } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'mtime-restored',
  words: 'edit that restores an earlier mtime',
  seenInWild: '`touch -r`, archive extraction, `git checkout` of an older blob with its mtime',
  cases: [
    {
      id: 'mtime-restored',
      rules: ['POINTER-FULL'],
      needs: { levers: ['pointer'] },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'rest');
        return [
          worker(),
          write('a.ts', a, T0),
          read('a.ts'),
          write('a.ts', `${a}b\n`, T0 + 60_000),
          write('a.ts', sameSizeEdit(a), T0),
          read('a.ts'),
          read('a.ts'),
        ];
      },
    },
  ],
});
