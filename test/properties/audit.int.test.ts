import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { formatTrace, parseTrace } from '../../src/core/trace.ts';
import { auditTrace, eventLines } from '../../properties/audit.ts';
import { runConformance } from '../../properties/run.ts';
import { BROKEN } from '../fixtures/naive-shims.ts';
import { cli, cpuBudget, inProcess, ROOT } from '../src/cli/helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-audit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const example = (name: string) => join(ROOT, 'examples/traces', name);
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
const write = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

describe('audit: the shipped example traces', { timeout: cpuBudget(3) }, () => {
  it('with-lie.jsonl: exit 1, the pointer after a partial read named by its line', async () => {
    // The one audit through the spawned bin; the others call main(argv) in-process (no node + tsx start).
    const r = cli(['audit', example('with-lie.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^line 5: POINTER-FULL — said "unchanged, you hold all 59 bytes" but the worker holds bytes 0–24 of 59$/m,
    );
    expect(r.stdout).toMatch(/1 lie\b/);
  });

  it('with-lie.jsonl as JSON: the envelope, one lie {line, rule, story}', async () => {
    const r = await inProcess(['audit', example('with-lie.jsonl'), '--reporter', 'json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      tool: 'readshim-conformance',
      command: 'audit',
      version: expect.any(String),
      specVersion: expect.any(String),
    });
    expect(j.lies.map((l: { line: number; rule: string }) => [l.line, l.rule])).toEqual([[5, 'POINTER-FULL']]);
    const story: string[] = j.lies[0].story;
    expect(story[0]).toMatch(/^line 3: write src\/config\.ts: 59 bytes/);
    expect(story).toContain('line 4: w1 reads src/config.ts → bytes 0–24 of 59 (partial)');
    expect(story.join('\n')).toMatch(
      /line 5: w1 reads src\/config\.ts → "unchanged, you hold all 59 bytes"\n +✗ POINTER-FULL/,
    );
    expect(j.summary).toMatchObject({ lies: 1, responses: 9, events: 14 });
  });

  it('clean.jsonl: exit 0, no lie', async () => {
    const r = await inProcess(['audit', example('clean.jsonl'), '--reporter', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).lies).toEqual([]);
  });

  it('clean.jsonl is what the reference really answers (it replays with no failure)', async () => {
    const r = await inProcess(['run', '--replay', example('clean.jsonl'), '--arm', 'cap', '--reporter', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.summary.failed).toBe(0);
    // The replay records the reference's responses: they equal the ones the file carries.
    const trace = parseTrace(readFileSync(example('clean.jsonl'), 'utf8'));
    expect(
      trace.events.filter((e) => e.type === 'read').every((e) => e.type === 'read' && e.response !== undefined),
    ).toBe(true);
  });
});

describe('audit: every lie, each by its line, resynchronising after each', () => {
  const text = readFileSync(example('with-lie.jsonl'), 'utf8');
  const all = lines(text);
  // A second lie on line 10: right after the edit, the shim says "unchanged" again.
  const pointer = all[4]!;
  const twoLies = [...all.slice(0, 9), pointer, ...all.slice(10)].join('\n') + '\n';

  it('reports both lies with their lines, nothing in between (the oracle resynchronised)', async () => {
    const r = await inProcess(['audit', write('two-lies.jsonl', twoLies), '--reporter', 'json']);
    expect(r.code).toBe(1);
    const lies = JSON.parse(r.stdout).lies as { line: number; rule: string }[];
    expect(lies.map((l) => `${l.line} ${l.rule}`)).toEqual(['5 POINTER-FULL', '10 POINTER-FULL']);
  });

  it('blank lines do not shift the line numbers', async () => {
    const spaced = twoLies.split('\n').join('\n\n');
    const r = await auditTrace(parseTrace(spaced), eventLines(spaced), reference);
    expect(r.lies.map((l) => l.line)).toEqual([9, 19]);
  });

  it('judges a trace the run recorded from a broken shim exactly as the run did', async () => {
    const { adapter } = BROKEN['path-hash']!;
    // A recorded counterexample, not the session band nor the whole crossed table.
    const run = await runConformance({
      adapter,
      arm: 'cap',
      runs: 40,
      seed: 3,
      session: { histories: 0 },
      crossed: 'cover',
    });
    const cx = run.rules.find((x) => x.id === 'POINTER-FULL')!.counterexample!;
    // The story's ✗ lines, as "event number rule" (event n is on line n + 1, after the header).
    const told = new Set<string>();
    let step = 0;
    for (const l of cx.story) {
      const m = /^(\d+)\. /.exec(l);
      if (m) step = Number(m[1]);
      const x = /^\s+✗ ([A-Z0-9-]+):/.exec(l);
      if (x) told.add(`${step} ${x[1]}`);
    }
    const r = await auditTrace(cx.trace, eventLines(formatTrace(cx.trace)), adapter);
    expect(told.size).toBeGreaterThan(0);
    expect(new Set(r.lies.map((l) => `${l.line - 1} ${l.rule}`))).toEqual(told);
  });
});

describe('audit: what it cannot judge is exit 2, naming the line', () => {
  const all = lines(readFileSync(example('clean.jsonl'), 'utf8'));
  const cases: [string, string, RegExp][] = [
    [
      'a read without a recorded response',
      [...all.slice(0, 4), '{"type":"read","worker":"w1","path":"src/config.ts"}', ...all.slice(4)].join('\n'),
      /line 5: read event without a recorded "response"/,
    ],
    [
      'a write that carries a hash, not the content',
      [all[0], all[1], '{"type":"write","path":"a.ts","sha256":"ab12","mtimeMs":1}'].join('\n'),
      /line 3: write needs string "content" \(a trace carries each version's content: a hash cannot verify a payload\)/,
    ],
    ['a foreign file', '{"hello":"world"}\n', /is not a readshim trace: line 1: the first line must be a header/],
    [
      'a newer spec version',
      all[0]!.replace('"specVersion":"2.0"', '"specVersion":"99.0"'),
      /is a trace of spec 99\.0; this kit checks spec 2\.2 and cannot read newer traces/,
    ],
    [
      'a response the decoder cannot read',
      [
        all[0],
        all[1],
        all[2],
        '{"type":"read","worker":"w1","path":"src/config.ts","response":{"text":"[readshim c1ea4e5ea100] gibberish"}}',
      ].join('\n'),
      /line 4: the reference decoder cannot read this recorded response/,
    ],
    [
      'raw bytes of a malformed shape (spec 2.1 "raw")',
      [
        all[0],
        all[1],
        all[2],
        '{"type":"read","worker":"w1","path":"src/config.ts","response":{"text":"x","raw":{"isError":true}}}',
      ].join('\n'),
      /line 4: "raw" needs string "text"/,
    ],
    [
      'raw bytes beside a thrown error',
      [
        all[0],
        all[1],
        all[2],
        '{"type":"read","worker":"w1","path":"src/config.ts","response":{"error":"x","raw":{"text":"x"}}}',
      ].join('\n'),
      /line 4: "raw" belongs to a response with "text"/,
    ],
  ];
  for (const [what, text, message] of cases)
    it(what, async () => {
      const r = await inProcess(['audit', write(`${what.replace(/\W+/g, '-')}.jsonl`, `${text}\n`)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    });
  it('a missing file, a missing argument', async () => {
    expect((await inProcess(['audit', join(tmp, 'nope.jsonl')])).stderr).toMatch(
      /cannot read trace .*nope\.jsonl: ENOENT/,
    );
    const r = await inProcess(['audit']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/audit: which trace\?/);
  });
});

describe('audit: a trace that judges nothing does not pass (as an unexercised rule)', () => {
  const all = lines(readFileSync(example('clean.jsonl'), 'utf8'));
  const cases: [string, string][] = [
    ['a header alone', all[0]!],
    ['writes and workers, no read', [all[0], all[1], all[2]].join('\n')],
  ];
  for (const [what, text] of cases)
    it(what, async () => {
      const f = write(`nothing-${what.replace(/\W+/g, '-')}.jsonl`, `${text}\n`);
      const r = await inProcess(['audit', f]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/0 responses judged in \d+ events: nothing was judged/);
      const j = await inProcess(['audit', f, '--reporter', 'json']);
      expect(j.code).toBe(1);
      expect(JSON.parse(j.stdout).summary).toMatchObject({ responses: 0, lies: 0, judged: false });
    });
  it('a trace with a judged response still passes, and says it was judged', async () => {
    const j = await inProcess(['audit', example('clean.jsonl'), '--reporter', 'json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout).summary.judged).toBe(true);
  });
});
