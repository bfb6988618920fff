import { defineLieClass } from '../define.ts';
import { T0, code, worker, write, writeBytes, image, read } from '../content.ts';
import { TINY, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'refused-binary-recorded',
  words:
    'a refused binary read recorded as a delivery, then "unchanged" when the file became readable (mtime and size kept)',
  seenInWild:
    'hooks that record at PreToolUse behind a host that refuses binary files (gemini-cli\'s read_file by extension, tools that refuse a file that is not text): the refusal becomes "already in context" once the file is readable text',
  cases: [
    {
      id: 'refused-binary-then-text',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
      needs: { binary: 'refuse' },
      cap: TINY,
      // Refused as binary, then rewritten as text of the same size under the same mtime: a shim that
      // recorded the refused read says "already in context" to a worker that never got a byte.
      events: (ctx) => {
        const text = code(48, 'pdf', 12);
        return [
          worker(),
          writeBytes('doc.pdf', image(48, 5), T0),
          read('doc.pdf'),
          read('doc.pdf'),
          write('doc.pdf', text, T0),
          ...readUntilHeld(ctx, 'doc.pdf', text, 12, 1),
        ];
      },
    },
  ],
  lying: [
    {
      file: 'examples/designs/binary-ledger.ts',
      names: ['record-refused'],
      note: 'behind `tool.binary` refuse (killed)',
    },
    { file: 'examples/python/binary_shim.py', names: ['--lie record-refused'] },
  ],
});
