import { defineLieClass } from '../define.ts';
import { T0, worker, fork, write, read } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'fork-after-fork-read',
  words:
    'a pointer in a forked subagent to what its parent read after the fork (a ledger shared, not copied, at the fork)',
  seenInWild:
    'dedup layers behind a host that forks subagents with the parent\'s transcript, whose fork keeps using the parent\'s record instead of a copy taken at the fork: "unchanged" in the fork for a file only the parent read since (spec/SPEC.md "Forks and resumed sessions"; a pointer to what the parent held at the fork is true)',
  cases: [
    // Forks and resumed sessions (spec/SPEC.md "Forks and resumed sessions"): a fork holds what its
    // parent held at the fork — a pointer to a.ts is true in w2 — and nothing the parent read after it.
    {
      id: 'fork-then-parent-reads',
      rules: ['ISOLATION', 'POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], sessions: 'fork' },
      cap: TINY,
      events: (ctx) => [
        worker('w1'),
        write('a.ts', small(ctx, 'fk-a'), T0),
        write('b.ts', small(ctx, 'fk-b'), T0),
        write('c.ts', small(ctx, 'fk-c'), T0),
        read('a.ts'),
        read('a.ts'),
        fork('w1', 'w2'),
        read('b.ts'),
        read('b.ts'),
        read('a.ts', { worker: 'w2' }),
        read('b.ts', { worker: 'w2' }),
        read('c.ts', { worker: 'w2' }),
        read('c.ts', { worker: 'w1' }),
        read('a.ts'),
      ],
    },
  ],
  lying: [
    { file: 'examples/designs/session-ledger.ts', names: ['forkShared'] },
    { file: 'examples/python/session_shim.py', names: ['--fork-shared'] },
  ],
  truthful: [{ file: 'examples/designs/session-ledger.ts', names: ['memoryOnly'], note: 'and its default export' }],
});
