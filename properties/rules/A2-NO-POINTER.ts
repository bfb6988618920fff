/** A2-NO-POINTER: the diff arm never answers a pointer; it re-delivers unchanged re-reads. */
import { declaredArms, hasArmSurface } from '../../src/adapters/capabilities.ts';
import { holds } from '../oracle/knowledge.ts';
import { NO_SURFACE } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'A2-NO-POINTER',
  kind: 'surface',
  law: 'The diff arm never answers a pointer; it re-delivers unchanged re-reads.',
  spec: 'spec/SPEC.md#a2-no-pointer',
  notApplicable: ({ caps }) => {
    if (!hasArmSurface(caps)) return NO_SURFACE;
    return declaredArms(caps).includes('diff') ? undefined : 'the adapter declares no diff arm';
  },
  judge: {
    // Checked where a backed claim meets a file the worker holds in full (a pointer would be true there).
    surface: ({ claim, mode, backed, known, contentBytes }, t) => {
      if (mode.arm !== 'diff') return;
      if (backed && holds(known, contentBytes)) t.check();
      if (mode.levers.on && claim.kind === 'pointer')
        t.fail('the diff arm answered "unchanged, you hold it" instead of re-delivering');
    },
  },
  probes: [{ file: 'properties/surface/arm-behaviour.ts', symbol: 'probeArmBehaviour' }],
});
