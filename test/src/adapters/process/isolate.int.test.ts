import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ISOLATE_MAX_PROCS, bwrapArgs, openIsolation, type Isolation } from '../../../../src/adapters/isolate.ts';
import { UsageError } from '../../../../src/core/errors.ts';
import { ROOT, inProcess } from '../../cli/helpers.ts';

/** A PATH with nothing on it: no bwrap, no prlimit. */
const empties: string[] = [];
const emptyPath = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'readshim-nopath-'));
  empties.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of empties) rmSync(dir, { recursive: true, force: true });
});

describe('--isolate without bubblewrap (src/adapters/isolate.ts)', () => {
  it('run --isolate exits 2 with one line naming the install command, before any process starts', async () => {
    const r = await inProcess(
      ['run', '--process', 'python3 examples/python/delivery_shim.py', '--isolate', '--no-save'],
      undefined,
      { PATH: emptyPath() },
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /--isolate needs bubblewrap \(bwrap\), not found on PATH; install it: apt-get install bubblewrap/,
    );
  });

  it('bench --isolate, and --hook --isolate, fail the same way', async () => {
    const b = await inProcess(
      ['bench', '--process', 'python3 examples/python/delivery_shim.py', '--isolate'],
      undefined,
      { PATH: emptyPath() },
    );
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^readshim-conformance: bench: --isolate needs bubblewrap.*apt-get install bubblewrap/);
    const h = await inProcess(['run', '--hook', 'true', '--isolate', '--no-save'], undefined, { PATH: emptyPath() });
    expect(h.code).toBe(2);
    expect(h.stderr).toMatch(/^readshim-conformance: run: --isolate needs bubblewrap/);
  });

  it('openIsolation throws a UsageError naming the install command', () => {
    expect(() => openIsolation('run', { PATH: emptyPath(), HOME: '/nonexistent' })).toThrow(UsageError);
    expect(() => openIsolation('run', { PATH: emptyPath() })).toThrow(/apt-get install bubblewrap/);
  });

  it('--isolate of an in-process adapter is exit 2 (it runs inside the kit)', async () => {
    const r = await inProcess(['run', '--isolate', '--no-save']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^readshim-conformance: run: --isolate applies to subjects the kit starts as processes/);
  });
});

describe('bwrapArgs: the mounts and limits of one subject', () => {
  const iso: Isolation = { bwrap: '/usr/bin/bwrap', prlimit: '/usr/bin/prlimit', hide: ['/home/me'], maxProcs: 64 };
  const at = (a: string[], ...seq: string[]): number => a.findIndex((_, i) => seq.every((s, j) => a[i + j] === s));

  it('read-only root, private /dev and /proc, no network, own PID namespace, dies with the kit', () => {
    const a = bwrapArgs(iso, {
      command: 'python3 shim.py',
      cwd: '/work/repo',
      writable: ['/tmp/sb/files', '/tmp/sb/home'],
    });
    for (const flag of ['--die-with-parent', '--unshare-net', '--unshare-pid']) expect(a).toContain(flag);
    expect(at(a, '--ro-bind', '/', '/')).toBeGreaterThanOrEqual(0);
    expect(at(a, '--dev', '/dev')).toBeGreaterThan(at(a, '--ro-bind', '/', '/'));
    expect(at(a, '--proc', '/proc')).toBeGreaterThan(at(a, '--ro-bind', '/', '/'));
    expect(a).not.toContain('--share-net');
    // the command last, under the process limit, run by the shell from the working directory
    expect(a.slice(-6)).toEqual(['--', '/usr/bin/prlimit', '--nproc=64', '/bin/sh', '-c', 'python3 shim.py']);
    expect(at(a, '--chdir', '/work/repo')).toBe(a.length - 8);
  });

  it('HOME is hidden behind an empty tmpfs, the writable directories are bound over it, then it is read-only', () => {
    const a = bwrapArgs(iso, { command: 'x', cwd: '/work/repo', writable: ['/home/me/tmp/sb/files', '/tmp/sb/home'] });
    const root = at(a, '--ro-bind', '/', '/');
    const hide = at(a, '--tmpfs', '/home/me');
    const w1 = at(a, '--bind', '/home/me/tmp/sb/files', '/home/me/tmp/sb/files');
    const w2 = at(a, '--bind', '/tmp/sb/home', '/tmp/sb/home');
    const ro = at(a, '--remount-ro', '/home/me');
    expect(root).toBeGreaterThanOrEqual(0);
    expect(hide).toBeGreaterThan(root);
    expect(w1).toBeGreaterThan(hide);
    expect(w2).toBeGreaterThan(hide);
    expect(ro).toBeGreaterThan(Math.max(w1, w2));
    // a working directory outside HOME is not bound again
    expect(at(a, '--ro-bind', '/work/repo', '/work/repo')).toBe(-1);
  });

  it('a working directory inside the hidden HOME is bound back read-only (the shim script lives there)', () => {
    const a = bwrapArgs(iso, { command: 'x', cwd: '/home/me/project', writable: [] });
    const back = at(a, '--ro-bind', '/home/me/project', '/home/me/project');
    expect(back).toBeGreaterThan(at(a, '--tmpfs', '/home/me'));
    expect(back).toBeLessThan(at(a, '--remount-ro', '/home/me'));
    expect(
      at(bwrapArgs(iso, { command: 'x', cwd: '/home/meme', writable: [] }), '--ro-bind', '/home/meme', '/home/meme'),
    ).toBe(-1);
  });
});

describe('docs/reference/trust-model.md', () => {
  it('states the process limit the code sets, and what the subject keeps', () => {
    const section = readFileSync(join(ROOT, 'docs/reference/trust-model.md'), 'utf8');
    expect(section).toMatch(/Without `--isolate` that code runs as you/);
    expect(section).toContain(`at most ${ISOLATE_MAX_PROCS} processes`);
    expect(section).toMatch(/keeps the caller's environment variables/);
  });
});
