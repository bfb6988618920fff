/** NOTICE-SEALED: every notice and the persona line carry the shim instance's seal. */
import { defineRule } from './types.ts';

export default defineRule({
  id: 'NOTICE-SEALED',
  kind: 'surface',
  law: "Every notice and the persona line carry the shim instance's seal.",
  spec: 'spec/SPEC.md#notice-sealed',
  notApplicable: ({ caps }) => (caps.seal ? undefined : 'the adapter declares its notices carry no seal'),
  judge: {
    // Host framing around a verbatim payload is the host's, not a notice of the shim.
    surface: ({ claim, framing, caps, seal }, t) => {
      if (!caps.seal || claim.kind === 'verbatim') return;
      t.check();
      if (!framing.includes(seal)) t.fail(`a ${claim.kind} notice without the instance seal ${seal}`);
    },
    staleSurface: ({ framing, caps, seal }, t) => {
      if (!caps.seal) return;
      t.check();
      if (!framing.includes(seal)) t.fail(`a stale-serve notice without the instance seal ${seal}`);
    },
  },
  probes: [{ file: 'properties/surface/persona.ts', symbol: 'probePersona' }],
});
