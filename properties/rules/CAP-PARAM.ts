/** CAP-PARAM: the cap is an integer >= 4; anything else is a RangeError (judged by a surface probe). */
import { defineRule } from './types.ts';

export default defineRule({
  id: 'CAP-PARAM',
  kind: 'surface',
  law: 'The cap is an integer >= 4; anything else is a RangeError naming the domain.',
  spec: 'spec/SPEC.md#cap-param',
  notApplicable: ({ caps }) => {
    if (caps.cap !== undefined) return `the adapter has a fixed cap of ${caps.cap} bytes, not a cap parameter`;
    return caps.capParam ? undefined : 'the adapter takes no cap parameter';
  },
  judge: {},
  probes: [{ file: 'properties/surface/cap-param.ts', symbol: 'probeCapParam' }],
});
