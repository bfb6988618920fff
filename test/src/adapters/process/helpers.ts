import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_PREFIX } from '../../../../src/adapters/process/sandbox.ts';
import { ROOT } from '../../cli/helpers.ts';

export { ROOT };

/** The real interpreter behind `python3` (a version-manager shim can cost a second per start). */
function resolvePython(): string {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  const exe = r.stdout?.trim();
  if (r.status !== 0 || !exe)
    throw new Error('the process adapter tests need python3 on PATH (CI runs the Python examples)');
  // --isolate hides the caller's HOME: an interpreter installed there (pyenv) is not found inside.
  if (exe.startsWith(`${homedir()}/`) && existsSync('/usr/bin/python3')) return '/usr/bin/python3';
  return exe;
}

export const PYTHON = resolvePython();

const sh = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A command line that runs a Python file of the repository. */
export function python(file: string, ...args: string[]): string {
  return [PYTHON, join(ROOT, file), ...args].map(sh).join(' ');
}

export const DELIVERY = python('examples/python/delivery_shim.py');
export const MTIME = python('examples/python/mtime_shim.py');
export const bad = (mode: string): string => python('test/src/adapters/process/fixtures/bad_shim.py', mode);
export const STAT_AFTER_READ = python('examples/python/stat_after_read_shim.py');

/** A fresh directory to hold sandboxes, so a test can see that none is left behind. */
export function sandboxHome(): string {
  return mkdtempSync(join(tmpdir(), 'readshim-test-home-'));
}

export function sandboxesIn(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.startsWith(SANDBOX_PREFIX));
}
