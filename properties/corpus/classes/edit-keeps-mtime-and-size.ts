import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit } from '../content.ts';
import { hiddenEdit } from '../families.ts';

export default defineLieClass({
  id: 'edit-keeps-mtime-and-size',
  words: 'edit that keeps the mtime and the size',
  seenInWild: '"quick checks" on mtime + size (rsync-style)',
  cases: [hiddenEdit({ id: 'edit-keeps-mtime-and-size', tag: 'size', edits: (a) => [[sameSizeEdit(a), T0]] })],
});
