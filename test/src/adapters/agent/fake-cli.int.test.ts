/**
 * The agent driver end to end without a real CLI: test/fixtures/agent/fake-cli.mjs plays an agent
 * CLI (Anthropic Messages to the kit's model server, its own Read with an mtime dedup) under the
 * worked example profile. What an agent run saves is judged again from the raw tool results it
 * recorded (spec 2.1 `response.raw`): `audit` and `--replay` reach the run's verdict; and the
 * driver's faults mid-history end the run with exit 2, one line, nothing left behind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTrace, formatTrace, type ReadEvent, type Trace } from '../../../../src/core/trace.ts';
import { cpuBudget, inProcess, ROOT } from '../../cli/helpers.ts';
import { TRACE, failed, json } from '../drivers/helpers.ts';

const FAKE = join(ROOT, 'test/fixtures/agent/fake-cli.mjs');
const PROFILE = 'examples/agent/claude-code-fork.ts';
const agent = (fault?: string): string[] => [
  '--agent-profile',
  PROFILE,
  '--agent-command',
  `node ${FAKE}${fault !== undefined ? ` --fault ${fault}` : ''}`,
];

const dirs: string[] = [];
const scratch = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const reads = (t: Trace): ReadEvent[] => t.events.filter((e): e is ReadEvent => e.type === 'read');
const rewrite = (t: Trace, f: (e: ReadEvent) => ReadEvent, dir: string, name: string): string => {
  const file = join(dir, name);
  writeFileSync(file, formatTrace({ ...t, events: t.events.map((e) => (e.type === 'read' ? f(e) : e)) }));
  return file;
};

describe('an agent run judged again from its raw tool results', { timeout: cpuBudget(8) }, () => {
  it('the saved trace keeps the bytes the CLI sent; audit and --replay reach the run’s verdict from them', async () => {
    const db = scratch('agent-raw-db-');
    const ran = await inProcess([
      'run',
      ...agent(),
      '--only',
      'POINTER-FULL',
      '--runs',
      '1',
      '--failures',
      db,
      '--reporter',
      'json',
    ]);
    expect(ran.code, ran.stderr).toBe(1);
    expect(failed(json(ran))).toEqual(['POINTER-FULL']);
    const saved = readdirSync(db).filter((f) => f.startsWith('POINTER-FULL-'));
    expect(saved.length).toBeGreaterThan(0);
    const file = join(db, saved[0]!);
    const trace = parseTrace(readFileSync(file, 'utf8'));
    expect(trace.header.adapter).toBe('agent:claude-code-fork');

    // Every recorded read carries the raw tool result: numbered rows and the reminder the judged text lacks.
    const rs = reads(trace);
    expect(rs.length).toBeGreaterThan(1);
    for (const r of rs) expect(r.response).toHaveProperty('raw');
    const content = rs.find(
      (r) => r.response !== undefined && 'raw' in r.response && /^1\t/.test(r.response.raw!.text),
    );
    expect(content).toBeDefined();
    const resp = content!.response as { text: string; raw: { text: string } };
    expect(resp.raw.text).toContain('<system-reminder>');
    expect(resp.text).not.toContain('<system-reminder>');

    const audited = await inProcess(['audit', file, '--agent-profile', PROFILE, '--reporter', 'json']);
    expect(audited.code, audited.stderr).toBe(1);
    const lies = (JSON.parse(audited.stdout) as { lies: { rule: string }[] }).lies.map((l) => l.rule);
    expect(new Set(lies)).toEqual(new Set(['POINTER-FULL']));

    const replayed = await inProcess(['run', '--no-save', ...agent(), '--replay', file, '--reporter', 'json']);
    expect(replayed.code, replayed.stderr).toBe(1);
    expect(failed(json(replayed))).toEqual(['POINTER-FULL']);

    // The judged text comes from the raw bytes: a recorded text that says otherwise changes nothing…
    const dir = scratch('agent-raw-edit-');
    const lyingText = rewrite(
      trace,
      (e) => (e.response !== undefined && 'raw' in e.response ? { ...e, response: { ...e.response, text: '' } } : e),
      dir,
      'text.jsonl',
    );
    const again = await inProcess(['audit', lyingText, '--agent-profile', PROFILE, '--reporter', 'json']);
    expect(again.code, again.stderr).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual(JSON.parse(audited.stdout.replaceAll(file, lyingText)));

    // …and raw bytes the profile cannot read are named by their line (exit 2).
    const badRaw = rewrite(
      trace,
      (e) =>
        e.response !== undefined && 'raw' in e.response
          ? { ...e, response: { ...e.response, raw: { text: 'no line numbers here' } } }
          : e,
      dir,
      'raw.jsonl',
    );
    const bad = await inProcess(['audit', badRaw, '--agent-profile', PROFILE]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/line \d+: the agent:claude-code-fork profile cannot read this raw tool result: row 1/);

    // Without a profile the raw bytes cannot be read: exit 2 saying which flag to give.
    const none = await inProcess(['audit', file]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/records an agent CLI's raw tool results .*--agent-profile <module>/);
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
