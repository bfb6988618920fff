// Suite: long (*.long.test.ts, run by `npm run test:hosts`): each test spawns a run and signals it mid-way (about 16 s of CPU).
/**
 * A run cut short keeps the lies it found (src/cli/interrupt.ts, src/cli/failure-log.ts): the
 * counterexample is saved when it is found, before shrinking; on SIGINT or SIGTERM the kit says
 * which rules had failed and where their traces are, within 5 s, and exits 1 — or dies by the
 * signal (128 + its number) when nothing had failed. What was saved replays. Spawned, signalled
 * as soon as progress shows the moment wanted (~4 s of CPU each). The crossed cases as a covering
 * sample, the session band off where it is not the point: what is cut short is the point.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-interrupt-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const BIN = join(ROOT, 'bin/readshim-conformance.js');
const fixture = (name: string) => join(ROOT, 'test/fixtures/adapters', name);

interface Interrupted {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  readonly stdout: string;
  /** From the signal to the kit's exit. */
  readonly ms: number;
}

/** Runs the CLI in `cwd` with progress on; sends `signal` once a stderr line matches `when`. */
function interrupt(args: string[], cwd: string, when: RegExp, signal: NodeJS.Signals): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, READSHIM_PROGRESS: '1' },
    });
    let stderr = '';
    let stdout = '';
    let sent: number | undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (sent === undefined && when.test(stderr)) {
        sent = Date.now();
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code, sig) => {
      clearTimeout(guard);
      resolve({ code, signal: sig, stderr, stdout, ms: sent === undefined ? Infinity : Date.now() - sent });
    });
  });
}

describe('a signal after a lie was found', { timeout: cpuBudget(10) }, () => {
  it('SIGINT after the corpus found one: exit 1 within 5 s naming the rule and its trace, which replays', async () => {
    const dir = mkdtempSync(join(tmp, 'corpus-'));
    const adapter = fixture('ignores-forget.ts');
    const r = await interrupt(
      ['run', '--adapter', adapter, '--arm', 'cap', '--runs', '1000000', '--crossed-sample'],
      dir,
      /failed so far: FORGET-RESETS/,
      'SIGINT',
    );
    expect(r.code).toBe(1);
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/run interrupted by SIGINT: 1 rule had failed so far \(exit 1\)/);
    const saved = readdirSync(join(dir, '.readshim/failures'));
    expect(saved).toHaveLength(1);
    expect(r.stderr).toContain(`  FORGET-RESETS: .readshim/failures/${saved[0]}`);
    expect(r.stderr).toMatch(/ {2}replay: npx readshim-conformance run --adapter .* --replay \.readshim\/failures\//);
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual([]);
    const again = await inProcess(
      ['run', '--adapter', adapter, '--replay', join('.readshim/failures', saved[0]!), '--reporter', 'json'],
      dir,
      HERE,
    );
    expect(again.code).toBe(1);
    const report = JSON.parse(again.stdout) as { rules: { id: string; status: string }[] };
    expect(report.rules.find((x) => x.id === 'FORGET-RESETS')?.status).toBe('fail');
  });

  it('SIGINT while a random history that lied awaits shrinking: its trace as found is kept, and replays', async () => {
    const dir = mkdtempSync(join(tmp, 'random-'));
    const adapter = fixture('path-hash.ts');
    const r = await interrupt(
      ['run', '--adapter', adapter, '--runs', '1000000', '--no-corpus'],
      dir,
      /failed so far: POINTER-FULL/,
      'SIGINT',
    );
    expect(r.code).toBe(1);
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stderr).toMatch(
      / {2}POINTER-FULL: \.readshim\/failures\/POINTER-FULL-[0-9a-f]+\.jsonl \(the history as found, not yet shrunk\)/,
    );
    const [saved] = readdirSync(join(dir, '.readshim/failures'));
    const again = await inProcess(
      ['run', '--adapter', adapter, '--replay', join('.readshim/failures', saved!), '--reporter', 'json'],
      dir,
      HERE,
    );
    expect(again.code).toBe(1);
    const report = JSON.parse(again.stdout) as { rules: { id: string; status: string }[] };
    expect(report.rules.find((x) => x.id === 'POINTER-FULL')?.status).toBe('fail');
  });

  it("SIGTERM after a process shim lied: exit 1 naming it, never blamed on the shim (its exit guard is the subject's, not the kit's)", async () => {
    const dir = mkdtempSync(join(tmp, 'process-'));
    const r = await interrupt(
      [
        'run',
        '--process',
        `python3 ${join(ROOT, 'examples/python/mtime_shim.py')}`,
        '--arm',
        'cap',
        '--runs',
        '1000',
        '--crossed-sample',
      ],
      dir,
      /failed so far: POINTER-FULL/,
      'SIGTERM',
    );
    expect(r.code).toBe(1);
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stderr).toMatch(/run interrupted by SIGTERM: \d+ rules? had failed so far \(exit 1\)/);
    expect(r.stderr).not.toMatch(/called process\.exit/);
    expect(r.stderr).toMatch(/ {2}POINTER-FULL: \.readshim\/failures\/POINTER-FULL-[0-9a-f]+\.jsonl/);
  });
});

describe('a signal before any lie', { timeout: cpuBudget(6) }, () => {
  it('SIGTERM: the kit ends by the signal (128 + 15), saying nothing had failed', async () => {
    const dir = mkdtempSync(join(tmp, 'clean-'));
    const r = await interrupt(['run', '--runs', '1000000', '--crossed-sample'], dir, /band: histories/, 'SIGTERM');
    expect(r.signal).toBe('SIGTERM');
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stderr).toMatch(/run interrupted by SIGTERM before any rule failed \(exit 143\)/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('an uninterrupted run', { timeout: cpuBudget(4) }, () => {
  it('leaves one trace per failed rule, the shrunk one the report names (the one found is replaced)', async () => {
    const dir = mkdtempSync(join(tmp, 'whole-'));
    const r = await inProcess(
      [
        'run',
        '--adapter',
        fixture('path-hash.ts'),
        '--runs',
        '20',
        '--sessions',
        '0',
        '--no-corpus',
        '--reporter',
        'json',
      ],
      dir,
      HERE,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      rules: { id: string; status: string; counterexample?: { trace: unknown; shrink?: { histories: number } } }[];
    };
    const failed = report.rules.filter((x) => x.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.some((x) => (x.counterexample?.shrink?.histories ?? 0) > 0)).toBe(true);
    const files = readdirSync(join(dir, '.readshim/failures')).sort();
    const named = failed.map((x) => x.counterexample!.trace);
    expect(named.every((t) => typeof t === 'string')).toBe(true);
    expect(files).toEqual(named.map((t) => (t as string).replace(/^.*\//, '')).sort());
  });
});
