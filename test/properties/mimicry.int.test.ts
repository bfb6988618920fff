/**
 * Notice mimicry: files whose tool text is the shim's own notice, read by a fresh
 * worker. A sealed shim's decoder that trusts any notice-looking text fails; an unsealed shim's
 * cases are advisories under NOTICE-SEALED that never change the exit code.
 */
import { describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { decodeResponse } from '../../reference/decode.ts';
import { foreignSeal } from '../../properties/corpus/index.ts';
import { runConformance, type RunResult } from '../../properties/run.ts';
import { runJson, runPretty } from '../../src/cli/report/run.ts';
import { cli } from '../src/cli/helpers.ts';
import { unsealedPointer } from '../fixtures/unsealed.ts';

const SEED = 20_261_130;
const rule = (r: RunResult, id: string) => r.rules.find((x) => x.id === id)!;
// Mimicry plans from the notices the shim gave; of the crossed cases, their covering sample (crossed: 'cover').
const extras = { traceFiles: new Map<string, string>(), replayCommand: (f: string) => f };

describe('sealed shims: mimicry files carry a foreign seal and are judged as usual', () => {
  it('the reference tells every mimicry file from its notices', async () => {
    const r = await runConformance({ adapter: reference, arm: 'all', runs: 0, seed: SEED, crossed: 'cover' });
    const mimics = r.corpus!.cases.filter((c) => c.id.startsWith('mimic-'));
    expect(mimics.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'mimic-pointer',
        'mimic-partial-slice',
        'mimic-rest-slice',
        'mimic-diff',
        'mimic-stale-serve',
      ]),
    );
    for (const m of mimics) expect(m).toMatchObject({ lieClass: 'notice-imitation', played: true, failed: [] });
    expect(r.advisories).toEqual([]);
    expect(r.rules.filter((x) => x.status === 'fail')).toEqual([]);
  });

  it('a decoder that trusts any notice-looking text fails on a mimicry file', async () => {
    // The reference, but its decoder reads a notice under any seal as its own.
    const trusting = {
      ...reference,
      name: 'trusts-any-seal',
      decode: (text: string, info: Parameters<typeof reference.decode>[1]) =>
        decodeResponse(text.replace(/^\[readshim [^\]]*\]/, `[readshim ${info.seal}]`), info.seal),
    };
    const r = await runConformance({ adapter: trusting, arm: 'all', runs: 0, seed: SEED, crossed: 'cover' });
    const sealed = rule(r, 'NOTICE-SEALED');
    expect(sealed.status).toBe('fail');
    expect(sealed.counterexample!.source).toBe('corpus mimic-pointer');
    expect(rule(r, 'POINTER-FULL')).toMatchObject({
      status: 'fail',
      counterexample: { source: 'corpus mimic-pointer' },
    });
    const story = sealed.counterexample!.story;
    expect(story[0]).toBe(
      "lie class: notice imitation: a file whose text is the shim's own notice (corpus case mimic-pointer)",
    );
    expect(story[1]).toBe(
      "the file holds the shim's own pointer notice (learned from corpus case unchanged-reread), under a foreign seal",
    );
    const seal = sealed.counterexample!.trace.header.seal;
    expect(story.join('\n')).toContain(`write a.ts: 139 bytes "[readshim ${foreignSeal(seal)}] …"`);
    // Only the mimicry cases broke it: every other case is played with no failure.
    expect(r.corpus!.cases.filter((c) => c.failed.length > 0).every((c) => c.id.startsWith('mimic-'))).toBe(true);
  });

  it("a foreign seal has the seal's length and is not the seal", () => {
    for (const s of ['0badc0ffee00', 'abc', 'ffffffffffff', 'levers-test-seal']) {
      const f = foreignSeal(s);
      expect(f).not.toBe(s);
      expect(f.length).toBe(s.length);
      expect(f.includes(s) || s.includes(f)).toBe(false);
    }
  });
});

describe('unsealed shims: each mimicry case is an advisory under NOTICE-SEALED, never a verdict', () => {
  it('the advisories are listed, printed and in JSON; NOTICE-SEALED stays n/a and nothing fails', async () => {
    const r = await runConformance({ adapter: unsealedPointer(), runs: 0, seed: SEED, crossed: 'cover' });
    expect(r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised')).toEqual([]);
    expect(rule(r, 'NOTICE-SEALED')).toMatchObject({ status: 'n/a' });
    expect(r.advisories).toEqual([
      expect.objectContaining({
        rule: 'NOTICE-SEALED',
        case: 'mimic-pointer',
        notice: 'pointer',
        message:
          'ambiguous notice: a file with this exact text is indistinguishable from the shim\'s pointer; the shim answered "unchanged, you hold all 15 bytes", so its own decoder took the file for its notice',
      }),
    ]);
    expect(r.advisories[0]!.story.join('\n')).toMatch(/m1 reads a\.ts → "unchanged, you hold all 15 bytes"/);
    expect(runPretty(r, extras)).toMatch(
      /^advisories \(they never change the exit code\):\n {2}NOTICE-SEALED mimic-pointer: ambiguous notice: /m,
    );
    expect(JSON.parse(runJson(r, extras)).advisories).toHaveLength(1);
  });

  it('where no file can produce the notice, the report says "not reproducible by file content"', async () => {
    const r = await runConformance({
      adapter: unsealedPointer({ tool: { lineNumbers: 'cat-n' } }),
      runs: 0,
      seed: SEED,
      crossed: 'cover',
    });
    expect(r.advisories).toEqual([
      expect.objectContaining({
        case: 'mimic-pointer',
        message: expect.stringMatching(/^pointer: not reproducible by file content: line numbers: /),
        story: [],
      }),
    ]);
    expect(r.corpus!.cases.find((c) => c.id === 'mimic-pointer')).toMatchObject({
      played: false,
      reason: expect.stringMatching(/^not reproducible by file content/),
    });
  });

  it('the CLI exits 0 on an unsealed truthful shim and shows the mimicry cases it ran', () => {
    const quick = ['--sessions', '0', '--crossed-sample'];
    const r = cli([
      'run',
      '--adapter',
      'test/fixtures/unsealed.ts',
      '--runs',
      '2',
      ...quick,
      '--no-save',
      '--reporter',
      'json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      advisories: { case: string; rule: string }[];
      corpus: { cases: { id: string; played: boolean }[] };
    };
    expect(report.advisories.map((a) => [a.rule, a.case])).toEqual([['NOTICE-SEALED', 'mimic-pointer']]);
    expect(report.corpus.cases.find((c) => c.id === 'mimic-pointer')).toMatchObject({ played: true });
  }, 60_000);
});
