import { Node, SyntaxKind } from 'ts-morph';
import { MutantEditError, init, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'SLICE-SHIFT',
  arm: 'all',
  rules: ['SLICE-EXACT'],
  breaks: 'respond(): the payload is cut one byte after the range the notice states',
  wild: 'off-by-one between the byte range a notice announces and the bytes actually sent',
  edit(t) {
    const payload = init(respondOf(t), 'payload');
    const cut = only(
      payload
        .getDescendantsOfKind(SyntaxKind.CallExpression)
        .filter(
          (c) =>
            Node.isPropertyAccessExpression(c.getExpression()) &&
            c.getExpression().getLastChildByKind(SyntaxKind.Identifier)?.getText() === 'subarray',
        ),
      "the payload's .subarray(start, end)",
      payload,
    );
    const [from, to] = cut.getArguments().map((x) => x.getText());
    if (from === undefined || to === undefined) throw new MutantEditError('subarray has no (start, end)');
    replace(cut, `${cut.getExpression().getText()}(${from} + 1, ${to} + 1)`);
  },
});
