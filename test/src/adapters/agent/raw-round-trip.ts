/**
 * An agent run judged again from the raw tool results it saved (spec 2.1 `response.raw`), shared by
 * fake-cli.int.test.ts (the random phase alone) and fake-cli.long.test.ts (the corpus too): the run
 * fails POINTER-FULL, its saved trace keeps the bytes the CLI sent, and `audit` and `--replay`
 * reach the run's verdict from them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseTrace, formatTrace, type ReadEvent, type Trace } from '../../../../src/core/trace.ts';
import { inProcess, ROOT } from '../../cli/helpers.ts';
import { failed, json } from '../drivers/helpers.ts';

export const FAKE = join(ROOT, 'test/fixtures/agent/fake-cli.mjs');
export const PROFILE = 'examples/agent/claude-code-fork.ts';
export const agent = (fault?: string): string[] => [
  '--agent-profile',
  PROFILE,
  '--agent-command',
  `node ${FAKE}${fault !== undefined ? ` --fault ${fault}` : ''}`,
];

const reads = (t: Trace): ReadEvent[] => t.events.filter((e): e is ReadEvent => e.type === 'read');
const rewrite = (t: Trace, f: (e: ReadEvent) => ReadEvent, dir: string, name: string): string => {
  const file = join(dir, name);
  writeFileSync(file, formatTrace({ ...t, events: t.events.map((e) => (e.type === 'read' ? f(e) : e)) }));
  return file;
};

/** Runs the fake CLI with `more` run flags, then judges what it saved again (`scratch` makes a removed folder). */
export async function rawRoundTrip(scratch: (prefix: string) => string, more: readonly string[]): Promise<void> {
  const db = scratch('agent-raw-db-');
  const ran = await inProcess([
    'run',
    ...agent(),
    '--only',
    'POINTER-FULL',
    '--runs',
    '1',
    ...more,
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
  const content = rs.find((r) => r.response !== undefined && 'raw' in r.response && /^1\t/.test(r.response.raw!.text));
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
}
