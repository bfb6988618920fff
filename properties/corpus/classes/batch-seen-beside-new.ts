import { defineLieClass } from '../define.ts';
import { T0, call, forget, read, reads, worker, write } from '../content.ts';
import { TINY, small, smallFiles } from '../helpers.ts';

export default defineLieClass({
  id: 'batch-seen-beside-new',
  words:
    'a batch read in which a file new to the worker (or changed) is answered with a stub because another file of the batch was seen',
  seenInWild:
    'dedup layers behind a batch read tool (`read_many_files`-style: several paths, one call, one combined text) that decide for the whole call — "unchanged" for every file when one of them was seen, or keyed on the call\'s first path, or on a part\'s stat (an edit keeping size and mtime), or on a ledger a compaction or another worker leaves standing: yvgude/lean-ctx reports a stub on a new session\'s first read also inside a batch read of two paths (#808, #1004, #1128, #1804). Each part is judged as its own read of its own file (spec/SPEC.md "Batch reads")',
  cases: [
    // A file new to the worker in a call beside a file it holds: the held one may be a pointer, the new one not.
    {
      id: 'batch-new-beside-seen',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], batch: true },
      cap: TINY,
      events: (ctx) => [
        worker('w1'),
        ...smallFiles(ctx, 'bn', 'a', 'b'),
        ...reads(2, 'a.ts'),
        ...call(1, ['a.ts', 'b.ts']),
        ...call(2, ['b.ts', 'a.ts']),
        read('b.ts'),
      ],
    },
    // A call whose first file is unchanged and whose second was edited, then a call beside a new file.
    {
      id: 'batch-edit-beside-unchanged',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], batch: true },
      cap: TINY,
      events: (ctx) => [
        worker('w1'),
        ...smallFiles(ctx, 'be', 'a', 'b', 'c'),
        ...call(1, ['a.ts', 'b.ts']),
        ...call(2, ['a.ts', 'b.ts']),
        write('b.ts', small(ctx, 'bx-b'), T0 + 1000),
        ...call(3, ['a.ts', 'b.ts']),
        // Edited again, same size and same mtime: a part keyed on the file's stat is "unchanged".
        write('b.ts', small(ctx, 'by-b'), T0 + 1000),
        ...call(4, ['a.ts', 'b.ts']),
        ...call(5, ['a.ts', 'c.ts']),
      ],
    },
    // After a whole-worker compaction, and for a second worker, every file of a call is new again.
    {
      id: 'batch-forget-and-second-worker',
      rules: ['FORGET-RESETS', 'ISOLATION', 'POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], batch: true, forget: true },
      cap: TINY,
      events: (ctx) => [
        worker('w1'),
        ...smallFiles(ctx, 'bf', 'a', 'b'),
        ...call(1, ['a.ts', 'b.ts']),
        ...call(2, ['a.ts', 'b.ts']),
        forget('w1'),
        ...call(3, ['a.ts', 'b.ts']),
        worker('w2'),
        ...call(4, ['b.ts', 'a.ts'], 'w2'),
        ...call(5, ['a.ts', 'b.ts'], 'w2'),
      ],
    },
  ],
  lying: [
    { file: 'examples/designs/batch-ledger.ts', names: ['anySeen', 'firstPath'] },
    { file: 'examples/python/batch_shim.py', names: ['--lie any-seen'] },
  ],
  truthful: [{ file: 'examples/designs/batch-ledger.ts', names: ['combined'], note: 'and its default export' }],
});
