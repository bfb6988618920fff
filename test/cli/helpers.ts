import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/readshim-conformance.js', import.meta.url));

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI as a user would; a run still going after `limitMs` is killed (its code is then null). */
export function cli(args: readonly string[], cwd = ROOT, env: Record<string, string> = {}, limitMs = 120_000): Ran {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, READSHIM_PROGRESS: '0', ...env }, timeout: limitMs, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
