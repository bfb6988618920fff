import { Node } from 'ts-morph';
import { MutantEditError, memberValue, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { shimObject } from '../targets.ts';

export default defineMutant({
  id: 'STALE-RECORDS',
  arm: 'cap',
  rules: ['STALE-NO-RECORD'],
  breaks: 'serveStale: after serving a stale range the file is written to the ledger as delivered',
  wild: 'a symbol fetch recorded as a read: the next read of the file answers "unchanged" to a worker holding 90 lines of 900',
  lieClasses: ['stale-serve-recorded'],
  edit(t) {
    const serve = memberValue(shimObject(t), 'serveStale');
    if (!Node.isArrowFunction(serve)) throw new MutantEditError('serveStale is not an arrow function');
    const body = serve.getBody();
    if (Node.isBlock(body)) throw new MutantEditError('serveStale has a block body');
    replace(
      serve,
      `async (req) => {
      const served = await ${body.getText()};
      if (served !== null) {
        try {
          const text = String(await readFile(req.path));
          const n = Buffer.byteLength(text, 'utf8');
          ledger.set(normalizePath(req.path), argsKey({ path: req.path }), { full: text, delivered: n, total: n, at: text.length });
        } catch {
          // nothing on disk, nothing recorded
        }
      }
      return served;
    }`,
    );
  },
});
