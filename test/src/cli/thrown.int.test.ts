/**
 * A throw of an in-process adapter names the culprit: exit 2, one line with the adapter's file, the
 * method (or "stray rejection", or an error thrown outside any call) and the error's message, never
 * "a bug in the kit"; --verbose adds the stack (src/harness/blame.ts, src/cli/strays.ts). A throw
 * the contract judges — read() and stale() answering with an error, a surface method the probes
 * call — is a verdict. Methods through main() in this thread; a timer and a stray promise, which
 * escape to the process, spawned: thrown.long.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';
import { THROWS_IN, culprit } from './thrown.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-thrown-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// Where a throw ends up, not the session band nor the whole crossed table.
const args = ['run', '--adapter', THROWS_IN, '--runs', '2', '--sessions', '0', '--crossed-sample', '--no-save'];

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
