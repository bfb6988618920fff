import { Node } from 'ts-morph';
import { MutantEditError, init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { shimMethod } from '../targets.ts';

export default defineMutant({
  id: 'SWALLOW-ERROR',
  arm: 'cap',
  rules: ['PASSTHROUGH'],
  breaks: "wrapRead: the inner tool's throw is caught and its message handled (and recorded) as the file's text",
  wild: 'tool wrappers that turn an exception into a string result, which the shim then dedups and points at',
  lieClasses: ['tool-failure-recorded'],
  edit(t) {
    const result = init(shimMethod(t, 'wrapRead'), 'result');
    if (!Node.isAwaitExpression(result)) throw new MutantEditError('result is not `await inner.call(...)`');
    replace(
      result,
      `await Promise.resolve()
          .then(() => ${result.getExpression().getText()})
          .catch((e: unknown) => (e instanceof Error ? e.message : String(e)))`,
    );
  },
});
