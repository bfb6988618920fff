import { defineLieClass } from '../define.ts';
import { T0, reads, worker, write } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'cross-session',
  words: 'a cache that outlives its session (the same reads in a new session)',
  seenInWild: 'read caches on disk or in a long-lived server that survive a new conversation',
  cases: [
    {
      id: 'new-session',
      rules: ['FIRST-VERBATIM', 'POINTER-FULL'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: TINY,
      sessions: 2,
      events: (ctx) => [worker(), write('a.ts', small(ctx, 'sess'), T0), ...reads(2, 'a.ts')],
    },
  ],
});
