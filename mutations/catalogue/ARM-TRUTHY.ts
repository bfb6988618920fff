import { SyntaxKind } from 'ts-morph';
import { fn, only } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'ARM-TRUTHY',
  arm: 'all',
  rules: ['ARM-GUARD'],
  breaks:
    "resolveArm(): an unknown flag that is truthy ('diff ', 'Diff', 1, 'true', …) resolves to A3 instead of throwing",
  wild: 'arm flags coerced by truthiness: the run silently uses every lever while the record says another arm',
  edit(t) {
    const resolve = fn(t.file('reference/arms.ts'), 'resolveArm');
    const thrown = only(
      resolve.getStatements().filter((s) => s.getKind() === SyntaxKind.ThrowStatement),
      'the final throw',
      resolve,
    );
    resolve.insertStatements(thrown.getChildIndex(), 'if (flag) return ARM_ALL;');
  },
});
