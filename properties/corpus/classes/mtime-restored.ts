import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit } from '../content.ts';
import { hiddenEdit } from '../families.ts';

export default defineLieClass({
  id: 'mtime-restored',
  words: 'edit that restores an earlier mtime',
  seenInWild: '`touch -r`, archive extraction, `git checkout` of an older blob with its mtime',
  cases: [
    hiddenEdit({
      id: 'mtime-restored',
      tag: 'rest',
      edits: (a) => [
        [`${a}b\n`, T0 + 60_000],
        [sameSizeEdit(a), T0],
      ],
    }),
  ],
});
