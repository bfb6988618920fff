import { Node, SyntaxKind } from 'ts-morph';
import { fn, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'ZERO-PROGRESS',
  arm: 'cap',
  rules: ['CAP-PARAM'],
  breaks: 'checkCap(): caps 1–3 are accepted, where a 4-byte sequence makes a slice that advances zero bytes',
  wild: 'caps validated as "positive" only; a 1-byte cap on emoji text loops forever',
  edit(t) {
    const check = fn(t.file('reference/shim.ts'), 'checkCap');
    const four = only(
      check
        .getDescendantsOfKind(SyntaxKind.BinaryExpression)
        .filter(
          (b) =>
            b.getOperatorToken().getKind() === SyntaxKind.LessThanToken &&
            Node.isNumericLiteral(b.getRight()) &&
            b.getRight().getText() === '4',
        ),
      'cap < 4',
      check,
    );
    replace(four.getRight(), '1');
  },
});
