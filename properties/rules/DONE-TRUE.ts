/** DONE-TRUE: "you now hold all of it" only when the worker then holds the whole current content. */
import { n } from '../oracle/bytes.ts';
import { holds } from '../oracle/knowledge.ts';
import { describeHeld } from '../oracle/say.ts';
import { always, behind } from './applies.ts';
import { checked, defineRule } from './types.ts';

export default defineRule({
  id: 'DONE-TRUE',
  kind: 'truth',
  law: '"You now hold all of it" is said only when the worker then holds the whole current content.',
  spec: 'spec/SPEC.md#done-true',
  lever: always('cap'),
  notApplicable: behind('cap'),
  judge: {
    knowledge: {
      order: 40,
      check: ({ claim, response, content, contentBytes, known, memo }) => {
        if (claim.kind !== 'slice' || !claim.done) return undefined;
        const after = memo.afterClaim(known, claim, response.text, content);
        const k2 = after === 'keep' ? known : after;
        return checked(
          holds(k2, contentBytes)
            ? undefined
            : `said "you now hold all ${n(claim.total)} bytes" but afterwards ${describeHeld(k2, contentBytes)}`,
        );
      },
    },
  },
});
