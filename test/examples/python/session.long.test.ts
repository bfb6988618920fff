// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the session twins over the process protocol, a Python process per history (45 s).
/**
 * Forks, shared sessions and resumed sessions over the process protocol (spec/SPEC.md "Forks and
 * resumed sessions", docs/reference/protocol.md "newWorker"): examples/python/session_shim.py keeps its
 * ledger in its own HOME. The truthful and memory-only modes pass; each lying mode fails the rule
 * of its lie class in its corpus case, and the saved trace replays to the same failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/helpers.ts';
import { python, sandboxesIn, sandboxHome } from '../../src/adapters/process/helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-sessions-'));
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

const shim = (mode: string): string => python('examples/python/session_shim.py', mode);

describe('session_shim.py over the process protocol', () => {
  it('truthful (ledger reloaded from disk) and memory-only (ledger lost on resume) both pass, the sessions printed', () => {
    for (const mode of ['--truthful', '--memory-only']) {
      const r = run(['--process', shim(mode), '--runs', '1', '--no-save']);
      expect(r.stdout, mode).toContain('ASSUMPTION: The host forks subagents');
      expect(r.stdout, mode).toContain('ASSUMPTION: The host resumes sessions in a new shim instance');
      expect(r.stdout, mode).toMatch(/ pass +ISOLATION +\d+ checks/);
      expect(r.stdout, mode).toMatch(/summary: \d+ passed, 0 failed/);
      expect(r.code, mode).toBe(0);
    }
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);

  const lies: [string, string, string][] = [
    ['--fork-shared', 'ISOLATION', 'fork-then-parent-reads'],
    ['--session-keyed', 'ISOLATION', 'subagent-shares-session'],
    ['--stale-ledger', 'FORGET-RESETS', 'resume-after-compaction'],
  ];
  for (const [mode, rule, kase] of lies)
    it(`${mode} fails ${rule} in corpus case ${kase}, and its saved trace replays to the same failure`, () => {
      const cwd = mkdtempSync(join(work, 'p-'));
      const r = run(['--process', shim(mode), '--runs', '1', '--only', rule, '--failures', 'db'], cwd);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`(corpus ${kase}, levers [pointer], cap 16)`);
      expect(r.stdout).toMatch(
        new RegExp(`✗ ${rule}: said "unchanged, you hold all \\d+ bytes" but the worker holds none of it`),
      );
      const traces = readdirSync(join(cwd, 'db'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.jsonl'));
      expect(traces.length).toBe(1);
      const again = run(['--process', shim(mode), '--replay', join(cwd, 'db', traces[0]!), '--no-save'], cwd);
      expect(again.code).toBe(1);
      expect(again.stdout).toContain(`FAIL ${rule}:`);
    }, 300_000);
});
