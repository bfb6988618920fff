import { defineLieClass } from '../define.ts';
import { forget, read, reads, resume, worker } from '../content.ts';
import { TINY, smallFiles } from '../helpers.ts';

export default defineLieClass({
  id: 'resume-stale-ledger',
  words:
    'a resumed session with a ledger that outlived the transcript (reloaded from disk as it was before a compaction)',
  seenInWild:
    'records persisted to disk as an append-only log of deliveries that a compaction never reaches, reloaded when the session resumes in a new process: "unchanged" for a file the compacted transcript no longer holds (a shim that lost its record on resume only re-sends, which is true)',
  cases: [
    // A resume keeps the transcript (a pointer to a.ts is true after the first); after a compaction
    // and a second resume, a ledger reloaded as it was before the compaction claims too much.
    {
      id: 'resume-after-compaction',
      rules: ['FORGET-RESETS', 'POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], forget: true, sessions: 'resume' },
      cap: TINY,
      events: (ctx) => [
        worker(),
        ...smallFiles(ctx, 'rs', 'a', 'b'),
        ...reads(2, 'a.ts'),
        resume(),
        read('a.ts'),
        forget('w1'),
        read('b.ts'),
        resume(),
        read('a.ts'),
        ...reads(2, 'b.ts'),
      ],
    },
  ],
  lying: [
    { file: 'examples/designs/session-ledger.ts', names: ['staleLedger'] },
    { file: 'examples/python/session_shim.py', names: ['--stale-ledger'] },
  ],
});
