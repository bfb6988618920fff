import { defineLieClass } from '../define.ts';
import { T0, forget, overCap, read, worker, write } from '../content.ts';
import { TINY, small, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'forget-alias',
  words: 'forget of one path under another spelling',
  seenInWild: 'compaction hooks that pass the path as the transcript spelled it',
  cases: [
    {
      id: 'forget-alias',
      rules: ['FORGET-RESETS', 'POINTER-FULL', 'SLICE-CONTINUES'],
      needs: { anyOf: ['pointer', 'cap'], forget: true },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text } = overCap(ctx.cap, 2.5, 'al');
        return [
          worker(),
          write('src/b.ts', small(ctx, 'alias'), T0),
          read('src/b.ts'),
          forget('w1', './src/b.ts'),
          read('src/b.ts'),
          read('docs/../src/b.ts'),
          forget('w1', 'docs/../src/b.ts'),
          read('./src/b.ts'),
          write('src/c.ts', text, T0),
          read('src/c.ts'),
          forget('w1', './src/c.ts'),
          read('src/c.ts'),
        ];
      },
    },
  ],
});
