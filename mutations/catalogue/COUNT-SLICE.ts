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
    const capped = only(
      callsOf(respond, 'count').filter((c) => {
        const kind = c.getArguments()[0];
        return kind !== undefined && Node.isStringLiteral(kind) && kind.getLiteralValue() === 'capped';
      }),
      "count('capped', …)",
      respond,
    );
    replace(capped.getArguments()[1]!, 'end - start');
  },
});
