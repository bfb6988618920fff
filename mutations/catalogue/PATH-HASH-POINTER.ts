import { SyntaxKind } from 'ts-morph';
import { dropConjunct, isComparison } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { pointerIf } from '../targets.ts';

export default defineMutant({
  id: 'PATH-HASH-POINTER',
  arm: 'cap',
  rules: ['POINTER-FULL'],
  breaks: 'respond(): the pointer fires on "same path, same content hash" without the `start >= total` delivery check',
  wild: 'read dedup keyed on path + content hash ("same content as last time ⇒ unchanged"): 250 lies on the measured corpus',
  lieClasses: ['partial-then-pointer'],
  edit(t) {
    dropConjunct(
      pointerIf(t).getExpression(),
      (n) => isComparison(n, 'start', SyntaxKind.GreaterThanEqualsToken),
      'start >= total',
    );
  },
});
