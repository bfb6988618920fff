import { Node } from 'ts-morph';
import { dropConjunct } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { pointerIf } from '../targets.ts';

export default defineMutant({
  id: 'EMPTY-POINTER',
  arm: 'cap',
  rules: ['POINTER-FULL'],
  breaks:
    'respond(): the explicit same-content check before the pointer is dropped, so `0 >= 0` points at an empty file never seen',
  wild: 'the original shim: "unchanged, you hold it" for the first read of an empty file and for a file just truncated to empty',
  lieClasses: ['empty-file'],
  edit(t) {
    dropConjunct(pointerIf(t).getExpression(), (n) => Node.isIdentifier(n) && n.getText() === 'same', 'same');
  },
});
