/** ISOLATION: one worker's deliveries never count for another (derived: blamed through the `global` shadow). */
import { sameKnowledge } from '../oracle/knowledge.ts';
import { noLedger } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'ISOLATION',
  kind: 'truth',
  law: "One worker's deliveries never count for another worker.",
  spec: 'spec/SPEC.md#isolation',
  notApplicable: ({ mode }) => noLedger(mode),
  judge: {
    derived: {
      order: 30,
      checked: (d) => d.workers > 1 && !sameKnowledge(d.shadow('global'), d.known),
      explains: (d, rule) => d.explainedBy(d.shadow('global'), rule),
      why: " (true only if another worker's deliveries counted)",
    },
  },
});
