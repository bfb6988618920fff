import { defineLieClass } from '../define.ts';
import { T0, image } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { MID } from '../helpers.ts';

export default defineLieClass({
  id: 'binary-same-size-rewrite',
  words: 'a binary file rewritten in the same second with the same size (a binary keyed on its stat, not its bytes)',
  seenInWild:
    'dedup that hashes text but keys a binary (too large or too costly to hash) on its stat: an mtime in whole seconds and a size, as rsync-style quick checks do; a regenerated image or PDF of the same size in the same second is "unchanged" (and, keyed on the exact mtime, one rewritten under the very same mtime)',
  cases: [
    heldInTurn(
      {
        id: 'binary-rewrite-same-second',
        rules: ['POINTER-FULL', 'SLICE-CONTINUES', 'FIRST-VERBATIM'],
        needs: { anyOf: ['pointer', 'cap', 'diff'], binary: 'readable' },
        cap: MID,
      },
      // Rewritten 7 ms later, the same size: a binary keyed on its stat (whole seconds, size) is
      // "unchanged"; rewritten again under the very same mtime: so is one keyed on the exact mtime.
      {
        path: 'img.png',
        extra: 1,
        versions: () => [
          { text: image(96, 3), mtimeMs: T0 + 100 },
          { text: image(96, 4), mtimeMs: T0 + 107 },
          { text: image(96, 6), mtimeMs: T0 + 107 },
        ],
      },
    ),
  ],
  lying: [
    { file: 'examples/designs/binary-ledger.ts', names: ['stat-binary'], note: '(killed)' },
    { file: 'examples/python/binary_shim.py', names: ['--lie stat-binary'] },
  ],
});
