/** FIRST-VERBATIM: a first read that fits under the cap returns the tool's text untouched. */
import { n } from '../oracle/bytes.ts';
import { applies } from './applies.ts';
import { checked, defineRule } from './types.ts';

export default defineRule({
  id: 'FIRST-VERBATIM',
  kind: 'surface',
  law: "A first read that fits under the cap returns the tool's text untouched.",
  spec: 'spec/SPEC.md#first-verbatim',
  notApplicable: applies,
  judge: {
    knowledge: {
      order: 10,
      // A whole re-delivery that a shadow holding another version explains is the shadow's rule.
      blamedWhenFresh: true,
      check: ({ claim, contentBytes, known, cap, capOn, say }) =>
        known !== undefined || (capOn && contentBytes.length > cap)
          ? undefined
          : checked(
              claim.kind === 'verbatim'
                ? undefined
                : `a first read of a ${n(contentBytes.length)}-byte file${capOn ? ` (under the ${n(cap)}-byte cap)` : ''} was answered ${say(claim)}, not with the tool's text untouched`,
            ),
    },
  },
});
