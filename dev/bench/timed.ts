/** A command of the kit timed as a user runs it: wall time, and CPU time of all its processes (the shell's `times`). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/readshim-conformance.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Timed {
  readonly wallMs: number;
  /** User + system time of the command and every process it started (shims included). */
  readonly cpuMs: number;
  readonly code: number | null;
  readonly stdout: string;
}

/** `node bin/readshim-conformance.js <args>` from `cwd` (default: a fresh empty directory). */
export function timeCommand(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  cwd?: string,
  launcher: string = BIN,
): Timed {
  const dir = cwd ?? mkdtempSync(join(tmpdir(), 'readshim-timed-'));
  try {
    const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
    const script = `${[process.execPath, launcher, ...args].map(q).join(' ')} 2>/dev/null; s=$?; echo; times; exit $s`;
    const t0 = performance.now();
    const r = spawnSync('/bin/sh', ['-c', script], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, READSHIM_PROGRESS: '0', ...env },
    });
    const wallMs = Math.round(performance.now() - t0);
    const lines = r.stdout.trimEnd().split('\n');
    const children = lines.at(-1) ?? '';
    const secs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    if (secs.length !== 2) throw new Error(`cannot read the CPU times from ${JSON.stringify(children)}`);
    return {
      wallMs,
      cpuMs: Math.round((secs[0]! + secs[1]!) * 1000),
      code: r.status,
      stdout: lines.slice(0, -3).join('\n'),
    };
  } finally {
    if (cwd === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
