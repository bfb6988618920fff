import { defineLieClass } from '../define.ts';
import { T0, worker, writeBytes, image } from '../content.ts';
import { MID, base64, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'image-as-first',
  words:
    'two different images (same size, same header) and the second answered as the first (a cache keyed on what the images share)',
  seenInWild:
    'anthropics/claude-code #47940: the Read tool rendered the first pasted image for every later image of its cache, though the files differed in hash and size; an image cache keyed on the header, the dimensions or the name shows the first image (or says "unchanged") for the second',
  cases: [
    {
      id: 'two-images-same-size',
      rules: ['FIRST-VERBATIM', 'SLICE-EXACT', 'POINTER-FULL'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], binary: 'readable' },
      cap: MID,
      // Two images of one size and one header, read one after the other: a cache keyed on what they
      // share serves the first for the second (its bytes, or "unchanged").
      events: (ctx) => {
        const a = image(96, 1);
        const b = image(96, 2);
        return [
          worker(),
          writeBytes('shots/1.png', a, T0),
          writeBytes('shots/2.png', b, T0),
          ...readUntilHeld(ctx, 'shots/1.png', base64(a), 0, 1),
          ...readUntilHeld(ctx, 'shots/2.png', base64(b), 0, 1),
        ];
      },
    },
  ],
  lying: [
    {
      file: 'examples/designs/binary-ledger.ts',
      names: ['image-head'],
      note: 'behind `tool.binary` bytes and base64 (killed)',
    },
    { file: 'examples/python/binary_shim.py', names: ['--lie image-head'] },
  ],
  truthful: [{ file: 'examples/designs/binary-ledger.ts', note: '(its default export)' }],
});
