import { Node } from 'ts-morph';
import { MutantEditError, methodCallsOf, only } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'DIFF-PARTIAL-BASE',
  arm: 'all',
  rules: ['DIFF-BASE-HELD'],
  breaks: 'respond(): a partly delivered entry keeps the full text too, so the next change is diffed against a version the worker only partly holds',
  wild: 'diff against "the last version the tool read" rather than the last version the model was given in full',
  edit(t) {
    const respond = respondOf(t);
    const sets = methodCallsOf(respond, 'ledger', 'set').filter((c) => Node.isConditionalExpression(c.getArguments()[2]));
    const entry = only(sets, 'ledger.set(key, args, done ? full : partial)', respond).getArguments()[2];
    if (!Node.isConditionalExpression(entry)) throw new MutantEditError('unreachable');
    const partial = entry.getWhenFalse();
    if (!Node.isObjectLiteralExpression(partial)) throw new MutantEditError('the partial entry is not an object literal');
    if (partial.getProperty('full') !== undefined) throw new MutantEditError('the partial entry already keeps the full text');
    partial.addPropertyAssignment({ name: 'full', initializer: 'text' });
  },
});
