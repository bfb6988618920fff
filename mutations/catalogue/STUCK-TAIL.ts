import { Node } from 'ts-morph';
import { MutantEditError, init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'STUCK-TAIL',
  arm: 'cap',
  rules: ['PROGRESS'],
  breaks: 'respond(): when the remainder is shorter than a cap, the previous slice is sent again instead of the tail',
  wild: 'continuation that re-anchors on the last full window and never reaches the end of the file',
  lieClasses: ['stuck-continuation'],
  edit(t) {
    const start = init(respondOf(t), 'start');
    if (!Node.isConditionalExpression(start)) throw new MutantEditError('start is not `cond ? delivered : 0`');
    const held = start.getWhenTrue();
    const h = held.getText();
    replace(
      held,
      `(total - ${h} < cap && ${h} < total ? sliceEnd(Buffer.from(text), 0, Math.max(0, ${h} - cap)) : ${h})`,
    );
  },
});
