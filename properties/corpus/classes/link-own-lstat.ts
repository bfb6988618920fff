import { defineLieClass } from '../define.ts';
import { T0, del, hardlink, read, reads, sameSizeEdit, symlink, worker, write } from '../content.ts';
import { MID, TINY, diffFits, midFile, small } from '../helpers.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';

/** l.ts linked to a.ts, then retargeted to b.ts under the same mtime: each read twice. */
const retarget = (): TraceEvent[] => [
  symlink('l.ts', 'a.ts', T0),
  ...reads(2, 'l.ts'),
  symlink('l.ts', 'b.ts', T0),
  ...reads(2, 'l.ts'),
];

export default defineLieClass({
  id: 'link-own-lstat',
  words:
    "a symlink judged by its own lstat (an edit of the target, or a retarget to a file of the same size and mtime, keeps the link's mtime)",
  seenInWild:
    "caches keyed on what `lstat` says of the name (qwen-code keys its read cache on the device and inode of the file for this reason); spec 2.2: a pointer or diff across a retarget is judged against what the name showed, so one keyed on the file's stat calls a retarget to other bytes unchanged",
  cases: [
    {
      id: 'symlink-target-edit',
      rules: ['POINTER-FULL', 'DIFF-BASE-HELD', 'DIFF-COMPLETE'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], links: true },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'ln');
        return [
          worker(),
          write('src/a.ts', a, T0),
          symlink('src/l.ts', 'a.ts', T0 + 500),
          ...reads(2, 'src/l.ts'),
          // The target changes; the link's own lstat (mtime, size) does not.
          write('src/a.ts', sameSizeEdit(a), T0 + 1000),
          ...reads(2, 'src/l.ts'),
          // A second name of the same file: what the worker holds of it, it holds under both.
          hardlink('h.ts', 'src/a.ts'),
          read('h.ts'),
          write('h.ts', a, T0 + 2000),
          read('src/l.ts'),
        ];
      },
    },
    {
      id: 'symlink-retarget',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], links: true },
      cap: TINY,
      events: (ctx) => {
        const a = small(ctx, 'rt');
        // Same size, same mtime, other bytes: only the content (or the inode) tells the files apart.
        const b = sameSizeEdit(a);
        return [
          worker(),
          write('a.ts', a, T0),
          // The worker holds an older b.ts: what the retargeted link shows is not what it holds.
          write('b.ts', sameSizeEdit(b), T0 - 1000),
          read('b.ts'),
          write('b.ts', b, T0),
          ...retarget(),
          del('l.ts'),
          read('l.ts'),
          read('b.ts'),
        ];
      },
    },
    {
      // A diff across a retarget is against what the name showed; a stat that did not move says nothing.
      id: 'retarget-diff',
      rules: ['POINTER-FULL', 'DIFF-BASE-HELD', 'DIFF-COMPLETE'],
      needs: { anyOf: ['pointer', 'diff'], links: true },
      cap: MID,
      unplayable: diffFits,
      events: (ctx) => {
        const a = midFile(ctx, 'rd');
        return [worker(), write('a.ts', a, T0), write('b.ts', sameSizeEdit(a, 7), T0), ...retarget()];
      },
    },
  ],
  lying: [
    { file: 'examples/designs/host-identity.ts', names: ['own-lstat'] },
    { file: 'examples/python/host_identity_shim.py', names: ['--lie own-lstat'] },
    { file: 'examples/designs/name-ledger.ts', names: ['statKeyed'] },
  ],
  truthful: [{ file: 'examples/designs/name-ledger.ts', note: '(its default export)' }],
});
