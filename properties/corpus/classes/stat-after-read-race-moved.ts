import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit } from '../content.ts';
import { hiddenEdit } from '../families.ts';

export default defineLieClass({
  id: 'stat-after-read-race-moved',
  words: 'stat-after-read race with a new mtime: the file is rewritten (mtime moved) right after the tool read it',
  seenInWild:
    'the same, told apart from mtime keying: an mtime stat taken before the read sees this rewrite on the next read, a version taken from the disk after the read does not (`race-moves-mtime` moves the size too, `race-moves-mtime-partial` keeps it)',
  cases: [
    // The rewrite moves the mtime (and the size): a shim keyed on the mtime it stats before the read
    // re-delivers; one that records the disk after the read still lies (the mechanism, not the mtime).
    hiddenEdit({
      id: 'race-moves-mtime',
      tag: 'mv',
      race: true,
      edits: (a) => [[`${sameSizeEdit(a).slice(0, -2)}\n`, T0 + 5000]],
    }),
    hiddenEdit({
      id: 'race-moves-mtime-partial',
      tag: 'mp',
      race: true,
      over: true,
      edits: (t) => [[sameSizeEdit(t, 0), T0 + 5000]],
    }),
  ],
  lying: [{ file: 'examples/python/stat_after_read_shim.py' }],
  truthful: [{ file: 'examples/python/mtime_shim.py', note: '(keyed on the mtime alone, it passes these cases)' }],
});
