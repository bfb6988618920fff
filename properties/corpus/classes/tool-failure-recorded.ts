import { defineLieClass } from '../define.ts';
import { T0, overCap, worker, write, read } from '../content.ts';
import { TINY, tooLarge, small } from '../helpers.ts';

export default defineLieClass({
  id: 'tool-failure-recorded',
  words: 'injected tool failure then re-read (a read recorded when requested, not delivered)',
  seenInWild: 'ledgers written before the tool returns; wrappers that turn an exception into text',
  cases: [
    {
      id: 'tool-failure-then-reread',
      rules: ['PASSTHROUGH', 'REFUSAL-TRUE', 'POINTER-FULL', 'SLICE-CONTINUES'],
      needs: { toolFailures: true },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        const { text } = overCap(ctx.cap, 2.5, 'tf');
        return [
          worker(),
          write('a.ts', small(ctx, 'fail'), T0),
          read('a.ts', { fail: 'EIO' }),
          read('a.ts'),
          read('a.ts'),
          write('b.ts', text, T0),
          read('b.ts'),
          read('b.ts', { fail: 'EIO' }),
          read('b.ts'),
          read('b.ts'),
        ];
      },
    },
  ],
});
