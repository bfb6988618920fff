/** UTF8-WHOLE: slices start and end on UTF-8 code-point boundaries. */
import { isBoundary, n } from '../oracle/bytes.ts';
import { always, behind } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'UTF8-WHOLE',
  kind: 'truth',
  law: 'Slices start and end on UTF-8 code-point boundaries.',
  spec: 'spec/SPEC.md#utf8-whole',
  lever: always('cap'),
  notApplicable: behind('cap'),
  judge: {
    // Any shim's slices are judged; they count as checks only where the cap lever is in force.
    exactness: ({ claim, contentBytes, capOn }, t) => {
      if (claim.kind !== 'slice') return;
      if (capOn) t.check();
      if (
        claim.end <= contentBytes.length &&
        (!isBoundary(contentBytes, claim.start) || !isBoundary(contentBytes, claim.end))
      )
        t.fail(
          `the slice ${n(claim.start)}–${n(claim.end)} cuts a multi-byte UTF-8 sequence at byte ${n(isBoundary(contentBytes, claim.start) ? claim.end : claim.start)}`,
        );
    },
  },
});
