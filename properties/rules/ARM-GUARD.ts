/** ARM-GUARD: an arm flag outside the legal spellings throws a TypeError naming them (judged by a surface probe). */
import { hasArmSurface } from '../../src/adapters/capabilities.ts';
import { NO_SURFACE } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'ARM-GUARD',
  kind: 'surface',
  law: "An arm flag outside false/undefined/'cap'/'diff'/true throws a TypeError naming the legal spellings.",
  spec: 'spec/SPEC.md#arm-guard',
  notApplicable: ({ caps }) =>
    hasArmSurface(caps)
      ? undefined
      : caps.arms === undefined
        ? NO_SURFACE
        : 'the adapter exposes no arm resolver (surface.resolveArm)',
  judge: {},
  probes: [{ file: 'properties/surface/arm-guard.ts', symbol: 'probeArmGuard' }],
});
