import { Node, SyntaxKind } from 'ts-morph';
import { fn, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'PERSONA-LIES',
  arm: 'diff',
  rules: ['PERSONA-TRUTH'],
  breaks:
    "personaFor(): the cap line is added whenever the diff lever is on, so the diff arm's persona speaks of a cap",
  wild: 'one persona text for every arm, describing machinery the arm does not carry',
  edit(t) {
    const persona = fn(t.file('reference/notices.ts'), 'personaFor');
    const ifCap = only(
      persona
        .getDescendantsOfKind(SyntaxKind.IfStatement)
        .filter((s) => Node.isIdentifier(s.getExpression()) && s.getExpression().getText() === 'capOn'),
      'if (capOn)',
      persona,
    );
    replace(ifCap.getExpression(), 'capOn || diffOn');
  },
});
