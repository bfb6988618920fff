import { defineLieClass } from '../define.ts';
import { T0, del, read, reads, worker, write } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'cached-not-found',
  words: 'a cached "not found" served after the file appeared',
  seenInWild: 'a remembered ENOENT after the agent created the file',
  cases: [
    {
      id: 'not-found-then-created',
      rules: ['REFUSAL-TRUE', 'PASSTHROUGH', 'FIRST-VERBATIM'],
      needs: {},
      cap: TINY,
      events: (ctx) => [
        worker(),
        read('n.ts'),
        write('n.ts', small(ctx, 'new'), T0),
        ...reads(2, 'n.ts'),
        del('n.ts'),
        read('n.ts'),
        write('n.ts', small(ctx, 'again'), T0 + 1000),
        read('n.ts'),
      ],
    },
    {
      id: 'repeated-failure',
      rules: ['PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
      needs: {},
      cap: TINY,
      // A pointer to the failure the worker was last given is true (SPEC.md "A repeated failure"); once the file exists it is not.
      events: (ctx) => [worker(), ...reads(3, 'r.ts'), write('r.ts', small(ctx, 'rep'), T0), ...reads(2, 'r.ts')],
    },
  ],
});
