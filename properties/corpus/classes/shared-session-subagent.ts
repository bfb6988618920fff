import { defineLieClass } from '../define.ts';
import { fork, read, reads, worker } from '../content.ts';
import { TINY, smallFiles } from '../helpers.ts';

export default defineLieClass({
  id: 'shared-session-subagent',
  words:
    "a subagent under its parent's session id answered from the parent's record (a session-keyed shim sees one worker)",
  seenInWild:
    "hooks that key their record on the host's session id, behind a host whose subagents run under their parent's: a subagent that starts with an empty transcript told \"already read\" for its parent's files",
  cases: [
    {
      id: 'subagent-shares-session',
      rules: ['ISOLATION', 'POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], sessions: 'sharedSession' },
      cap: TINY,
      events: (ctx) => [
        worker('w1'),
        ...smallFiles(ctx, 'ss', 'a'),
        ...reads(2, 'a.ts'),
        fork('w1', 'w2', 'fresh-shared-session'),
        ...reads(2, 'a.ts', 'w2'),
        read('a.ts'),
      ],
    },
  ],
  lying: [
    { file: 'examples/designs/session-ledger.ts', names: ['sessionKeyed'] },
    { file: 'examples/python/session_shim.py', names: ['--session-keyed'] },
  ],
});
