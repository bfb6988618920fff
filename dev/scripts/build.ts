/**
 * The package's build (prepack; not shipped): dist/ holds what an install runs, in few files.
 *
 * - JavaScript: the entry points bundled with esbuild, ES modules with code splitting, flat in
 *   dist/ (cli.js for the bin, index.js, reference.js and vitest.js for the package's exports,
 *   thread-entry.js for `run --adapter`'s worker thread; shared code in chunk-*.js beside them, so
 *   every entry shares one copy of each module). Dependencies stay imports. The mutant catalogue
 *   and the `mutants` command's runner stay out: they need a checkout.
 * - Types: one rolled-up declaration file per export (dts-bundle-generator, through the compiler):
 *   dist/index.d.ts, dist/reference.d.ts, dist/vitest.d.ts.
 * - The naive designs `bench` compares against: one bundled file each (dev/bench/build-naive.ts).
 *
 *   npx tsx dev/scripts/build.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { buildNaiveDesigns } from '../bench/build-naive.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');

/** Entry name (dist/<name>.js) → source. */
export const ENTRIES: Readonly<Record<string, string>> = Object.freeze({
  cli: 'src/cli/main.ts',
  index: 'src/index.ts',
  reference: 'reference/index.ts',
  vitest: 'src/vitest-entry/index.ts',
  // src/cli/thread.ts starts it by name, next to the chunk that holds thread.ts.
  'thread-entry': 'src/cli/thread-entry.ts',
});

/** Declarations: one file per package export. */
export const TYPES: Readonly<Record<string, string>> = Object.freeze({
  index: 'src/index.ts',
  reference: 'reference/index.ts',
  vitest: 'src/vitest-entry/index.ts',
});

/** Modules reached only in a checkout (the catalogue, the `mutants` runner) stay out of the bundle. */
const checkoutOnly: Plugin = {
  name: 'checkout-only',
  setup(b) {
    b.onResolve({ filter: /(^|\/)(mutations\/index|mutants-run)\.ts$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

async function bundle(): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES)),
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunk-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [checkoutOnly],
  });
}

function declarations(): void {
  const config = join(DIST, '.dts.json');
  writeFileSync(
    config,
    JSON.stringify({
      compilationOptions: { preferredConfigPath: join(ROOT, 'config/tsconfig.build.json') },
      entries: Object.entries(TYPES).map(([name, src]) => ({
        filePath: join(ROOT, src),
        outFile: join(DIST, `${name}.d.ts`),
        noCheck: true,
        output: { noBanner: true, exportReferencedTypes: false },
      })),
    }),
  );
  const bin = join(ROOT, 'node_modules/.bin/dts-bundle-generator');
  const r = spawnSync(bin, ['--config', config, '--silent'], { cwd: ROOT, encoding: 'utf8' });
  rmSync(config, { force: true });
  if (r.status !== 0)
    throw new Error(
      `dts-bundle-generator failed: ${r.error?.message ?? (r.stderr || r.stdout || `signal ${r.signal}`)}`,
    );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  rmSync(DIST, { recursive: true, force: true });
  await bundle();
  declarations();
  const naive = buildNaiveDesigns(join(DIST, 'naive'));
  const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|d\.ts)$/.test(f));
  process.stdout.write(`dist/: ${files.length} files (${naive.length} naive designs)\n`);
}
