/** SLICE-EXACT: a slice (or the tool's text) carries exactly the bytes it says, of the content's true size. */
import { n, sameBytes } from '../oracle/bytes.ts';
import { applies } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'SLICE-EXACT',
  kind: 'truth',
  law: 'A slice carries exactly the bytes start..end of the current content and states its true total.',
  spec: 'spec/SPEC.md#slice-exact',
  notApplicable: applies,
  judge: {
    backs: ['slice', 'verbatim'],
    exactness: ({ claim, text, contentBytes, backed, memo }, t) => {
      if (claim.kind === 'verbatim') {
        t.check();
        const shown = memo.utf8(claim.payload ?? text);
        if (backed && !sameBytes(shown, contentBytes))
          t.fail(
            `a response passed off as the tool's text (${n(shown.length)} bytes) is not what the tool returned (${n(contentBytes.length)} bytes)`,
          );
        return;
      }
      if (claim.kind !== 'slice') return;
      const P = memo.utf8(claim.payload);
      t.check();
      if (claim.total !== contentBytes.length)
        t.fail(`claimed the file is ${n(claim.total)} bytes; it is ${n(contentBytes.length)}`);
      else if (claim.end > contentBytes.length)
        t.fail(`claimed bytes ${n(claim.start)}–${n(claim.end)} of a ${n(contentBytes.length)}-byte file`);
      else if (P.length !== claim.end - claim.start || !sameBytes(P, contentBytes.subarray(claim.start, claim.end)))
        t.fail(
          `said bytes ${n(claim.start)}–${n(claim.end)} but the ${n(P.length)} payload bytes are not those bytes of the file`,
        );
    },
  },
});
