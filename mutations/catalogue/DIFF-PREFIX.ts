import { MutantEditError, callsOf, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

/** Ships as many whole lines of the unbounded diff as fit the budget (at least its hunk header). */
const PREFIX = (
  call: string,
  budget: string,
): string => `((whole: string | undefined, room: number): string | undefined => {
        if (whole === undefined || Buffer.byteLength(whole) <= room) return whole;
        let cut = '';
        for (const line of whole.split(/(?<=\\n)/)) {
          if (Buffer.byteLength(cut + line) > room) break;
          cut += line;
        }
        return cut.split('\\n').length > 4 ? cut : undefined;
      })(${call}, ${budget})`;

export default defineMutant({
  id: 'DIFF-PREFIX',
  arm: 'all',
  rules: ['DIFF-COMPLETE'],
  breaks: 'respond(): the diff is built without a budget and cut to the bytes that fit, so a prefix of it ships',
  wild: 'diffs truncated to a token budget ("…diff truncated") handed over as if complete',
  lieClasses: ['diff-cut-to-budget'],
  edit(t) {
    const respond = respondOf(t);
    const call = only(callsOf(respond, 'diffResponse'), 'diffResponse(...)', respond);
    const args = call.getArguments().map((x) => x.getText());
    const budget = args.pop();
    if (budget === undefined) throw new MutantEditError('diffResponse has no budget argument');
    const unbounded = `${call.getExpression().getText()}(${[...args, 'Number.MAX_SAFE_INTEGER'].join(', ')})`;
    replace(call, PREFIX(unbounded, budget));
  },
});
