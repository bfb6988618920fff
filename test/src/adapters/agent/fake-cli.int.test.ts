/**
 * The agent driver end to end without a real CLI: test/fixtures/agent/fake-cli.mjs plays an agent
 * CLI (Anthropic Messages to the kit's model server, its own Read with an mtime dedup) under the
 * worked example profile. What an agent run saves is judged again from the raw tool results it
 * recorded (spec 2.1 `response.raw`): `audit` and `--replay` reach the run's verdict; and the
 * driver's faults mid-history end the run with exit 2, one line, nothing left behind.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, inProcess } from '../../cli/helpers.ts';
import { TRACE, failed, json } from '../drivers/helpers.ts';
import { FAKE, PROFILE, agent, rawRoundTrip } from './raw-round-trip.ts';

const dirs: string[] = [];
const scratch = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('an agent run judged again from its raw tool results', { timeout: cpuBudget(8) }, () => {
  it('the saved trace keeps the bytes the CLI sent; audit and --replay reach the run’s verdict from them', async () => {
    // The random phase alone (no corpus): it finds the mtime lie too. With the corpus: fake-cli.long.test.ts.
    await rawRoundTrip(scratch, ['--no-corpus']);
  });

  it('a trace without raw bytes (spec 2.0) is judged from its texts by the profile’s decoder', async () => {
    const dir = scratch('agent-raw-20-');
    const file = join(dir, 't.jsonl');
    const stub = { text: 'Same file as before — skipped.' };
    writeFileSync(
      file,
      [
        '{"type":"header","kit":"0.1.0","specVersion":"2.0","cap":4096,"levers":["pointer","diff"],"seal":"s"}',
        '{"type":"worker","id":"w1"}',
        '{"type":"write","path":"a.ts","content":"one\\n","mtimeMs":1700000000000}',
        '{"type":"read","worker":"w1","path":"a.ts","response":{"text":"one\\n"}}',
        '{"type":"write","path":"a.ts","content":"two\\n","mtimeMs":1700000000000}',
        JSON.stringify({ type: 'read', worker: 'w1', path: 'a.ts', response: stub }),
      ].join('\n') + '\n',
    );
    const r = await inProcess(['audit', file, '--agent-profile', PROFILE, '--reporter', 'json']);
    expect(r.code, r.stderr).toBe(1);
    expect((JSON.parse(r.stdout) as { lies: { rule: string; line: number }[] }).lies).toMatchObject([
      { rule: 'POINTER-FULL', line: 6 },
    ]);
  });
});

describe('a compaction the kit drives, and what the CLI re-attached', { timeout: cpuBudget(4) }, () => {
  it('a file the CLI re-attached is held again; one it did not is a lie when it answers "unchanged"', async () => {
    const dir = scratch('agent-compact-');
    const file = join(dir, 'forget.jsonl');
    const T = 1_700_000_000_000;
    const events = [
      { type: 'header', kit: '0.1.0', specVersion: '2.1', cap: 4096, levers: ['pointer', 'diff'], seal: 's' },
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'const a = 1;\n', mtimeMs: T },
      { type: 'write', path: 'b.ts', content: 'const b = 2;\n', mtimeMs: T },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'b.ts' },
      { type: 'forget', worker: 'w1' },
      { type: 'read', worker: 'w1', path: 'b.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    writeFileSync(file, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const fake = ['--agent-profile', 'test/fixtures/agent/fake-profile.ts', '--agent-command', `node ${FAKE}`];
    const r = await inProcess(['run', '--no-save', ...fake, '--replay', file, '--reporter', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const j = json(r);
    expect(failed(j)).toEqual(['FORGET-RESETS']);
    expect(j.host!.counts).toMatchObject({ compactions: 1, reattached: 1, stubs: 2 });
    const story = j.rules.find((x) => x.id === 'FORGET-RESETS')!.counterexample!.story.join('\n');
    // The CLI re-attached b.ts (its last read): its stub is true; a.ts's is the lie.
    expect(story).toMatch(/forget\(\); the host re-attaches b\.ts \(13 bytes\): the worker holds it again/);
    expect(story).toMatch(
      /7\. w1 reads b\.ts → "unchanged, you hold all 13 bytes"\n8\. w1 reads a\.ts → "unchanged[^\n]*\n +✗ FORGET-RESETS/,
    );
    expect(story).not.toMatch(/7\. w1 reads b\.ts[^\n]*\n +✗/);
  });
});

describe('faults of an agent CLI mid-history (fake CLI)', { timeout: cpuBudget(6) }, () => {
  it.each([
    [
      'exits after its first read',
      'exit-after:2',
      [],
      /exited with code 3 while the kit waited for the tool result of Read/,
    ],
    [
      'hangs on its second read',
      'hang-after:2',
      ['--timeout', '1500'],
      /sent no request within 1500 ms while the kit waited for the tool result of Read .*a hung CLI; --timeout sets the per-turn limit/,
    ],
    [
      'sends a request that is not JSON',
      'garbage-after:1',
      [],
      /the CLI sent a request that is not JSON: "<html>not a model request<\/html>"/,
    ],
  ])('%s: exit 2, one line, nothing left behind', async (_, fault, more, why) => {
    const tmp = scratch('agent-fault-tmp-');
    const r = await inProcess(['run', '--no-save', ...agent(fault), ...more, '--replay', TRACE('edit')], undefined, {
      TMPDIR: tmp,
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(why);
    expect(readdirSync(tmp).filter((f) => f.startsWith('readshim-'))).toEqual([]);
  });

  it('a clean replay through the fake CLI passes as plain reads (no stub arrives)', async () => {
    const r = await inProcess(['run', '--no-save', ...agent(), '--replay', TRACE('edit'), '--reporter', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = json(r);
    expect(j.claims).toEqual({ verbatim: 2, refusal: 1 });
    expect(j.host!.played).toBe('the model of claude-code-fork 0.0.1 (fake agent CLI)');
    expect(j.host!.counts).toMatchObject({ workers: 1, reads: 3, toolResults: 3, stubs: 0, refusals: 1 });
  });
});
