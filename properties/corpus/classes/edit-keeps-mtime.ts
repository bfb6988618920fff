import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit } from '../content.ts';
import { hiddenEdit } from '../families.ts';

export default defineLieClass({
  id: 'edit-keeps-mtime',
  words: 'edit that keeps the mtime',
  seenInWild: 'dedup keyed on path + mtime; tools that restore the mtime after a write',
  cases: [
    hiddenEdit({
      id: 'edit-keeps-mtime',
      tag: 'keep',
      edits: (a) => [[a.length > 3 ? a.slice(0, -2) + '\n' : `${a}y\n`, T0]],
    }),
    hiddenEdit({
      id: 'edit-keeps-mtime-partial',
      tag: 'kp',
      over: true,
      edits: (text) => [[sameSizeEdit(text, 0).replace(/^./, 'Z') + 'more', T0]],
    }),
  ],
  lying: [{ file: 'examples/python/mtime_shim.py' }],
});
