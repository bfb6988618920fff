import { defineLieClass } from '../define.ts';
import { code, image } from '../content.ts';
import { refusedThenReadable } from '../families.ts';
import { TINY } from '../helpers.ts';

export default defineLieClass({
  id: 'refused-binary-recorded',
  words:
    'a refused binary read recorded as a delivery, then "unchanged" when the file became readable (mtime and size kept)',
  seenInWild:
    'hooks that record at PreToolUse behind a host that refuses binary files (gemini-cli\'s read_file by extension, tools that refuse a file that is not text): the refusal becomes "already in context" once the file is readable text',
  cases: [
    // Refused as binary, then rewritten as text of the same size under the same mtime: a shim that
    // recorded the refused read says "already in context" to a worker that never got a byte.
    refusedThenReadable(
      {
        id: 'refused-binary-then-text',
        rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
        needs: { binary: 'refuse' },
        cap: TINY,
      },
      { path: 'doc.pdf', files: () => [image(48, 5), { text: code(48, 'pdf', 12), lineWidth: 12 }] },
    ),
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
