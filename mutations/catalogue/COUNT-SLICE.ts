import { Node } from 'ts-morph';
import { callsOf, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'COUNT-SLICE',
  arm: 'all',
  rules: ['COUNT-EXACT'],
  breaks: 'respond(): a capped slice counts the bytes it sent as withheld, not the bytes it held back',
  wild: 'savings counters estimated from what was sent, so dashboards report savings the shim never made',
  edit(t) {
    const respond = respondOf(t);
    // The capped slice's count: withhold(total - end) (the pointer's is withhold(total)).
    const capped = only(
      callsOf(respond, 'withhold').filter((c) => {
        const arg = c.getArguments()[0];
        return arg !== undefined && Node.isBinaryExpression(arg) && arg.getText() === 'total - end';
      }),
      'withhold(total - end)',
      respond,
    );
    replace(capped.getArguments()[0]!, 'end - start');
  },
});
