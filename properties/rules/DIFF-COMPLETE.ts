/** DIFF-COMPLETE: a diff, applied strictly to what the worker holds, gives the current content exactly. */
import { n, sameBytes } from '../oracle/bytes.ts';
import { always, diffApplies } from './applies.ts';
import { checked, defineRule } from './types.ts';

export default defineRule({
  id: 'DIFF-COMPLETE',
  kind: 'truth',
  law: 'A diff, applied strictly at its hunk headers to the version the worker holds, gives the current content exactly.',
  spec: 'spec/SPEC.md#diff-complete',
  lever: always('diff'),
  notApplicable: diffApplies,
  judge: {
    backs: ['diff'],
    knowledge: {
      order: 60,
      causes: true,
      // The strict applier: properties/oracle/strict-patch.ts (through the oracle's memo).
      check: ({ claim, contentBytes, known, memo }) => {
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
