import { defineLieClass, type CaseSpec } from '../define.ts';
import { T0, forget, read, reads, symlink, worker, write } from '../content.ts';
import { TINY, small } from '../helpers.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';

/** a.ts, `tag`'s text, and its link l.ts, then `then`: reads and forgets under either name. */
const linked = (id: string, tag: string, then: () => TraceEvent[]): CaseSpec => ({
  id,
  rules: ['FORGET-RESETS', 'POINTER-FULL'],
  needs: { anyOf: ['pointer', 'cap'], forget: true, links: true },
  cap: TINY,
  events: (ctx) => [worker(), write('a.ts', small(ctx, tag), T0), symlink('l.ts', 'a.ts', T0), ...then()],
});

export default defineLieClass({
  id: 'forget-other-name',
  words:
    'a forget under another name of the file (a link, or the other case on a case-insensitive host): a forget removes what was delivered under its name',
  seenInWild:
    'compaction hooks that drop the entry under the spelling they were given, or under the link\'s target; spec 2.2: a forget removes what was delivered under its name (resolved, case folded where declared, links not followed), so a pointer to a.ts after forget("l.ts") is true and one to l.ts after a forget of the only name it was read by is a lie',
  cases: [
    {
      id: 'forget-other-case',
      rules: ['FORGET-RESETS', 'POINTER-FULL'],
      needs: { anyOf: ['pointer', 'cap'], forget: true, caseInsensitive: true },
      cap: TINY,
      events: (ctx) => [
        worker(),
        write('A.ts', small(ctx, 'fo'), T0),
        ...reads(2, 'A.ts'),
        forget('w1', 'a.ts'),
        read('A.ts'),
        read('a.ts'),
        forget('w1', 'A.TS'),
        read('a.ts'),
      ],
    },
    // Spec 2.2 "Knowledge": a forget removes what was delivered under its name, not under the file's other names.
    // A pointer to a.ts after forget("l.ts") is true (a.ts delivered it under its own name); after
    // forget("a.ts") too, nothing is held: a pointer to l.ts is a lie.
    linked('forget-link-name', 'fl', () => [
      read('a.ts'),
      read('l.ts'),
      forget('w1', 'l.ts'),
      ...reads(2, 'a.ts'),
      forget('w1', 'a.ts'),
      read('l.ts'),
    ]),
    // Read only through l.ts → a.ts: forget("l.ts") forgets the file (a ledger keyed on the target's name keeps it).
    linked('forget-link-only-name', 'fo', () => [
      ...reads(2, 'l.ts'),
      forget('w1', 'l.ts'),
      read('l.ts'),
      read('a.ts'),
    ]),
  ],
  lying: [
    { file: 'examples/designs/host-identity.ts', names: ['forget-spelling'] },
    { file: 'examples/python/host_identity_shim.py', names: ['--lie forget-spelling'] },
    { file: 'examples/designs/name-ledger.ts', names: ['forgetByTarget'] },
  ],
  truthful: [{ file: 'examples/designs/name-ledger.ts', note: '(its default export)' }],
});
