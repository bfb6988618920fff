import { Node } from 'ts-morph';
import { MutantEditError, init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { ADAPTER, adapterCreate } from '../targets.ts';

export default defineMutant({
  id: 'PROCESS-LEDGER',
  arm: 'cap',
  rules: ['ISOLATION'],
  breaks: 'adapter create(): every worker of a host gets the same shim (one ledger per file system, kept in a WeakMap)',
  wild: "a module-level or process-wide read cache: one step's coverage carried into another step's transcript",
  lieClasses: ['second-worker'],
  edit(t) {
    const shim = init(adapterCreate(t), 'shim');
    if (!Node.isCallExpression(shim) || shim.getExpression().getText() !== 'createReadShim')
      throw new MutantEditError('shim is not createReadShim(...)');
    const make = shim.getText();
    replace(
      shim,
      `SHARED_SHIMS.get(ctx.fs) ?? (() => {
      const s = ${make};
      SHARED_SHIMS.set(ctx.fs, s);
      return s;
    })()`,
    );
    const sf = t.file(ADAPTER);
    const lastImport = sf.getImportDeclarations().at(-1);
    if (lastImport === undefined) throw new MutantEditError('the adapter has no imports');
    sf.insertStatements(
      lastImport.getChildIndex() + 1,
      '\n/** One shim per host file system: every worker of a history shares it. */\nconst SHARED_SHIMS = new WeakMap<object, ReturnType<typeof createReadShim>>();',
    );
  },
});
