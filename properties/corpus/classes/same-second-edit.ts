import { defineLieClass } from '../define.ts';
import { T0, worker, write, read } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'same-second-edit',
  words: 'edit within the same second',
  seenInWild: 'caches keyed on an mtime of whole seconds (coarse file-system clocks, `stat` in seconds)',
  cases: [
    {
      id: 'same-second-edit',
      rules: ['POINTER-FULL', 'SLICE-EXACT'],
      needs: { levers: ['pointer'] },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'sec');
        return [
          worker(),
          write('a.ts', a, T0),
          read('a.ts'),
          read('a.ts'),
          write('a.ts', `${a.slice(0, -1)}x\n`, T0 + 7),
          read('a.ts'),
          read('a.ts'),
        ];
      },
    },
  ],
  lying: [{ file: 'test/fixtures/naive-shims.ts', fixture: true, names: ['path-second'] }],
});
