/** CAP-BOUND: a slice carries at most cap bytes; a diff is never larger than the re-delivery it replaces. */
import { offersDiff } from '../../src/adapters/capabilities.ts';
import { n, sameBytes } from '../oracle/bytes.ts';
import { lacks } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'CAP-BOUND',
  kind: 'truth',
  law: 'A slice carries at most cap bytes; a diff response is never larger than the re-delivery it replaces.',
  spec: 'spec/SPEC.md#cap-bound',
  // Without the cap lever, CAP-BOUND judges only diffs: the diff lever stands behind it.
  lever: (mode) => (mode.levers.cap ? undefined : 'diff'),
  notApplicable: ({ mode, caps }) =>
    mode.levers.cap || (mode.levers.diff && offersDiff(caps)) ? undefined : lacks(mode, 'cap'),
  judge: {
    // Any shim's slices are judged; they count as checks only where the cap lever is in force.
    exactness: ({ claim, text, contentBytes, cap, capOn, memo }, t) => {
      if (claim.kind === 'verbatim') {
        if (capOn) t.check();
        if (contentBytes.length > cap && capOn && sameBytes(memo.utf8(claim.payload ?? text), contentBytes))
          t.fail(`the whole ${n(contentBytes.length)}-byte file was sent under a ${n(cap)}-byte cap`);
      } else if (claim.kind === 'slice') {
        const P = memo.utf8(claim.payload);
        if (capOn) t.check();
        if (P.length > cap && (capOn || claim.end < claim.total))
          t.fail(`a slice of ${n(P.length)} bytes under a ${n(cap)}-byte cap`);
      } else if (claim.kind === 'diff' || claim.kind === 'delta') {
        const size = memo.utf8(text).length;
        const limit = capOn ? Math.min(cap, contentBytes.length) : contentBytes.length;
        t.check();
        if (size > limit)
          t.fail(
            `a ${n(size)}-byte ${claim.kind === 'diff' ? 'diff' : 'change notice'} response replaces a re-delivery of at most ${n(limit)} bytes`,
          );
      }
    },
  },
});
