import { defineLieClass } from '../define.ts';
import { fork, read, reads, worker } from '../content.ts';
import { TINY, smallFiles } from '../helpers.ts';

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
        ...smallFiles(ctx, 'fk', 'a', 'b', 'c'),
        ...reads(2, 'a.ts'),
        fork('w1', 'w2'),
        ...reads(2, 'b.ts'),
        ...['a.ts', 'b.ts', 'c.ts'].map((f) => read(f, { worker: 'w2' })),
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
