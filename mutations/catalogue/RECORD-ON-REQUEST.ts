import { Node } from 'ts-morph';
import { MutantEditError, init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { shimMethod } from '../targets.ts';

export default defineMutant({
  id: 'RECORD-ON-REQUEST',
  arm: 'cap',
  rules: ['PASSTHROUGH'],
  breaks: 'wrapRead: the ledger is written for what the request asked (from the disk) even when the tool then fails',
  wild: 'a pointer recorded when the read was requested, not when its bytes were delivered (the tool errored)',
  lieClasses: ['tool-failure-recorded'],
  edit(t) {
    const result = init(shimMethod(t, 'wrapRead'), 'result');
    if (!Node.isAwaitExpression(result)) throw new MutantEditError('result is not `await inner.call(...)`');
    replace(
      result,
      `await Promise.resolve()
          .then(() => ${result.getExpression().getText()})
          .catch(async (e: unknown) => {
            if (req !== undefined) {
              try {
                respond(req, req.path, String(await readFile(req.path)));
              } catch {
                // nothing on disk to record
              }
            }
            throw e;
          })`,
    );
  },
});
