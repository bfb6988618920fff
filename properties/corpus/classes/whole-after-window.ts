import { defineLieClass } from '../define.ts';
import { T0, lines, read, reads, worker, write } from '../content.ts';
import { MID, wide } from '../helpers.ts';

export default defineLieClass({
  id: 'whole-after-window',
  words: 'a whole read answered after only a window was read',
  seenInWild:
    "a window's delivery recorded as the file's (spec 2.2: a window that showed every line the whole read shows covers it)",
  cases: [
    {
      // v.ts: a window of lines 1–3 does not back the whole file (a lie). x.ts: a window wider than the
      // file showed every line the whole read shows, so a pointer after it is true (spec 2.2 "Knowledge").
      id: 'whole-after-window',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { levers: ['pointer'], windows: true },
      cap: MID,
      events: (ctx) => {
        const text = lines(6, 'part');
        return [
          worker(),
          write('v.ts', text, T0),
          read('v.ts', { args: { offset: 1, limit: 3 } }),
          read('v.ts'),
          write('x.ts', text, T0),
          read('x.ts', { args: { offset: 1, limit: wide(ctx) } }),
          ...reads(2, 'x.ts'),
        ];
      },
    },
  ],
});
