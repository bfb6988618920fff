import { defineLieClass } from '../define.ts';
import { T0, worker, write, read } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'empty-file',
  words: 'empty file (a first read, a file truncated to empty)',
  seenInWild: '`0 >= 0` with no explicit same-content check: "unchanged" to the first read of an empty file',
  cases: [
    {
      id: 'empty-file',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM', 'SLICE-EXACT'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: TINY,
      events: (ctx) => [
        worker(),
        write('e.ts', '', T0),
        read('e.ts'),
        read('e.ts'),
        write('f.ts', small(ctx, 'full'), T0),
        read('f.ts'),
        write('f.ts', '', T0 + 1000),
        read('f.ts'),
        read('f.ts'),
      ],
    },
  ],
});
