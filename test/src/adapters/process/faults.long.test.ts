// Suite: long (*.long.test.ts, run by `npm run test:hosts`): spawned runs of faulty process shims, timeouts and a 50 MB reply line (about 13 s of CPU).
/**
 * Never a silent or hung run, for process shims: a grandchild that leaves the process
 * group, a 50 MB reply line, and a replay that starts only the process its trace needs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Channel } from '../../../../src/adapters/process/channel.ts';
import { cli } from '../../cli/helpers.ts';
import { bad, PYTHON, sandboxesIn, sandboxHome } from './helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-process-faults-'));
const orphans = join(work, 'orphans.txt');
afterAll(() => {
  // The escaped grandchildren (each a `sleep 60` the fixture started): killed by pid, one by one.
  let pids: string[] = [];
  try {
    pids = readFileSync(orphans, 'utf8').split('\n').filter(Boolean);
  } catch {
    // none started
  }
  for (const pid of pids)
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});
const env = { TMPDIR: home };
const project = (): string => mkdtempSync(join(work, 'p-'));

/** Two reads of one file under arm cap, cap 64: the smallest replay. */
function twoReads(): string {
  const file = join(work, `two-${Math.random().toString(36).slice(2)}.jsonl`);
  const content = 'export const port = 8080;\nexport const host = "localhost";\nexport const x = 1;\n';
  writeFileSync(
    file,
    [
      { type: 'header', kit: '0.1.0', specVersion: '1.0', cap: 64, arm: 'cap', seal: 'c1ea4e5ea100', seed: 7 },
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content, mtimeMs: 1_700_000_000_000 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n') + '\n',
  );
  return file;
}

describe('a shim whose grandchild leaves the process group and keeps stdout open', () => {
  // A hang would last until the grandchild's `sleep 60` ends: the CLI is given 30 s, so a hang fails.
  const LIMIT = 30_000;
  it('crashes mid-history: exit 2 at once, saying its stdout is still open', () => {
    const r = cli(
      ['run', '--process', bad('orphan-crash') + ` '${orphans}'`, '--arm', 'cap', '--runs', '2', '--timeout', '20000'],
      project(),
      env,
      LIMIT,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /exited with code 1 before answering read \(id \d+\), and its stdout is still open \(a process it started holds it\)/,
    );
    expect(r.stderr).toMatch(/boom: the shim crashed mid-history/);
    expect(sandboxesIn(home)).toEqual([]);
  });

  it('hangs mid-history: exit 2 after the timeout, and the kit does not wait for the grandchild', () => {
    const r = cli(
      ['run', '--process', bad('orphan-hang') + ` '${orphans}'`, '--arm', 'cap', '--runs', '2', '--timeout', '1500'],
      project(),
      env,
      LIMIT,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/did not answer read \(id \d+\) within 1500 ms/);
    expect(sandboxesIn(home)).toEqual([]);
  });
});

describe('a shim that closes its stdout and keeps running', () => {
  it('is told at once, not after --timeout: the shell that started it holds no copy of the pipe', () => {
    const started = Date.now();
    const r = cli(
      ['run', '--process', bad('close-stdout'), '--arm', 'cap', '--runs', '2', '--timeout', '60000'],
      project(),
      env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/closed its stdout before answering read .*, and is still running/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('a 50 MB reply line (the protocol allows 64 MiB)', () => {
  it('reaches the parser joined once (a counter on the real channel, not a stopwatch)', async () => {
    const script = join(work, 'big-hello.py');
    writeFileSync(
      script,
      'import sys\nsys.stdin.readline()\nsys.stdout.write(\'{"id":0,"protocol":1\' + " " * 50000000 + "}\\n")\nsys.stdout.flush()\nsys.stdin.readline()\n',
    );
    let broken: unknown;
    const ch = new Channel({
      command: `'${PYTHON}' '${script}'`,
      cwd: work,
      timeoutMs: 60_000,
      onBroken: (e) => (broken = e),
    });
    try {
      const reply = await ch.request('hello', { protocol: 1 });
      expect(reply).toEqual({ id: 0, protocol: 1 });
      expect(broken).toBeUndefined();
      expect(ch.lineStats.joins).toBe(1);
      expect(ch.lineStats.pieces).toBeGreaterThan(1); // it did arrive in many chunks, each taken once
    } finally {
      await ch.close();
    }
  });

  it('a hello and a read reply of 50 MB each are judged, not reported as a silent process', () => {
    const r = cli(['run', '--process', bad('big-line'), '--replay', twoReads(), '--timeout', '30000'], project(), env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/pass +SLICE-EXACT +\d+ checks?/);
    expect(r.stdout).toMatch(/summary: \d+ passed, 0 failed/);
  });
});

describe('--replay plays the trace only', () => {
  it('starts one process for a one-history trace (no surface process, no spares), and takes arm, cap and seal from the header', () => {
    const starts = join(work, 'starts.txt');
    const trace = twoReads();
    const r = cli(['run', '--process', bad('none'), '--replay', trace, '--reporter', 'json'], project(), {
      ...env,
      READSHIM_TEST_STARTS: starts,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      adapter: 'process:py-delivery',
      arm: 'cap',
      runs: 0,
      caps: [],
      replay: { trace, arm: 'cap', cap: 64, seal: 'c1ea4e5ea100' },
    });
    expect(j.rules.find((x: { id: string }) => x.id === 'SLICE-EXACT')).toMatchObject({ status: 'pass', checks: 2 });
    expect(sandboxesIn(home)).toEqual([]);
  });

  it('a generated run still probes the surface in its own process and pre-spawns', () => {
    const starts = join(work, 'starts-run.txt');
    const r = cli(
      ['run', '--process', bad('none'), '--arm', 'cap', '--runs', '1', '--only', 'SLICE-EXACT'],
      project(),
      { ...env, READSHIM_TEST_STARTS: starts },
    );
    expect(r.code).toBe(0);
    // The surface process, one per history (three bands), and the spares started ahead.
    expect(readFileSync(starts, 'utf8').trim().split('\n').length).toBeGreaterThan(4);
  });
});
