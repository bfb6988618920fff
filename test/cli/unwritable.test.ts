/**
 * Output paths that cannot be written are refused before the first history, with the real cause
 * (core/out-path.ts writeProblem). As root, chmod stops nothing: the read-only case is a tmpfs
 * mounted read-only here (EROFS), where the machine lets this process mount one; the EACCES case
 * is a folder without write permission for a non-root user, or /sys for root (skipped when neither
 * refuses a write).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-unwritable-'));
const fixture = (name: string) => join(ROOT, 'test/fixtures/adapters', name);

/** A read-only tmpfs mounted for this file, or undefined where this process may not mount. */
function readOnlyMount(): string | undefined {
  const at = join(tmp, 'ro');
  mkdirSync(at);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', at], { stdio: 'ignore' });
    return at;
  } catch {
    return undefined;
  }
}

/** A folder this process may not create a file in (EACCES), or undefined. */
function deniedDir(): string | undefined {
  const own = join(tmp, 'denied');
  mkdirSync(own);
  chmodSync(own, 0o555);
  for (const d of [own, '/sys'])
    try {
      writeFileSync(join(d, 'probe'), '', { flag: 'wx' });
      rmSync(join(d, 'probe'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EACCES') return d;
    }
  return undefined;
}

const ro = readOnlyMount();
const denied = deniedDir();
afterAll(() => {
  if (ro !== undefined) execFileSync('umount', [ro]);
  chmodSync(join(tmp, 'denied'), 0o755);
  rmSync(tmp, { recursive: true, force: true });
});

function refused(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(message);
}

describe.skipIf(ro === undefined)('a read-only file system (EROFS) is refused before the run', { timeout: cpuBudget(3) }, () => {
  it('--out, through the bin: exit 2 naming EROFS, no history run', () => {
    const r = cli(['run', '--adapter', fixture('ignores-forget.ts'), '--arm', 'cap', '--out', join(ro!, 'report.json')], tmp, { READSHIM_PROGRESS: '1' });
    refused(r, /^readshim-conformance: run: --out .*\/ro\/report\.json: .*\/ro is not writable \(EROFS: read-only file system\)$/);
  });
  it('--failures (a failing shim): EROFS, not ENOENT', async () => {
    const r = await inProcess(['run', '--adapter', fixture('ignores-forget.ts'), '--arm', 'cap', '--runs', '1', '--failures', join(ro!, 'db')], tmp, HERE);
    refused(r, /^readshim-conformance: run: failure database .*\/ro\/db: .*\/ro is not writable \(EROFS: read-only file system\) \(--failures <dir> or --no-save\)$/);
  });
  it('--write-baseline', async () => {
    refused(await inProcess(['run', '--runs', '1', '--write-baseline', join(ro!, 'baseline.json'), '--no-save'], tmp), /run: --write-baseline .*: .*\/ro is not writable \(EROFS/);
  });
  it('bench --out', async () => {
    refused(await inProcess(['bench', '--out', join(ro!, 'bench.json')], tmp), /bench: --out .*: .*\/ro is not writable \(EROFS/);
  });
});

describe.skipIf(denied === undefined)('a folder without write permission (EACCES) is refused before the run', () => {
  it('--out', async () => {
    refused(await inProcess(['run', '--runs', '1', '--no-save', '--out', join(denied!, 'report.json')], tmp), /run: --out .*: .* is not writable \(EACCES: permission denied\)$/);
  });
});

describe('the probe leaves nothing behind', () => {
  it('a writable --out folder holds only what was there', async () => {
    const dir = join(tmp, 'ok');
    mkdirSync(dir);
    const r = await inProcess(['run', '--runs', '1', '--no-save', '--only', 'FORGET-RESETS', '--out', join(dir, 'r.json')], tmp);
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['r.json']);
  });
});
