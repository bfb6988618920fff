/**
 * Both npm test projects share one module cache per worker (isolate: false). esbuild keeps the working
 * directory it was first loaded in for every later build and for the service tsx transforms with, so a
 * test that first loads it inside a temporary directory (test/src/cli/helpers.ts `captured`) breaks every
 * later file once that directory is gone. Loading both here, from the kit's root, before any test, pins it.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';

const PIN = Symbol.for('readshim.esbuild-cwd-pinned');
const g = globalThis as { [PIN]?: true };
if (g[PIN] === undefined) {
  g[PIN] = true;
  process.chdir(fileURLToPath(new URL('..', import.meta.url)));
  await import('esbuild');
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(pathToFileURL(fileURLToPath(new URL('./vitest.suites.ts', import.meta.url))).href, import.meta.url);
}
