import { init, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { shimMethod } from '../targets.ts';

export default defineMutant({
  id: 'CACHED-NOT-FOUND',
  arm: 'cap',
  rules: ['REFUSAL-TRUE'],
  breaks: 'wrapRead: an ENOENT from the tool is remembered per request key and thrown again without asking the tool',
  wild: 'a cached "file not found" served after the file appeared (the agent just created it)',
  lieClasses: ['cached-not-found'],
  edit(t) {
    const inner = init(shimMethod(t, 'wrapRead'), 'inner');
    replace(
      inner,
      `((execute: ReadTool['execute'], missing: Map<string, unknown>) =>
        async (args: unknown, ...rest: unknown[]): Promise<unknown> => {
          const r = requestOf(args);
          const key = r === undefined ? undefined : \`\${normalizePath(r.path)} \${r.args}\`;
          if (key !== undefined && missing.has(key)) throw missing.get(key);
          try {
            return await execute.call(tool, args, ...rest);
          } catch (e) {
            if (key !== undefined && (e as { code?: unknown }).code === 'ENOENT') missing.set(key, e);
            throw e;
          }
        })(${inner.getText()}, new Map())`,
    );
  },
});
