/** PERSONA-TRUTH: the persona line describes exactly the levers the arm carries (judged by a surface probe). */
import { defineRule } from './types.ts';

export default defineRule({
  id: 'PERSONA-TRUTH',
  kind: 'surface',
  law: 'The persona line describes exactly the levers the arm carries.',
  spec: 'spec/SPEC.md#persona-truth',
  notApplicable: ({ caps }) =>
    caps.persona && caps.arms !== undefined ? undefined : 'the adapter exposes no persona (surface.persona)',
  judge: {},
  probes: [{ file: 'properties/surface/persona.ts', symbol: 'probePersona' }],
});
