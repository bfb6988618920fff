/**
 * A throw of an in-process adapter names the culprit: exit 2, one line with the adapter's file, the
 * method (or "stray rejection", or an error thrown outside any call) and the error's message, never
 * "a bug in the kit"; --verbose adds the stack (src/harness/blame.ts, src/cli/strays.ts). A throw
 * the contract judges — read() and stale() answering with an error, a surface method the probes
 * call — is a verdict. Methods through main() in this thread (cheap); a timer and a stray promise
 * spawned, as they escape to the process (~3 s of CPU each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cpuBudget, HERE, inProcess, ROOT, type Ran } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-thrown-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const FILE = 'test/fixtures/adapters/throws-in.ts';
// Where a throw ends up, not the session band nor the whole crossed table.
const args = ['run', '--adapter', FILE, '--runs', '2', '--sessions', '0', '--crossed-sample', '--no-save'];

function culprit(r: Ran, method: RegExp, message: string): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^readshim-conformance: adapter throws-in \(test\/fixtures\/adapters\/throws-in\.ts\): /);
  expect(lines[0]).toMatch(method);
  expect(lines[0]).toContain(message);
  expect(r.stderr).not.toMatch(/bug in the kit|\n\s+at /);
}

describe('a throw from an adapter method: exit 2 naming file, method and message', { timeout: cpuBudget(6) }, () => {
  const methods: [string, RegExp][] = [
    ['create', /create\(\) threw/],
    ['decode', /decode\(\) threw/],
    ['forget', /forget\("[^"]+"\) threw/],
    ['counters', /counters\(\) of worker w\d+ threw/],
    ['close', /close\(\) threw/],
    ['armFlag', /surface\.armFlag\("\w+"\) threw/],
    ['splitBatch', /splitBatch\(\) threw/],
    ['openHistory', /openHistory\(\) threw/],
  ];
  for (const [method, said] of methods)
    it(method, async () => {
      culprit(await inProcess(args, ROOT, { ...HERE, READSHIM_TEST_THROW: method }), said, `${method} boom`);
    });
});

describe('a throw the contract judges is a verdict, not exit 2', { timeout: cpuBudget(4) }, () => {
  const judged: [string, string][] = [
    ['read', 'REFUSAL-TRUE'],
    ['stale', 'STALE-SERVE-LABELLED'],
    ['resolveArm', 'ARM-GUARD'],
  ];
  for (const [method, rule] of judged)
    it(method, async () => {
      const r = await inProcess([...args, '--reporter', 'json'], ROOT, { ...HERE, READSHIM_TEST_THROW: method });
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as { rules: { id: string; status: string }[] };
      expect(report.rules.find((x) => x.id === rule)?.status).toBe('fail');
    });
});

describe('an error escaping every call, spawned', { timeout: cpuBudget(8) }, () => {
  it('a throw in a timer of its own', () => {
    const r = cli(args, ROOT, { READSHIM_TEST_THROW: 'timer' });
    culprit(r, /an error thrown outside any call \(in a timer or callback of its own\): /, 'timer boom');
    expect(r.stderr).toMatch(/\(at .*throws-in\.ts:\d+:\d+\)$/m);
  });

  it('a stray rejection; --verbose adds its stack', () => {
    const r = cli([...args, '--verbose'], ROOT, { READSHIM_TEST_THROW: 'stray' });
    expect(r.code).toBe(2);
    const [first, ...stack] = r.stderr.trim().split('\n');
    expect(first).toMatch(
      /^readshim-conformance: adapter throws-in \(test\/fixtures\/adapters\/throws-in\.ts\): stray rejection \(a promise nobody awaited rejected\): stray boom/,
    );
    expect(stack[0]).toBe('Error: stray boom');
    expect(stack.slice(1).every((l) => /^\s+at /.test(l))).toBe(true);
    expect(r.stderr).not.toMatch(/bug in the kit/);
  });
});
