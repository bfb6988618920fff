// Suite: long (*.long.test.ts, run by `npm run test:hosts`): Python shim runs at --jobs 1 and 4, compared (~37 s of CPU).
/**
 * The run engine on process shims: histories at once (--jobs) give the JSON one at a
 * time gives; every history's process has a HOME and TMPDIR of its own; progress says each history.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, inProcess } from '../../cli/helpers.ts';
import { MTIME, python, sandboxesIn, sandboxHome } from './helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-process-engine-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});
const env = { TMPDIR: home };
const project = (): string => mkdtempSync(join(work, 'p-'));
/** The JSON report without what differs from run to run by design (nothing, today): compared whole. */
const json = (stdout: string): unknown => JSON.parse(stdout);

// main(argv) in-process (the Python shims are still real processes); limits sized by their CPU.
describe('--jobs: the same report as one history at a time', { timeout: cpuBudget(8) }, () => {
  it('the mtime-keyed example: --jobs 1 and --jobs 3 give the same JSON, failure, story and shrink', async () => {
    const args = [
      'run',
      '--process',
      MTIME,
      '--arm',
      'cap',
      '--seed',
      '1',
      '--runs',
      '3',
      '--only',
      'POINTER-FULL,SLICE-CONTINUES',
      '--no-corpus',
      '--shrink',
      '6',
      '--reporter',
      'json',
      '--no-save',
    ];
    const one = await inProcess([...args, '--jobs', '1'], project(), env);
    const three = await inProcess([...args, '--jobs', '3'], project(), env);
    expect(one.code).toBe(1);
    expect(three.code).toBe(1);
    expect(json(three.stdout)).toEqual(json(one.stdout));
    const pf = (json(one.stdout) as { rules: { id: string; counterexample?: { shrink?: unknown } }[] }).rules.find(
      (r) => r.id === 'POINTER-FULL',
    )!;
    expect(pf.counterexample?.shrink).toEqual({ histories: 6, budgetSpent: true });
    expect(sandboxesIn(home)).toEqual([]);
  });
});

describe("each history's process gets a fresh HOME and TMPDIR", { timeout: cpuBudget(8) }, () => {
  it('a shim that keeps its ledgers under $HOME passes, whatever --jobs, and every home is removed', async () => {
    const log = join(work, 'homes.log');
    const args = (jobs: string) => [
      'run',
      '--process',
      python('test/src/adapters/process/fixtures/disk_ledger_shim.py', log),
      '--arm',
      'cap',
      '--runs',
      '2',
      '--jobs',
      jobs,
      '--only',
      'POINTER-FULL,SLICE-CONTINUES',
      '--reporter',
      'json',
      '--no-save',
    ];
    const two = await inProcess(args('2'), project(), env);
    expect(two.stderr).toBe('');
    expect(two.code).toBe(0);
    const starts = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
    // The surface process and a process per history (six), maybe spares: each its own pair.
    expect(starts.length).toBeGreaterThanOrEqual(7);
    expect(new Set(starts.map((s) => s[1])).size).toBe(starts.length);
    expect(new Set(starts.map((s) => s[2])).size).toBe(starts.length);
    for (const [, h, t] of starts) {
      expect(h!.startsWith(home)).toBe(true);
      expect(existsSync(h!)).toBe(false);
      expect(existsSync(t!)).toBe(false);
    }
    expect(json((await inProcess(args('1'), project(), env)).stdout)).toEqual(json(two.stdout));
    expect(sandboxesIn(home)).toEqual([]);
  });

  it('the same shim given one HOME for every history (its command sets it) lies: the test can tell', async () => {
    const shared = mkdtempSync(join(work, 'shared-home-'));
    const cmd = `HOME='${shared}' ${python('test/src/adapters/process/fixtures/disk_ledger_shim.py', join(work, 'shared.log'))}`;
    const r = await inProcess(
      [
        'run',
        '--process',
        cmd,
        '--arm',
        'cap',
        '--runs',
        '2',
        '--jobs',
        '1',
        '--only',
        'POINTER-FULL,SLICE-CONTINUES',
        '--shrink',
        '0',
        '--no-save',
      ],
      project(),
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL +POINTER-FULL/);
  });
});

describe('progress that tells slow from hung', { timeout: cpuBudget(4) }, () => {
  it('a line per history with its time, on stderr only', async () => {
    const r = await inProcess(
      [
        'run',
        '--process',
        python('examples/python/delivery_shim.py'),
        '--arm',
        'cap',
        '--runs',
        '1',
        '--only',
        'POINTER-FULL',
        '--no-save',
      ],
      project(),
      { ...env, READSHIM_PROGRESS: '1' },
    );
    expect(r.code).toBe(0);
    const lines = r.stderr
      .trim()
      .split('\n')
      .filter((l) => / band history /.test(l));
    // One per cap band, and the session band's one history (one per 25 of --runs for a process).
    expect(lines).toHaveLength(4);
    for (const l of lines)
      expect(l).toMatch(
        /^\[\d+\.\ds\] (tiny|mid|production|session) band history 1 of 1: \d+\.\d s, \d+ events, passed$/,
      );
    expect(r.stdout).not.toMatch(/band history/);
  });
});
