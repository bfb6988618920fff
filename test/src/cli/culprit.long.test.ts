// Suite: long (*.long.test.ts, run by `npm run test:hosts`): faults that name the adapter or TMPDIR, each spawned end to end (31 s).
/**
 * A fault the adapter or the environment caused names it — the adapter's file, or the variable
 * TMPDIR and its value — in one line, exit 2; "a bug in the kit" is the kit's own invariants only
 * (docs/reference/cli.md "Exit codes", "A synchronous loop in an adapter module").
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInThread } from '../../../src/cli/thread.ts';
import { AdapterError } from '../../../src/harness/session.ts';
import { cli, cpuBudget, ROOT, type Ran } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-culprit-'));
const fixture = (name: string) => join('test/fixtures/adapters', name);
const shim = 'python3 examples/python/mtime_shim.py';

/** A read-only tmpfs mounted here, or undefined where this process may not mount one. */
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
const ro = readOnlyMount();
afterAll(() => {
  if (ro !== undefined) execFileSync('umount', [ro]);
  rmSync(tmp, { recursive: true, force: true });
});

function named(r: Ran, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/bug in the kit/);
  expect(r.stderr.trim()).toMatch(message);
}

describe('an adapter module that never finishes loading', { timeout: cpuBudget(6) }, () => {
  it('a top-level await that never settles, nothing left to run: exit 2 naming the file', () => {
    const r = cli(['run', '--adapter', fixture('await-never-settles.ts'), '--runs', '1', '--no-save']);
    named(
      r,
      /^readshim-conformance: adapter test\/fixtures\/adapters\/await-never-settles\.ts: its module never finished loading/,
    );
  });

  it('a top-level await that never settles while a timer beats: stopped at the load limit, naming the file', async () => {
    const argv = ['--adapter', fixture('await-never-settles-alive.ts'), '--runs', '1', '--no-save'];
    const was = process.cwd();
    process.chdir(ROOT);
    try {
      const run = runInThread({ argv, settleMs: 10_000, who: `adapter ${argv[1]}`, loadMs: 1_500 });
      await expect(run).rejects.toThrow(AdapterError);
      await expect(run).rejects.toThrow(
        /^adapter test\/fixtures\/adapters\/await-never-settles-alive\.ts: its module never finished loading \(a top-level await that never settles\?\) within 1500 ms/,
      );
    } finally {
      process.chdir(was);
    }
  });
});

describe('an adapter that exhausts memory', { timeout: cpuBudget(8) }, () => {
  it('exit 2 naming the file and the call in progress, not a native crash', () => {
    const r = cli(['run', '--adapter', fixture('exhausts-memory.ts'), '--runs', '1', '--no-save'], ROOT, {
      NODE_OPTIONS: '--max-old-space-size=128',
    });
    named(
      r,
      /^readshim-conformance: adapter test\/fixtures\/adapters\/exhausts-memory\.ts: the run ran out of memory \(its thread's heap limit, \d+ MiB\) while worker w1\.read\(.*\) was in progress/,
    );
  });
});

describe('TMPDIR that cannot hold a sandbox, under --process', { timeout: cpuBudget(6) }, () => {
  const cases: [string, string, RegExp][] = [
    ['missing', join(tmp, 'missing'), /no such directory/],
    ['a regular file', join(tmp, 'file'), /not a directory/],
  ];
  writeFileSync(join(tmp, 'file'), '');
  if (ro !== undefined) cases.push(['read-only', ro, /not writable \(EROFS/]);
  it.each(cases)('%s: exit 2 before the run, naming TMPDIR and its value', (_, dir, why) => {
    const r = cli(['run', '--process', shim, '--runs', '1', '--no-save'], ROOT, { TMPDIR: dir });
    named(
      r,
      new RegExp(`^readshim-conformance: run: TMPDIR=${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${why.source}`),
    );
    if (dir === join(tmp, 'missing')) expect(readdirSync(tmp)).not.toContain('missing');
  });

  it('bench --process refuses it the same way', () => {
    const r = cli(['bench', '--process', shim], ROOT, { TMPDIR: join(tmp, 'missing') });
    named(r, /^readshim-conformance: bench: TMPDIR=.*missing: no such directory/);
  });
});
