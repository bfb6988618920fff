import { callsOf, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'DIFF-BUDGET-CAP',
  arm: 'diff',
  rules: ['CAP-BOUND'],
  breaks: 'respond(): the diff budget is the cap, not the size of the re-delivery it replaces',
  wild: 'diff shipped whenever it is "small enough" by a fixed limit, even when it is larger than the file it replaces',
  lieClasses: ['diff-larger-than-file'],
  edit(t) {
    const respond = respondOf(t);
    const call = only(callsOf(respond, 'diffResponse'), 'diffResponse(...)', respond);
    const args = call.getArguments();
    replace(args[args.length - 1]!, 'cap');
  },
});
