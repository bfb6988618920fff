/**
 * Build step (prepack; not shipped): writes every naive design of src/bench/naive.ts as one
 * JavaScript file — the mutant's edit applied to the reference adapter's import closure, each file
 * transpiled, then bundled (esbuild) into <out>/<ID>.js — so the installed package benches them
 * without TypeScript sources, in five files.
 *   npx tsx dev/bench/build-naive.ts dist/naive
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { ts } from 'ts-morph';
import { mutantById } from '../../mutations/index.ts';
import { editedTree } from '../../mutations/workspace.ts';
import { NAIVE_DESIGNS, PREBUILT_ADAPTER, prebuiltAdapterPath } from '../../src/bench/naive.ts';

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2023,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
};

/** Writes the designs under `out` (replacing what was there); returns the files written, relative. */
export function buildNaiveDesigns(out: string): string[] {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const tree = mkdtempSync(join(tmpdir(), 'readshim-naive-build-'));
  try {
    for (const id of NAIVE_DESIGNS) {
      const { texts } = editedTree(mutantById(id)!);
      for (const [rel, text] of texts) {
        const js = ts.transpileModule(text, { fileName: rel, compilerOptions: OPTIONS, reportDiagnostics: true });
        if ((js.diagnostics ?? []).length > 0)
          throw new Error(
            `${id}: ${rel} does not transpile: ${ts.flattenDiagnosticMessageText(js.diagnostics![0]!.messageText, ' ')}`,
          );
        const target = join(tree, id, rel.replace(/\.ts$/, '.js'));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, js.outputText);
      }
      // One file per design: its import closure bundled; the kit's dependencies stay imports.
      buildSync({
        entryPoints: [join(tree, id, PREBUILT_ADAPTER)],
        outfile: prebuiltAdapterPath(id, out),
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        packages: 'external',
        logLevel: 'error',
      });
    }
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  return NAIVE_DESIGNS.map((id) => `${id}.js`);
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
