import { callsOf, fn, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'POINTER-IN-CONTENT',
  arm: 'cap',
  rules: ['SLICE-EXACT'],
  breaks:
    "pointerNotice(): the pointer is plain text without the sealed framing, so it arrives as if it were the file's content",
  wild: '"File unchanged since last read" returned as the tool result: the model copies the stub into files',
  lieClasses: ['pointer-in-content'],
  edit(t) {
    const pointer = fn(t.file('reference/notices.ts'), 'pointerNotice');
    replace(only(callsOf(pointer, 'sealPrefix'), 'sealPrefix(seal)', pointer), "'File'");
  },
});
