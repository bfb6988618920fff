// Suite: long (*.long.test.ts, run by `npm run test:hosts`): three spawned runs of a chatty adapter, stdout and stderr read apart (about 9 s of CPU).
/**
 * A report on stdout stays parseable whatever the subject prints (src/core/output.ts
 * reserveStdout, src/cli/thread.ts): an adapter that logs on stdout at load, at every call and in
 * a timer — in the worker thread of `run`, and in the kit's own thread for `audit` — has its
 * chatter on stderr, and `--reporter json | jq .` parses. Spawned, as a user runs it (~2 s of CPU each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseXml } from '../../ci/xml.ts';
import { cli, cpuBudget, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-report-stream-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const chatty = join(ROOT, 'test/fixtures/adapters/chatty.ts');
// What reaches stdout, not what is judged: no session band, a covering sample of the crossed cases.
const LIGHT = ['--sessions', '0', '--crossed-sample'];

describe('the report stream is the report alone', { timeout: cpuBudget(8) }, () => {
  it('run --reporter json: stdout parses, the chatter is on stderr', () => {
    const r = cli(['run', '--adapter', chatty, '--runs', '2', ...LIGHT, '--no-save', '--reporter', 'json'], tmp);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { summary: { failed: number } };
    expect(report.summary.failed).toBe(0);
    expect(r.stdout).not.toMatch(/chatty:/);
    for (const said of ['module loaded', 'raw bytes on stdout', 'create', 'read', 'info', 'decode', 'a timer'])
      expect(r.stderr).toContain(`chatty: ${said}`);
  });

  it('run --reporter junit --out -: stdout is one XML document', () => {
    const r = cli(
      ['run', '--adapter', chatty, '--runs', '1', ...LIGHT, '--no-save', '--reporter', 'junit', '--out', '-'],
      tmp,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<\?xml/);
    expect(r.stdout).not.toMatch(/chatty:/);
    expect(parseXml(r.stdout).name).toBe('testsuites');
  });

  it("audit --adapter (the decoder runs in the kit's own thread): stdout parses", () => {
    const r = cli(['audit', join(ROOT, 'examples/traces/clean.jsonl'), '--adapter', chatty, '--reporter', 'json'], tmp);
    expect([0, 1]).toContain(r.code);
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
    expect(r.stderr).toContain('chatty: module loaded');
    expect(r.stderr).toContain('chatty: decode');
  });
});
