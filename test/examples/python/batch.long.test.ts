// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the batch twins over the process protocol, a Python process per history (24 s).
/**
 * Batch reads over the process protocol (spec/SPEC.md "Batch reads", docs/reference/protocol.md "readMany"):
 * examples/python/batch_shim.py answers each call with one part per path. Its truthful mode passes
 * with both batch cases played; each lying mode (the call decided from any file, or from its first)
 * fails POINTER-FULL in a batch case, its story naming the call, and the saved trace replays to
 * the same failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/helpers.ts';
import { python, sandboxesIn, sandboxHome } from '../../src/adapters/process/helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-batch-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function run(args: readonly string[], cwd = mkdtempSync(join(work, 'p-'))): { code: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/readshim-conformance.js'), 'run', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 280_000,
    env: { ...process.env, READSHIM_PROGRESS: '0', TMPDIR: home },
  });
  expect(r.stderr).toBe('');
  return { code: r.status, stdout: r.stdout };
}

const shim = (...args: string[]): string => python('examples/python/batch_shim.py', ...args);
const only = ['--only', 'POINTER-FULL,FIRST-VERBATIM', '--runs', '1'];

describe('batch_shim.py over the process protocol', () => {
  it('truthful: passes, every batch case played', () => {
    const r = run(['--process', shim(), ...only, '--no-save', '--reporter', 'json']);
    const report = JSON.parse(r.stdout) as {
      rules: { id: string; status: string }[];
      corpus: { cases: { id: string; played: boolean }[] };
    };
    expect(report.rules.filter((x) => x.status === 'fail')).toEqual([]);
    expect(report.corpus.cases.filter((c) => c.id.startsWith('batch-')).map((c) => [c.id, c.played])).toEqual([
      ['batch-new-beside-seen', true],
      ['batch-edit-beside-unchanged', true],
      ['batch-forget-and-second-worker', true],
      // The crossed cases whose condition is a batch call (properties/crossed/).
      ['batch-after-forget × none', true],
      ['batch-total × none', true],
    ]);
    expect(r.code).toBe(0);
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);

  it('--lie any-seen fails POINTER-FULL in a batch case, and its saved trace replays to the same failure', () => {
    const cwd = mkdtempSync(join(work, 'p-'));
    const r = run(['--process', shim('--lie', 'any-seen'), ...only, '--failures', 'db'], cwd);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('(corpus batch-new-beside-seen, levers [pointer], cap 16)');
    expect(r.stdout).toContain(
      '7. w1 reads b.ts (part 2 of one batch read call of a.ts, b.ts) → "unchanged, you hold all 15 bytes"',
    );
    expect(r.stdout).toContain(
      '✗ POINTER-FULL: said "unchanged, you hold all 15 bytes" but the worker holds none of it',
    );
    const traces = readdirSync(join(cwd, 'db'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'));
    expect(traces.length).toBeGreaterThan(0);
    const again = run(
      ['--process', shim('--lie', 'any-seen'), '--replay', join(cwd, 'db', traces[0]!), '--no-save'],
      cwd,
    );
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('part 2 of one batch read call of a.ts, b.ts');
  }, 300_000);

  it('--lie first-path fails POINTER-FULL in a batch case', () => {
    const r = run(['--process', shim('--lie', 'first-path'), ...only, '--no-save']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL POINTER-FULL: .*\n {2}\(corpus batch-/);
  }, 300_000);
});
