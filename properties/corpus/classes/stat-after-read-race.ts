import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit } from '../content.ts';
import { hiddenEdit } from '../families.ts';

export default defineLieClass({
  id: 'stat-after-read-race',
  words: 'stat-after-read race: the file is rewritten (mtime and size kept) right after the tool read it',
  seenInWild: 'the mtime or hash taken from the disk after the bytes were read',
  cases: [
    hiddenEdit({ id: 'race-after-whole-read', tag: 'race', race: true, edits: (a) => [[sameSizeEdit(a), T0]] }),
    hiddenEdit({
      id: 'race-after-partial-read',
      tag: 'rp',
      race: true,
      over: true,
      edits: (t) => [[sameSizeEdit(t, 0), T0]],
    }),
  ],
  lying: [{ file: 'examples/python/stat_after_read_shim.py' }],
});
