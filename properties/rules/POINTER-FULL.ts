/** POINTER-FULL: "unchanged, you hold it" only when the worker holds the current content in full. */
import { n } from '../oracle/bytes.ts';
import { holds } from '../oracle/knowledge.ts';
import { describeHeld } from '../oracle/say.ts';
import { always, behind } from './applies.ts';
import { checked, defineRule } from './types.ts';

export default defineRule({
  id: 'POINTER-FULL',
  kind: 'truth',
  law: 'An "unchanged, you hold it" answer is given only when the worker holds the current content in full.',
  spec: 'spec/SPEC.md#pointer-full',
  lever: always('pointer'),
  notApplicable: behind('pointer'),
  judge: {
    knowledge: {
      order: 20,
      check: ({ claim, contentBytes, known }) =>
        claim.kind !== 'pointer'
          ? undefined
          : checked(
              !holds(known, contentBytes) || claim.total !== contentBytes.length
                ? `said "unchanged, you hold all ${n(claim.total)} bytes" but ${describeHeld(known, contentBytes)}${claim.total !== contentBytes.length && holds(known, contentBytes) ? ` (the file is ${n(contentBytes.length)} bytes)` : ''}`
                : undefined,
            ),
    },
  },
});
