// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the Python shims behind a 2,000-line host tool, spawned per history (28 s).
/**
 * Host read tools bound their output (SPEC.md "Host read tools"): the Python examples behind a 2,000-line host tool
 * (examples/python/host_tool_shim.py, host_tool_mtime_shim.py). Both read the disk themselves and
 * apply the declared bound to their own reads; keyed on content the stub is true, keyed on mtime it
 * lies after an edit that keeps the mtime. Fewer histories than a default --process run (each
 * starts Python anew; CI's .ci/run runs both with the defaults).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/helpers.ts';
import { python, sandboxesIn, sandboxHome } from '../../src/adapters/process/helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-host-tool-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** The CLI as a user runs it; a process run is slow on a loaded 2-core machine, so the limit is generous. */
function run(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/readshim-conformance.js'), 'run', '--no-save', ...args], {
    cwd: mkdtempSync(join(work, 'p-')),
    encoding: 'utf8',
    timeout: 280_000,
    env: { ...process.env, READSHIM_PROGRESS: '0', TMPDIR: home },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('pointer-only Python shims behind a 2,000-line host tool', () => {
  it('keyed on the bounded text it read: passes, judged against that bounded text', () => {
    const r = run(['--process', python('examples/python/host_tool_shim.py'), '--runs', '10']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/adapter process:py-host-tool, levers \[pointer\], seed \d+, 10 histories per cap band/);
    expect(r.stdout).toContain(
      'ASSUMPTION: The host read tool bounds its output (at most 2,000 lines per request, lines cut after 2,000 utf16 units)',
    );
    expect(r.stdout).toMatch(/ pass +POINTER-FULL +[\d,]+ checks/);
    expect(r.stdout).toMatch(/summary: 7 passed, 0 failed, 17 n\/a, 0 unexercised/);
    expect(r.code).toBe(0);
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);

  it('keyed on path + mtime: fails POINTER-FULL with an edit that keeps the mtime', () => {
    const r = run([
      '--process',
      python('examples/python/host_tool_mtime_shim.py'),
      '--runs',
      '5',
      '--only',
      'POINTER-FULL',
    ]);
    expect(r.code).toBe(1);
    const story = r.stdout.slice(r.stdout.indexOf('FAIL POINTER-FULL:'));
    const kept = story.search(/\d+\. write (\S+): .*mtime kept at \d+/);
    const lie = story.search(/✗ POINTER-FULL: said "unchanged, you hold all/);
    expect(kept).toBeGreaterThan(-1);
    expect(lie).toBeGreaterThan(kept);
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);
});
