// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the run command on spawned Python shims (~52 s of CPU).
/** `run --process`: the Python examples (CI runs both) and processes that break the protocol. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEC_VERSION } from '../../../../src/core/version.ts';
import { cli, cpuBudget, inProcess } from '../../cli/helpers.ts';
import { bad, DELIVERY, MTIME, sandboxesIn, sandboxHome } from './helpers.ts';

const home = sandboxHome(); // TMPDIR of every run: sandboxes are made here, and must be gone after
const work = mkdtempSync(join(tmpdir(), 'readshim-process-cli-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});
const env = { TMPDIR: home };
const project = (): string => mkdtempSync(join(work, 'p-'));

// Python shims start per history: limits sized by that CPU, not vitest's default.
describe('run --process: the Python examples', { timeout: cpuBudget(10) }, () => {
  it('the delivery-keyed example passes a default run, which says how many histories it ran and why', () => {
    // The one run through the spawned bin; the others call main(argv) in-process (no node + tsx start).
    const r = cli(['run', '--process', DELIVERY, '--arm', 'cap'], project(), env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/adapter process:py-delivery, arm cap, seed \d+, 25 histories per cap band/);
    expect(r.stdout).toMatch(/note: 25 histories per cap band is the default for --process .*--runs <n> overrides/);
    expect(r.stdout).toMatch(/summary: 18 passed, 0 failed, 6 n\/a, 0 unexercised/);
    expect(sandboxesIn(home)).toEqual([]);
  });

  it('its JSON report carries specVersion, probes the surface over the protocol, and says why OFF-IDENTITY is n/a', async () => {
    const only = 'ARM-GUARD,ARM-TABLE,PERSONA-TRUTH,CAP-PARAM,COUNT-EXACT,POINTER-FULL,OFF-IDENTITY';
    const r = await inProcess(
      ['run', '--process', DELIVERY, '--arm', 'cap', '--runs', '5', '--only', only, '--reporter', 'json'],
      project(),
      env,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      tool: 'readshim-conformance',
      command: 'run',
      specVersion: SPEC_VERSION,
      adapter: 'process:py-delivery',
      runs: 5,
    });
    const rule = (id: string) => j.rules.find((x: { id: string }) => x.id === id);
    for (const id of ['ARM-GUARD', 'ARM-TABLE', 'PERSONA-TRUTH', 'CAP-PARAM', 'COUNT-EXACT', 'POINTER-FULL']) {
      expect(rule(id).status).toBe('pass');
      expect(rule(id).checks).toBeGreaterThan(0);
    }
    expect(rule('OFF-IDENTITY')).toMatchObject({
      status: 'n/a',
      reason: expect.stringMatching(/over a pipe, where object identity does not exist/),
    });
  });

  it('the mtime-keyed example fails POINTER-FULL with a same-mtime edit in its story, and the saved trace replays it', async () => {
    const dir = project();
    const r = await inProcess(['run', '--process', MTIME, '--arm', 'cap', '--only', 'POINTER-FULL'], dir, env);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL +POINTER-FULL/);
    const story = r.stdout.slice(r.stdout.indexOf('FAIL POINTER-FULL:'));
    const kept = story.search(/\d+\. write (\S+): .*mtime kept at \d+/);
    const lie = story.search(/✗ POINTER-FULL: said "unchanged, you hold all/);
    expect(kept).toBeGreaterThan(-1);
    expect(lie).toBeGreaterThan(kept);
    const saved = readdirSync(join(dir, '.readshim/failures')).filter((f) => f.startsWith('POINTER-FULL-'));
    expect(saved).toHaveLength(1);
    const trace = readFileSync(join(dir, '.readshim/failures', saved[0]!), 'utf8').split('\n')[0]!;
    expect(JSON.parse(trace)).toMatchObject({ type: 'header', specVersion: SPEC_VERSION, adapter: 'process:py-mtime' });
    expect(r.stdout).toContain(`replay: npx readshim-conformance run --process '`);
    const again = await inProcess(
      ['run', '--process', MTIME, '--arm', 'cap', '--replay', join(dir, '.readshim/failures', saved[0]!)],
      dir,
      env,
    );
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/FAIL +POINTER-FULL/);
    expect(again.stdout).not.toMatch(/^note:/m);
    expect(sandboxesIn(home)).toEqual([]);
  });
});

describe(
  'run --process: a process that breaks the protocol is exit 2 with one line, within the timeout',
  { timeout: cpuBudget(3) },
  () => {
    const TIMEOUT = 2000;
    const cases: [string, string, RegExp][] = [
      [
        'never answers',
        'sleep 1000',
        /process "sleep 1000" did not answer hello \(id 0\) within 2000 ms; last request: \{"id":0,"op":"hello"/,
      ],
      ['exits at once', 'true', /process "true" exited with code 0 before answering hello/],
      ['prints garbage', 'yes garbage', /process "yes garbage" printed a line that is not JSON: "garbage"/],
      [
        'is not a command',
        'no-such-shim-command-xyz',
        /exited with code 127 before answering hello.*its stderr ended: ".*no-such-shim-command-xyz.*not found/,
      ],
      [
        'crashes mid-history',
        bad('crash'),
        /exited with code 1 before answering read .*last request: \{"id":\d+,"op":"read".*boom: the shim crashed mid-history/,
      ],
    ];
    for (const [what, command, message] of cases)
      it(what, async () => {
        // Never a hang: the run ends, exit 2, with the message of its protocol timeout or fault (the
        // test's limit only bounds a hang; no wall-clock figure decides the verdict).
        const r = await inProcess(
          ['run', '--process', command, '--arm', 'cap', '--timeout', String(TIMEOUT)],
          project(),
          env,
        );
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(sandboxesIn(home)).toEqual([]);
      });

    it('closes its stdout and keeps running: told at once, not after --timeout', async () => {
      const r = await inProcess(
        ['run', '--process', 'exec >&-; sleep 1000', '--arm', 'cap', '--timeout', '600000'],
        project(),
        env,
      );
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(
        /process "exec >&-; sleep 1000" closed its stdout before answering hello \(id 0\), and is still running/,
      );
      expect(sandboxesIn(home)).toEqual([]);
    });

    it('the handshake the kit sends carries the protocol and specVersion, and the sandbox root', async () => {
      const dir = project();
      const r = await inProcess(['run', '--process', 'head -n 1 > hello.json', '--timeout', String(TIMEOUT)], dir, env);
      expect(r.code).toBe(2);
      const hello = JSON.parse(readFileSync(join(dir, 'hello.json'), 'utf8'));
      expect(hello).toMatchObject({
        id: 0,
        op: 'hello',
        protocol: 1,
        specVersion: SPEC_VERSION,
        root: expect.stringContaining('readshim-sandbox-'),
      });
      expect(sandboxesIn(home)).toEqual([]);
    });
  },
);

describe('run --process: flags', { timeout: cpuBudget(3) }, () => {
  const cases: [string, string[], RegExp][] = [
    [
      'both kinds of adapter',
      ['run', '--adapter', 'x.ts', '--process', 'true'],
      /give --adapter <module> or --process "<cmd>", not both/,
    ],
    ['an empty command', ['run', '--process', ' '], /--process needs a command line/],
    [
      'a zero timeout',
      ['run', '--process', 'true', '--timeout', '0'],
      /--timeout must be an integer from 1 to 2147483647 \(ms\)/,
    ],
    [
      'an arm the process does not declare',
      ['run', '--process', DELIVERY, '--arm', 'diff'],
      /adapter process:py-delivery does not declare arm diff \(it declares cap\)/,
    ],
  ];
  for (const [what, args, message] of cases)
    it(what, async () => {
      const r = await inProcess(args, project(), env);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(sandboxesIn(home)).toEqual([]);
    });
});
