import { Node } from 'ts-morph';
import { MutantEditError, init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'COVERAGE-SURVIVES-CHANGE',
  arm: 'cap',
  rules: ['SLICE-CONTINUES'],
  breaks:
    'respond(): `start` keeps the delivered count of the previous content after the content changed (clamped to the new size)',
  wild: 'continuation offsets kept per path across edits: a "rest of the file" slice of a different version',
  lieClasses: ['continue-across-change'],
  edit(t) {
    const start = init(respondOf(t), 'start');
    if (!Node.isConditionalExpression(start)) throw new MutantEditError('start is not `cond ? delivered : 0`');
    replace(start, `arm.cap && entry !== undefined ? Math.min(entry.delivered, total) : 0`);
  },
});
