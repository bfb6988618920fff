/** DIFF-BASE-HELD: a diff is only ever against a version the worker holds in full. */
import { describeHeld } from '../oracle/say.ts';
import { always, diffApplies } from './applies.ts';
import { checked, defineRule } from './types.ts';

export default defineRule({
  id: 'DIFF-BASE-HELD',
  kind: 'truth',
  law: 'A diff or change notice is only ever against a version the worker holds in full.',
  spec: 'spec/SPEC.md#diff-base-held',
  lever: always('diff'),
  notApplicable: diffApplies,
  judge: {
    knowledge: {
      order: 50,
      causes: true,
      check: ({ claim, contentBytes, known }) =>
        claim.kind !== 'diff' && claim.kind !== 'delta'
          ? undefined
          : checked(
              known === undefined || known.prefix.length !== known.total
                ? `sent a ${claim.kind === 'diff' ? 'diff' : 'change notice'} but ${describeHeld(known, contentBytes)} of the version it is against`
                : undefined,
            ),
    },
  },
});
