/** DIFF-COMPLETE: a diff, applied strictly to what the worker holds, gives the current content exactly. */
import { n, sameBytes } from '../oracle/bytes.ts';
import { always, diffApplies } from './applies.ts';
import { checked, defineRule } from './types.ts';
import type { DeltaClaim } from '../../src/core/claims.ts';
import type { Known, OracleMemo } from '../oracle/knowledge.ts';
import type { Checked } from '../oracle/context.ts';

/** Spec 2.2 (spec/SPEC.md "Change notices"): a change notice applied to what the worker holds gives the content. */
function deltaComplete(claim: DeltaClaim, content: Buffer, known: Known | undefined, memo: OracleMemo): Checked {
  const r = memo.delta(known, claim);
  if (!r.ok) return checked(`the change notice does not apply to what the worker holds: ${r.reason}`);
  const got = memo.utf8(r.text);
  if (!sameBytes(got, content))
    return checked(
      `the change notice applied to what the worker holds gives ${n(got.length)} bytes that are not the current ${n(content.length)}-byte content`,
    );
  if (claim.total !== undefined && claim.total.value !== content.length)
    return checked(`the change notice says the result is ${n(claim.total.value)} bytes; it is ${n(content.length)}`);
  return checked();
}

export default defineRule({
  id: 'DIFF-COMPLETE',
  kind: 'truth',
  law: 'A diff, applied strictly at its hunk headers to the version the worker holds, gives the current content exactly.',
  spec: 'spec/SPEC.md#diff-complete',
  lever: always('diff'),
  notApplicable: diffApplies,
  judge: {
    backs: ['diff', 'delta'],
    knowledge: {
      order: 60,
      causes: true,
      // The strict applier: properties/oracle/strict-patch.ts (through the oracle's memo).
      check: ({ claim, contentBytes, known, memo }) => {
        if (claim.kind === 'delta') return deltaComplete(claim, contentBytes, known, memo);
        if (claim.kind !== 'diff') return undefined;
        const r = memo.patched(known, claim.patch, claim.lines);
        if (!r.ok) return checked(`the diff does not apply strictly to what the worker holds: ${r.reason}`);
        if (!sameBytes(memo.utf8(r.text), contentBytes) || claim.total !== contentBytes.length)
          return checked(
            `the diff applied to what the worker holds gives ${n(memo.utf8(r.text).length)} bytes that are not the current ${n(contentBytes.length)}-byte content`,
          );
        return checked();
      },
    },
  },
});
