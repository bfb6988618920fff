/** ARM-TABLE: each arm switches on exactly the levers of its row (probes of the resolver and of behaviour; every response). */
import { describeMode, leverList } from '../../src/core/levers.ts';
import { hasArmSurface } from '../../src/adapters/capabilities.ts';
import { NO_SURFACE } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'ARM-TABLE',
  kind: 'surface',
  law: 'Each arm switches on exactly the levers of its row in the arm table.',
  spec: 'spec/SPEC.md#arm-table',
  notApplicable: ({ caps }) => (hasArmSurface(caps) ? undefined : NO_SURFACE),
  judge: {
    // A response that uses a lever the mode lacks (a pointer under the diff arm is A2-NO-POINTER's).
    surface: ({ claim, outcome: { response }, mode: m, armSurface, say }, t) => {
      const lv = m.levers;
      const declared =
        m.arm !== undefined ? `arm ${m.arm} has no` : `declared levers [${leverList(lv).join(', ')}], no`;
      if (armSurface) t.check();
      if (!lv.on && claim.kind !== 'verbatim')
        t.fail(
          `${m.arm !== undefined ? 'the off arm' : describeMode(m)} changed a response into ${say(claim, response)}`,
        );
      else if (claim.kind === 'pointer' && m.arm === 'diff') return;
      else if (claim.kind === 'pointer' && !lv.pointer) t.fail(`${declared} pointer lever, but answered a pointer`);
      else if (claim.kind === 'diff' && !lv.diff) t.fail(`${declared} diff lever, but answered a diff`);
      else if (claim.kind === 'delta' && !lv.diff) t.fail(`${declared} diff lever, but answered a change notice`);
      else if (claim.kind === 'slice' && claim.end < claim.total && !lv.cap)
        t.fail(`${declared} cap lever, but answered a partial slice`);
    },
  },
  probes: [
    { file: 'properties/surface/arm-guard.ts', symbol: 'probeArmGuard' },
    { file: 'properties/surface/arm-behaviour.ts', symbol: 'probeArmBehaviour' },
  ],
});
