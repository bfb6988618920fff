/**
 * `readshim-conformance gates`: turns every config or file problem into one stderr line and exit 2
 * — never a stack trace, never a partial report — and a gate that judges nothing is unexercised.
 * Every gate passing on the reference, in both reporters: reference.long.test.ts (CI's gates step
 * runs the same command).
 */
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { fixtureDir, runCli, SLOW, removeFixtureDirs } from './helpers.ts';

afterAll(removeFixtureDirs);

async function inProcess(argv: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((stdout += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
  try {
    return { status: await main(argv), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('bad config or unreadable file: one stderr line, exit 2, no report', () => {
  const shim =
    'export function resolveArm(flag: unknown) { if (flag === 1) return 1; return 2; }\nexport function resolveArm2(flag: unknown) { return flag === 1; }\nexport const o = { f() { return 1; } };\nexport const p = { f() { return 2; } };\n';
  const dir = fixtureDir({
    'shim.ts': shim,
    'broken.ts': 'export function (\n',
    'not-json.json': '{ "gates": ',
    'empty/.keep': '',
  });
  const config = (name: string, body: unknown): string => {
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const strict = (resolver: unknown) => ({ gates: { 'GATE-ARM-STRICT-EQ': { resolver } } });

  test.each([
    ['a missing config', () => join(dir, 'nope.json'), /cannot read config .*nope\.json: ENOENT/],
    ['a config that is not JSON', () => join(dir, 'not-json.json'), /is not JSON/],
    [
      'an unknown gate',
      () => config('unknown-gate', { gates: { 'GATE-NOPE': {} } }),
      /unknown key "GATE-NOPE" \(known: GATE-STALE-NO-LEDGER/,
    ],
    [
      'an unknown key',
      () => config('unknown-key', strict({ file: 'shim.ts', function: 'resolveArm', fn: 'x' })),
      /resolver: unknown key "fn"/,
    ],
    ['no gates at all', () => config('no-gates', { gates: {} }), /names no gate/],
    ['a locator without its function', () => config('no-function', strict({ file: 'shim.ts' })), /needs "function"/],
    [
      'a missing file',
      () => config('missing-file', strict({ file: 'gone.ts', function: 'resolveArm' })),
      /cannot read gone\.ts: ENOENT/,
    ],
    [
      'a function that is not there',
      () => config('no-such-fn', strict({ file: 'shim.ts', function: 'resolveArms' })),
      /no function or class named resolveArms in shim\.ts/,
    ],
    [
      'an ambiguous function',
      () => config('ambiguous', strict({ file: 'shim.ts', function: 'f' })),
      /2 functions named f in shim\.ts \(lines 3, 4\); qualify it/,
    ],
    [
      'a file that does not parse',
      () => config('broken', strict({ file: 'broken.ts', function: 'x' })),
      /cannot parse broken\.ts:1:/,
    ],
    [
      'a glob that matches nothing',
      () => config('no-match', { gates: { 'GATE-NO-MODULE-STATE': { files: ['src/**/*.ts'] } } }),
      /matches no file/,
    ],
    [
      'an empty folder of shim files',
      () => config('empty-dir', { gates: { 'GATE-NO-MODULE-STATE': { files: ['empty'] } } }),
      /holds no JS or TS file/,
    ],
  ])('%s', async (_what, path, message) => {
    const r = await inProcess(['gates', '--config', path(), '--reporter', 'json']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  test.each([
    [['gates', '--reporter', 'xml'], /--reporter must be one of pretty\|json/],
    [['gates', '--nope'], /unknown flag --nope/],
    [['gates', '--config'], /--config needs a value/],
  ])('%j', async (argv, message) => {
    const r = await inProcess(argv);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  test('the real binary: exit 2 and one line for a bad config', { timeout: SLOW }, async () => {
    const r = await runCli(['gates', '--config', join(dir, 'not-json.json')]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^readshim-conformance: gates: config .* is not JSON/);
  });
});

describe('a gate that judges nothing is unexercised, never a pass', () => {
  // Every locator resolves, but the code they name gives the gates nothing to judge.
  const dir = fixtureDir({
    'shim.ts': [
      'export function pick(flag: unknown): number { return 1; }',
      'export function pickUsed(flag: unknown): number { return flag === true ? 1 : 0; }',
      'export function serve(): null { return null; }',
      'export class Shim { ledger = 1; }',
      '',
    ].join('\n'),
  });
  const config = (name: string, gates: unknown): string => {
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify({ gates }));
    return path;
  };

  test('0 checks: UNEXERCISED with a reason, exit 1; the same gate with something to judge passes', async () => {
    const path = config('idle', {
      'GATE-ARM-STRICT-EQ': { resolver: { file: 'shim.ts', function: 'pick' } },
      'GATE-STALE-NO-LEDGER': {
        serve: { file: 'shim.ts', function: 'serve' },
        ledger: { file: 'shim.ts', function: 'Shim', binding: 'ledger' },
      },
    });
    const json = await inProcess(['gates', '--config', path, '--reporter', 'json']);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as {
      gates: Array<{ id: string; status: string; checks: number; reason?: string }>;
      summary: Record<string, number>;
    };
    const strict = report.gates.find((g) => g.id === 'GATE-ARM-STRICT-EQ')!;
    expect(strict).toMatchObject({ status: 'unexercised', checks: 0 });
    expect(strict.reason).toMatch(/^0 uses of the arm flag: the gate judged nothing/);
    expect(report.summary).toMatchObject({ passed: 1, failed: 0, unexercised: 1 });
    expect(report.gates.find((g) => g.id === 'GATE-STALE-NO-LEDGER')).toMatchObject({ status: 'pass' });

    const pretty = await inProcess(['gates', '--config', path]);
    expect(pretty.status).toBe(1);
    expect(pretty.stdout).toMatch(/^UNEXERCISED {2}GATE-ARM-STRICT-EQ +0 uses of the arm flag$/m);
    expect(pretty.stdout).toContain('2 gates: 1 passed, 0 failed, 1 unexercised');

    const used = await inProcess([
      'gates',
      '--config',
      config('used', { 'GATE-ARM-STRICT-EQ': { resolver: { file: 'shim.ts', function: 'pickUsed' } } }),
      '--reporter',
      'json',
    ]);
    expect(used.status).toBe(0);
    expect(JSON.parse(used.stdout).gates[0]).toMatchObject({ status: 'pass', checks: 1 });
  });
});
