#!/usr/bin/env node
// Launcher: the built JS when installed; the TypeScript sources (through tsx) in a checkout.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// tsx caches compiled modules under TMPDIR and crashes where it cannot make that folder: without a
// usable TMPDIR it compiles without a cache, so the kit itself starts and names TMPDIR where a run
// needs it (src/core/out-path.ts tmpdirProblem).
try {
  rmSync(mkdtempSync(join(tmpdir(), '.readshim-probe-')), { recursive: true, force: true });
} catch {
  process.env.TSX_DISABLE_CACHE = '1';
}

const here = new URL('..', import.meta.url);
const checkout = existsSync(new URL('src/cli/main.ts', here)) && existsSync(new URL('tsconfig.json', here));
let main;
if (checkout) {
  const { register } = await import('tsx/esm/api');
  // The kit's tsconfig maps its own name to its sources, so an adapter that imports
  // 'readshim-conformance' (as the worked examples do) loads from any directory without a build.
  register({ tsconfig: fileURLToPath(new URL('tsconfig.json', here)) });
  ({ main } = await import(new URL('src/cli/main.ts', here).href));
} else {
  ({ main } = await import(new URL('dist/cli.js', here).href));
}
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  // A bug in the kit itself: one line by default, the stack with --verbose or READSHIM_DEBUG=1.
  const verbose = process.env.READSHIM_DEBUG === '1' || process.argv.includes('--verbose');
  const detail = verbose && e instanceof Error ? e.stack : e instanceof Error ? e.message : String(e);
  process.stderr.write(`readshim-conformance: internal error (a bug in the kit, please report): ${detail}\n`);
  process.exitCode = 2;
}
