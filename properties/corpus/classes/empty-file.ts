import { defineLieClass } from '../define.ts';
import { T0, read, reads, worker, write } from '../content.ts';
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
      // Empty at the first read, then a file truncated to empty.
      events: (ctx) => [
        worker(),
        write('e.ts', '', T0),
        ...reads(2, 'e.ts'),
        write('f.ts', small(ctx, 'full'), T0),
        read('f.ts'),
        write('f.ts', '', T0 + 1000),
        ...reads(2, 'f.ts'),
      ],
    },
  ],
});
