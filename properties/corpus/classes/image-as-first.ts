import { defineLieClass } from '../define.ts';
import { T0, image, worker, writeBytes } from '../content.ts';
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
        const shots = [image(96, 1), image(96, 2)];
        return [
          worker(),
          ...shots.map((bytes, i) => writeBytes(`shots/${i + 1}.png`, bytes, T0)),
          ...shots.flatMap((bytes, i) => readUntilHeld(ctx, `shots/${i + 1}.png`, base64(bytes), 0, 1)),
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
