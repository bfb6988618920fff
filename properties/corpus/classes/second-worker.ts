import { defineLieClass } from '../define.ts';
import { T0, overCap, worker, write, read } from '../content.ts';
import { TINY, tooLarge, small } from '../helpers.ts';

export default defineLieClass({
  id: 'second-worker',
  words: 'a second worker (subagent) reading what the first read',
  seenInWild: 'a module-level or process-wide read cache shared by subagents',
  cases: [
    {
      id: 'second-worker',
      rules: ['ISOLATION', 'FIRST-VERBATIM', 'POINTER-FULL', 'SLICE-CONTINUES'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text } = overCap(ctx.cap, 2.5, 'sw');
        return [
          worker('w1'),
          worker('w2'),
          write('a.ts', small(ctx, 'iso'), T0),
          write('b.ts', text, T0),
          read('a.ts', { worker: 'w1' }),
          read('a.ts', { worker: 'w2' }),
          read('a.ts', { worker: 'w2' }),
          read('b.ts', { worker: 'w1' }),
          read('b.ts', { worker: 'w2' }),
          read('b.ts', { worker: 'w1' }),
        ];
      },
    },
  ],
});
