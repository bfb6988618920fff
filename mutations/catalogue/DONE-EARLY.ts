import { Node } from 'ts-morph';
import { MutantEditError, init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'DONE-EARLY',
  arm: 'cap',
  rules: ['DONE-TRUE'],
  breaks: 'respond(): the notice says "you now hold all of it" once the remainder fits in one more slice',
  wild: '"end of file" announced from a size estimate instead of the bytes actually sent',
  lieClasses: ['partial-then-pointer'],
  edit(t) {
    const notice = init(respondOf(t), 'notice');
    if (!Node.isConditionalExpression(notice)) throw new MutantEditError('notice is not `!done ? partial : …`');
    replace(notice.getCondition(), 'end + cap < total');
  },
});
