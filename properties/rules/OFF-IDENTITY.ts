/** OFF-IDENTITY: the off arm returns the very same tool object (judged by a surface probe). */
import { declaredArms } from '../../src/adapters/capabilities.ts';
import { NO_SURFACE } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'OFF-IDENTITY',
  kind: 'surface',
  law: 'The off arm returns the very same tool object with the same execute.',
  spec: 'spec/SPEC.md#off-identity',
  notApplicable: ({ caps }) => {
    if (!declaredArms(caps).includes('off'))
      return caps.arms === undefined ? NO_SURFACE : 'the adapter declares no off arm';
    return caps.wrapTool ? undefined : 'the adapter exposes no tool wrapping (surface.wrapTool)';
  },
  judge: {},
  probes: [{ file: 'properties/surface/off-identity.ts', symbol: 'probeOffIdentity' }],
});
