import { ifReturning } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'FIRST-NOTICE',
  arm: 'cap',
  rules: ['FIRST-VERBATIM'],
  breaks:
    "respond(): the early return of the tool's untouched text for a first read under the cap is removed, so it gets a notice",
  wild: 'wrappers that always frame the result ("[file: …] …"), so tools and models see text the file does not hold',
  lieClasses: ['framed-first-read'],
  edit(t) {
    ifReturning(respondOf(t), 'text').remove();
  },
});
