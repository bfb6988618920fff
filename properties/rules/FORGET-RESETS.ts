/** FORGET-RESETS: after forget(path?), nothing relies on earlier deliveries (derived: blamed through the `no-forget` shadow). */
import { sameKnowledge } from '../oracle/knowledge.ts';
import { noLedger } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'FORGET-RESETS',
  kind: 'truth',
  law: 'After forget(path?), no pointer, continuation or diff relies on earlier deliveries.',
  spec: 'spec/SPEC.md#forget-resets',
  // Only a pointer, continuation or diff can rely on an earlier delivery.
  everyLever: true,
  notApplicable: ({ mode, caps }) => {
    const none = noLedger(mode);
    if (none !== undefined) return none;
    if (caps.hostNeverCompacts) return 'ASSUMED: the adapter declares its host never compacts or rewinds';
    return undefined;
  },
  judge: {
    derived: {
      order: 20,
      checked: (d) => !sameKnowledge(d.shadow('no-forget'), d.known),
      explains: (d, rule) => d.explainedBy(d.shadow('no-forget'), rule),
      why: ' (true only if deliveries before forget() still counted)',
    },
  },
});
