import { defineLieClass } from '../define.ts';
import { T0, sameSizeEdit, overCap, worker, write, read } from '../content.ts';
import { TINY, tooLarge, small, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'stat-after-read-race',
  words: 'stat-after-read race: the file is rewritten (mtime and size kept) right after the tool read it',
  seenInWild: 'the mtime or hash taken from the disk after the bytes were read',
  cases: [
    {
      id: 'race-after-whole-read',
      rules: ['POINTER-FULL'],
      needs: { levers: ['pointer'], races: true },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'race');
        return [
          worker(),
          write('a.ts', a, T0),
          read('a.ts', { race: { content: sameSizeEdit(a), mtimeMs: T0 } }),
          read('a.ts'),
          read('a.ts'),
        ];
      },
    },
    {
      id: 'race-after-partial-read',
      rules: ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'],
      needs: { levers: ['cap'], races: true },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text, lineWidth } = overCap(ctx.cap, 2.5, 'rp');
        const raced = sameSizeEdit(text, 0);
        return [
          worker(),
          write('b.ts', text, T0),
          read('b.ts', { race: { content: raced, mtimeMs: T0 } }),
          ...readUntilHeld(ctx, 'b.ts', raced, lineWidth, 1),
        ];
      },
    },
  ],
  lying: [{ file: 'examples/python/stat_after_read_shim.py' }],
});
