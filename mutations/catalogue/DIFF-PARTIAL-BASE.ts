import { MutantEditError } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { partialEntry } from '../targets.ts';

export default defineMutant({
  id: 'DIFF-PARTIAL-BASE',
  arm: 'all',
  rules: ['DIFF-BASE-HELD'],
  breaks:
    'respond(): a partly delivered entry keeps the full text too, so the next change is diffed against a version the worker only partly holds',
  wild: 'diff against "the last version the tool read" rather than the last version the model was given in full',
  lieClasses: ['diff-partial-base'],
  edit(t) {
    const partial = partialEntry(t);
    if (partial.getProperty('full') !== undefined)
      throw new MutantEditError('the partial entry already keeps the full text');
    partial.addPropertyAssignment({ name: 'full', initializer: 'text' });
  },
});
