import { memberValue, methodCallsOf, only, replace } from '../edit.ts';
import { MutantEditError } from '../edit.ts';
import { Node } from 'ts-morph';
import { defineMutant } from '../spec.ts';
import { adapterCreate } from '../targets.ts';

/** A read cache in front of the ledger that trusts the mtime (stat before the read). */
const CACHE = `((seen: Map<string, { mtimeMs: number; text: string }>) => async (args: unknown) => {
      const request = args as { path: string };
      const key = JSON.stringify(request);
      const mtimeMs = ctx.fs.exists(request.path) ? ctx.fs.stat(request.path).mtimeMs : -1;
      const hit = seen.get(key);
      if (hit !== undefined && hit.mtimeMs === mtimeMs) return hit.text;
      const text = await ctx.read(request);
      seen.set(key, { mtimeMs, text });
      return text;
    })(new Map())`;

export default defineMutant({
  id: 'MTIME-KEYED',
  arm: 'cap',
  rules: ['POINTER-FULL'],
  breaks:
    'adapter create(): the shim reads through a cache that calls a file unchanged while its mtime is, so a same-mtime edit is answered with the pointer',
  wild: 'read dedup keyed on path + mtime (editors and tools that keep or restore mtimes, whole-second clocks)',
  lieClasses: ['edit-keeps-mtime', 'edit-keeps-mtime-and-size', 'mtime-restored'],
  edit(t) {
    const create = adapterCreate(t);
    const wrap = only(methodCallsOf(create, 'shim', 'wrapRead'), 'shim.wrapRead(...)', create);
    const tool = wrap.getArguments()[0];
    if (tool === undefined || !Node.isObjectLiteralExpression(tool))
      throw new MutantEditError('shim.wrapRead is not given an object literal');
    replace(memberValue(tool, 'execute'), CACHE);
  },
});
