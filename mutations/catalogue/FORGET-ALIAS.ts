import { callsOf, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { shimMethod } from '../targets.ts';

export default defineMutant({
  id: 'FORGET-ALIAS',
  arm: 'cap',
  rules: ['FORGET-RESETS'],
  breaks: "forget(path): the path is not normalised, so forget('./src/b.ts') leaves the entries of src/b.ts in place",
  wild: 'compaction hooks that pass the path as the transcript spelled it (./x, d/../x) to a cache keyed on resolved paths',
  lieClasses: ['forget-alias'],
  edit(t) {
    const forget = shimMethod(t, 'forget');
    const norm = only(callsOf(forget, 'normalizePath'), 'normalizePath(path)', forget);
    replace(norm, norm.getArguments()[0]!.getText());
  },
});
