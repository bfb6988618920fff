/** SLICE-CONTINUES: a continuation starts where the worker's prefix of this same content ends. */
import { n, sameBytes } from '../oracle/bytes.ts';
import { describeHeld } from '../oracle/say.ts';
import { always, behind } from './applies.ts';
import { checked, defineRule } from './types.ts';

export default defineRule({
  id: 'SLICE-CONTINUES',
  kind: 'truth',
  law: "A slice that starts past 0 starts where the worker's prefix of this same content ends, never further.",
  spec: 'spec/SPEC.md#slice-continues',
  lever: always('cap'),
  notApplicable: behind('cap'),
  judge: {
    knowledge: {
      order: 30,
      check: ({ claim, contentBytes, known }) => {
        if (claim.kind !== 'slice' || claim.start <= 0) return undefined;
        const held = known?.prefix ?? Buffer.alloc(0);
        if (claim.start > held.length)
          return checked(`continued from byte ${n(claim.start)} but ${describeHeld(known, contentBytes)}`);
        if (!sameBytes(held.subarray(0, claim.start), contentBytes.subarray(0, claim.start)))
          return checked(
            `continued from byte ${n(claim.start)} of the current content, but the worker's bytes 0–${n(claim.start)} are of another version`,
          );
        return checked();
      },
    },
  },
});
