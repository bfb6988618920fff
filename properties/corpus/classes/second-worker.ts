import { defineLieClass } from '../define.ts';
import { T0, overCap, read, worker, write } from '../content.ts';
import { TINY, small, tooLarge } from '../helpers.ts';

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
        const by = (path: string, ...workers: string[]) => workers.map((w) => read(path, { worker: w }));
        return [
          worker('w1'),
          worker('w2'),
          write('a.ts', small(ctx, 'iso'), T0),
          write('b.ts', text, T0),
          ...by('a.ts', 'w1', 'w2', 'w2'),
          ...by('b.ts', 'w1', 'w2', 'w1'),
        ];
      },
    },
  ],
});
