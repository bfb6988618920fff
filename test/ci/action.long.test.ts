// Suite: long (*.long.test.ts, run by `npm run test:hosts`): src/action/run.sh spawned on Python shims (~22 s of CPU).
/**
 * action.yml's script (src/action/run.sh) run as the composite runs it, with the kit of this checkout
 * (READSHIM_KIT skips the npm install): green on a conforming shim, red on a lying one, exit 2
 * on bad input. Few histories: each starts Python anew.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isolationUnavailable } from '../../src/adapters/isolate.ts';
import { ROOT } from '../src/cli/helpers.ts';
import { python } from '../src/adapters/process/helpers.ts';
import { parseXml } from './xml.ts';

const work = mkdtempSync(join(tmpdir(), 'readshim-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** action.yml's run step, in a fresh directory as a fork's checkout. */
function action(env: Record<string, string>): { code: number | null; stdout: string; stderr: string; cwd: string } {
  const cwd = mkdtempSync(join(work, 'fork-'));
  const r = spawnSync('bash', [join(ROOT, 'src/action/run.sh')], {
    cwd,
    encoding: 'utf8',
    timeout: 280_000,
    env: {
      ...process.env,
      READSHIM_PROGRESS: '0',
      READSHIM_KIT: `${process.execPath} ${join(ROOT, 'bin/readshim-conformance.js')}`,
      ...env,
    },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, cwd };
}

describe('src/action/run.sh (the steps of action.yml)', () => {
  it('a conforming shim: exit 0, a JUnit report with no failure', () => {
    const r = action({
      READSHIM_ARGS: `--process ${JSON.stringify(python('examples/python/delivery_shim.py'))} --arm cap --runs 3 --no-save`,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const xml = parseXml(readFileSync(join(r.cwd, 'reports/readshim.xml'), 'utf8'));
    expect(xml.name).toBe('testsuites');
    expect(xml.attrs.failures).toBe('0');
    expect(r.stdout).toContain('green');
    // A process subject runs under --isolate by default where bubblewrap works, and the log says which.
    const why = isolationUnavailable();
    expect(r.stdout).toContain(why === undefined ? 'isolated (--isolate, bubblewrap)' : 'not isolated: ');
  }, 300_000);

  it('a lying shim: non-zero (red), the JUnit report names the failing rule', () => {
    const r = action({
      READSHIM_ARGS: `--process ${JSON.stringify(python('examples/python/mtime_shim.py'))} --arm cap --runs 3 --only POINTER-FULL --no-save`,
      READSHIM_REPORTS: 'out/r',
    });
    expect(r.code).toBe(1);
    const text = readFileSync(join(r.cwd, 'out/r/readshim.xml'), 'utf8');
    expect(Number(parseXml(text).attrs.failures)).toBeGreaterThan(0);
    expect(text).toMatch(/<testcase name="POINTER-FULL"[^>]*>\s*<failure/);
    expect(r.stdout).toContain('red');
  }, 300_000);

  it('bad input: exit 2 with one line, no report', () => {
    for (const args of ['', '--arm cap --reporter json']) {
      const r = action({ READSHIM_ARGS: args });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(join(r.cwd, 'reports'))).toBe(false);
    }
    const bad = action({ READSHIM_ARGS: '--arm cap', READSHIM_ISOLATE: 'maybe' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^readshim action: READSHIM_ISOLATE \(input "isolate"\): true or false/);
  });
});
