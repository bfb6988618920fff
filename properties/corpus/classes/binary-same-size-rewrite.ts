import { defineLieClass } from '../define.ts';
import { T0, worker, writeBytes, image } from '../content.ts';
import { MID, base64, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'binary-same-size-rewrite',
  words: 'a binary file rewritten in the same second with the same size (a binary keyed on its stat, not its bytes)',
  seenInWild:
    'dedup that hashes text but keys a binary (too large or too costly to hash) on its stat: an mtime in whole seconds and a size, as rsync-style quick checks do; a regenerated image or PDF of the same size in the same second is "unchanged" (and, keyed on the exact mtime, one rewritten under the very same mtime)',
  cases: [
    {
      id: 'binary-rewrite-same-second',
      rules: ['POINTER-FULL', 'SLICE-CONTINUES', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], binary: 'readable' },
      cap: MID,
      // Rewritten 7 ms later, the same size: a binary keyed on its stat (whole seconds, size) is
      // "unchanged"; rewritten again under the very same mtime: so is one keyed on the exact mtime.
      events: (ctx) => {
        const a = image(96, 3);
        const b = image(96, 4);
        const c = image(96, 6);
        return [
          worker(),
          writeBytes('img.png', a, T0 + 100),
          ...readUntilHeld(ctx, 'img.png', base64(a), 0, 1),
          writeBytes('img.png', b, T0 + 107),
          ...readUntilHeld(ctx, 'img.png', base64(b), 0, 1),
          writeBytes('img.png', c, T0 + 107),
          ...readUntilHeld(ctx, 'img.png', base64(c), 0, 1),
        ];
      },
    },
  ],
  lying: [
    { file: 'examples/designs/binary-ledger.ts', names: ['stat-binary'], note: '(killed)' },
    { file: 'examples/python/binary_shim.py', names: ['--lie stat-binary'] },
  ],
});
