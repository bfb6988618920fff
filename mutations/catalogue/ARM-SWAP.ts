import { Node, SyntaxKind } from 'ts-morph';
import { fn, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'ARM-SWAP',
  arm: 'cap',
  rules: ['ARM-TABLE'],
  breaks: "resolveArm(): 'cap' resolves to the diff arm's levers",
  wild: 'an arm table edited by hand with two rows swapped: the cap arm runs without cap or pointer',
  edit(t) {
    const resolve = fn(t.file('reference/arms.ts'), 'resolveArm');
    const ret = only(
      resolve.getDescendantsOfKind(SyntaxKind.ReturnStatement).filter((r) => {
        const e = r.getExpression();
        return e !== undefined && Node.isIdentifier(e) && e.getText() === 'ARM_CAP';
      }),
      'return ARM_CAP',
      resolve,
    );
    replace(ret.getExpressionOrThrow(), 'ARM_DIFF');
  },
});
