/**
 * A kit whose parent dies ends as on SIGTERM (src/cli/orphan.ts): a CI cancel that signals `npx` alone
 * must not leave the kit running, nor its shim processes, nor a sandbox in TMPDIR. The parent here
 * is a small node process that starts the kit on a long --process run and is killed with SIGKILL,
 * which it cannot pass on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-orphan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Pids of live processes whose command line mentions `needle`, the kit and its parent aside (the shim's). */
function processesWith(needle: string): number[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout;
  return ps
    .split('\n')
    .filter((l) => l.includes(needle) && !l.includes('readshim-conformance.js'))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (ok()) return true;
  return ok();
}

// The parent starts the kit (stdio ignored: an orphan's closed pipe must not be what ends it),
// prints its pid and waits forever.
const PARENT = `
const { spawn } = require('node:child_process');
const kit = spawn(process.execPath, JSON.parse(process.argv[1]), { stdio: 'ignore', env: process.env });
process.stdout.write(kit.pid + '\\n');
setInterval(() => {}, 1000);
`;

describe('the kit ends when its parent dies', { timeout: cpuBudget(6) }, () => {
  it('a --process run: the kit, its shim and its sandboxes are gone within a few seconds of SIGKILL to the parent', async () => {
    const marker = `orphan-marker-${process.pid}`;
    const shim = `python3 examples/python/mtime_shim.py ${marker}`;
    const args = [join(ROOT, 'bin/readshim-conformance.js'), 'run', '--process', shim, '--runs', '100000', '--no-save'];
    const parent = spawn(process.execPath, ['-e', PARENT, JSON.stringify(args)], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp, READSHIM_PROGRESS: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const kitPid = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
    );
    try {
      // Running for real: a shim process and a sandbox exist before the parent dies.
      expect(await until(() => processesWith(marker).length > 0, 60_000)).toBe(true);
      expect(readdirSync(tmp).some((n) => n.startsWith('readshim-sandbox-'))).toBe(true);
      parent.kill('SIGKILL');
      expect(await until(() => !alive(kitPid), 5_000)).toBe(true);
      expect(await until(() => processesWith(marker).length === 0, 2_000)).toBe(true);
      expect(readdirSync(tmp).filter((n) => n.startsWith('readshim-'))).toEqual([]);
    } finally {
      parent.kill('SIGKILL');
      if (alive(kitPid)) process.kill(kitPid, 'SIGKILL');
      for (const pid of processesWith(marker)) process.kill(pid, 'SIGKILL'); // a red run leaves its shim
    }
  });
});
