/** STALE-NO-RECORD: a stale line-range serve is never recorded as delivery (derived: blamed after a stale serve). */
import { defineRule } from './types.ts';

export default defineRule({
  id: 'STALE-NO-RECORD',
  kind: 'truth',
  law: 'A stale line-range serve is never recorded as delivery.',
  spec: 'spec/SPEC.md#stale-no-record',
  notApplicable: ({ mode, caps }) => {
    if (!caps.staleServe) return 'the adapter declares no stale serve';
    return mode.levers.cap ? undefined : 'the stale serve runs only under a capping arm';
  },
  judge: {
    derived: {
      order: 10,
      checked: (d) => d.staleLast,
      explains: (d) => d.relies && d.staleLast,
      why: ' (the last event for this worker and path was a stale serve)',
    },
  },
});
