import { replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { pointerIf } from '../targets.ts';

export default defineMutant({
  id: 'PATH-ONLY',
  arm: 'cap',
  rules: ['POINTER-FULL'],
  breaks: 'respond(): any re-read of a request key the ledger has seen answers the pointer',
  wild: 'read dedup keyed on the path alone ("you already read this file")',
  lieClasses: ['pointer-in-content'],
  edit(t) {
    replace(pointerIf(t).getExpression(), 'arm.pointer && entry !== undefined');
  },
});
