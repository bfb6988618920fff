import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit, overCap, worker, write, read } from '../content.ts';
import { TINY, tooLarge, small, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'stat-after-read-race-moved',
  words: 'stat-after-read race with a new mtime: the file is rewritten (mtime moved) right after the tool read it',
  seenInWild:
    'the same, told apart from mtime keying: an mtime stat taken before the read sees this rewrite on the next read, a version taken from the disk after the read does not (`race-moves-mtime` moves the size too, `race-moves-mtime-partial` keeps it)',
  cases: [
    // The rewrite moves the mtime (and the size): a shim keyed on the mtime it stats before the read
    // re-delivers; one that records the disk after the read still lies (the mechanism, not the mtime).
    {
      id: 'race-moves-mtime',
      rules: ['POINTER-FULL'],
      needs: { levers: ['pointer'], races: true },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'mv');
        return [
          worker(),
          write('a.ts', a, T0),
          read('a.ts', { race: { content: `${sameSizeEdit(a).slice(0, -2)}\n`, mtimeMs: T0 + 5000 } }),
          read('a.ts'),
          read('a.ts'),
        ];
      },
    },
    {
      id: 'race-moves-mtime-partial',
      rules: ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'],
      needs: { levers: ['cap'], races: true },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text, lineWidth } = overCap(ctx.cap, 2.5, 'mp');
        const raced = sameSizeEdit(text, 0);
        return [
          worker(),
          write('b.ts', text, T0),
          read('b.ts', { race: { content: raced, mtimeMs: T0 + 5000 } }),
          ...readUntilHeld(ctx, 'b.ts', raced, lineWidth, 1),
        ];
      },
    },
  ],
  lying: [{ file: 'examples/python/stat_after_read_shim.py' }],
  truthful: [{ file: 'examples/python/mtime_shim.py', note: '(keyed on the mtime alone, it passes these cases)' }],
});
