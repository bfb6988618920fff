/**
 * Build step (prepack; not shipped): writes every naive design of src/bench/naive.ts as JavaScript —
 * the mutant's edit applied to the reference adapter's import closure, each file transpiled — to
 * <out>/<ID>/, so the installed package benches them without TypeScript sources.
 *   npx tsx dev/bench/build-naive.ts dist/src/bench/naive
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ts } from 'ts-morph';
import { mutantById } from '../../mutations/index.ts';
import { editedTree } from '../../mutations/workspace.ts';
import { NAIVE_DESIGNS } from '../../src/bench/naive.ts';

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2023,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
};

/** Writes the designs under `out` (replacing what was there); returns the files written, relative. */
export function buildNaiveDesigns(out: string): string[] {
  rmSync(out, { recursive: true, force: true });
  const written: string[] = [];
  for (const id of NAIVE_DESIGNS) {
    const { texts } = editedTree(mutantById(id)!);
    for (const [rel, text] of texts) {
      const js = ts.transpileModule(text, { fileName: rel, compilerOptions: OPTIONS, reportDiagnostics: true });
      if ((js.diagnostics ?? []).length > 0)
        throw new Error(
          `${id}: ${rel} does not transpile: ${ts.flattenDiagnosticMessageText(js.diagnostics![0]!.messageText, ' ')}`,
        );
      const target = join(out, id, rel.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, js.outputText);
      written.push(`${id}/${rel.replace(/\.ts$/, '.js')}`);
    }
  }
  return written;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const out = process.argv[2];
  if (out === undefined) {
    process.stderr.write('usage: tsx dev/bench/build-naive.ts <out-dir>\n');
    process.exit(2);
  }
  const files = buildNaiveDesigns(resolve(out));
  process.stdout.write(`naive designs: ${NAIVE_DESIGNS.length} designs, ${files.length} files in ${out}\n`);
}
