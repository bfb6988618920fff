/**
 * Spec 2.2's truthful designs and their lying twins (examples/designs/window-cover.ts, name-ledger.ts,
 * half-cap.ts, line-notice.ts, size-withheld.ts), and the hand traces of test/fixtures/traces/spec-2.2/
 * replayed through the shipped designs (each true case green) and audited (each lying twin red).
 * Corpus (the crossed cases' covering sample), probes and 3 histories per band here; the default run and
 * --runs 200, with every crossed case: spec-2.2.long.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ShimAdapter } from '../../../src/core/contract.ts';
import { parseTrace } from '../../../src/core/trace.ts';
import { runConformance, type RunResult } from '../../../properties/run.ts';
import { auditTrace, eventLines } from '../../../properties/audit.ts';
import reference from '../../../src/adapters/reference.ts';
import halfCap from '../../../examples/designs/half-cap.ts';
import { bounded } from '../../../examples/designs/window-cover.ts';
import windowCover from '../../../examples/designs/window-cover.ts';
import lineNotice from '../../../examples/designs/line-notice.ts';
import sizeWithheld from '../../../examples/designs/size-withheld.ts';
import { TRUTHFUL, TWINS } from './spec-2.2.subjects.ts';
import pointerOnly from '../../../examples/designs/pointer-only.ts';
import gitDiff from '../../../examples/designs/git-diff.ts';
import zeroContext from '../../../examples/designs/zero-context-diff.ts';
import auditDecoder from '../../fixtures/adapters/audit-decoder.ts';

const SEED = 20261130;
const dir = new URL('../../fixtures/traces/spec-2.2/', import.meta.url);
const text = (name: string): string => readFileSync(new URL(name, dir), 'utf8');
const failed = (r: RunResult): string[] =>
  r.rules
    .filter((x) => x.status === 'fail')
    .map((x) => x.id)
    .sort();

// crossed: 'cover' — every condition row and edit column of the crossed table, not every cell (the long test plays all).
const QUICK = { runs: 3, seed: SEED, crossed: 'cover' } as const;

describe('the truthful designs pass; each lying twin fails its rule (corpus, probes, 3 histories per band)', () => {
  for (const [name, adapter] of TRUTHFUL)
    it(`${name}: no rule fails`, async () => {
      expect(failed(await runConformance({ adapter, ...QUICK }))).toEqual([]);
    });
  it('a below-cap slicer (half-cap) fails exactly PROGRESS and FIRST-VERBATIM: its state is per worker, reset by forget', async () => {
    expect(failed(await runConformance({ adapter: halfCap, ...QUICK }))).toEqual(['FIRST-VERBATIM', 'PROGRESS']);
  });
  for (const [name, adapter, rule] of TWINS)
    it(`${name}: ${rule} fails`, async () => {
      expect(failed(await runConformance({ adapter, ...QUICK }))).toContain(rule);
    });
});

/** A replay of a hand trace through a subject: its failing rules, and its notes of what moved with 2.2. */
async function replay(adapter: ShimAdapter, name: string): Promise<RunResult> {
  return runConformance({
    adapter,
    runs: 0,
    seed: SEED,
    replays: [{ name, trace: parseTrace(text(name)) }],
    replayOnly: true,
  });
}

describe('the shipped designs pass the hand traces of spec 2.2 (each red under 2.1: the report says it moved)', () => {
  const cases: readonly (readonly [string, ShimAdapter, string])[] = [
    ['window pointer after a whole read', windowCover, 't1-window-after-whole.jsonl'],
    ['the same behind a 40-line host', bounded, 't1-window-after-whole.bounded.jsonl'],
    ['pointer across a retarget to equal bytes', pointerOnly, 't2a-retarget-same-bytes.jsonl'],
    ['git-diff: the same', gitDiff, 't2a-retarget-same-bytes.diff-designs.jsonl'],
    ['zero-context-diff: the same', zeroContext, 't2a-retarget-same-bytes.diff-designs.jsonl'],
    ['git-diff: a diff across a retarget, against what the name showed', gitDiff, 't2b-retarget-diff.jsonl'],
    ['zero-context-diff: the same', zeroContext, 't2b-retarget-diff.jsonl'],
    ['pointer-only after forget of the link name', pointerOnly, 't3-forget-link-name.jsonl'],
    ['pointer-only after forget of a link never read', pointerOnly, 't3b-forget-unread-link.jsonl'],
    ['line-notice: three change notices of a CRLF file', lineNotice, 't5-line-notice.jsonl'],
    ['size-withheld: its own policy', sizeWithheld, 't6-size-refusal.jsonl'],
  ];
  for (const [what, adapter, file] of cases)
    it(`${what} (${file})`, async () => {
      const r = await replay(adapter, file);
      expect(failed(r)).toEqual([]);
    });
  it('a moved verdict names its rule, step and reason; the saved failure is "fixed by spec 2.2"', async () => {
    const r = await replay(pointerOnly, 't3-forget-link-name.jsonl');
    expect(r.moved).toEqual([
      {
        replay: 't3-forget-link-name.jsonl',
        rule: 'FORGET-RESETS',
        step: 7,
        now: 'true',
        reason: 'forget by name: a forget removes what was delivered under its name only',
      },
    ]);
    expect(r.fixedBySpec).toEqual([{ replay: 't3-forget-link-name.jsonl', rules: ['FORGET-RESETS'] }]);
  });
  it('below the cap, blame by law: the half-cap traces fail FIRST-VERBATIM and PROGRESS only', async () => {
    expect(failed(await replay(halfCap, 't4-half-cap-second-worker.jsonl'))).toEqual(['FIRST-VERBATIM']);
    expect(failed(await replay(halfCap, 't4-half-cap-after-forget.jsonl'))).toEqual(['FIRST-VERBATIM']);
    expect(failed(await replay(halfCap, 't4-half-cap-progress.jsonl'))).toEqual(['PROGRESS']);
  });
  it('the supersession the spec chose: a window of B does not supersede a whole A (pointer-only and the reference)', async () => {
    expect(failed(await replay(pointerOnly, 'x-window-supersedes-whole.pointer-only.jsonl'))).toEqual([]);
    expect(failed(await replay(reference, 'x-window-supersedes-whole.reference.jsonl'))).toEqual([]);
  });
});

describe('the lying twins stay red (audit of recorded responses)', () => {
  const lies: readonly (readonly [string, string, readonly string[]])[] = [
    ['A→B→A after the worker was shown B', 'l-aba-after-shown-b.audit.jsonl', ['8:POINTER-FULL']],
    ['twin files: a pointer to the one never read', 'l-twin-files.audit.jsonl', ['6:FIRST-VERBATIM', '6:POINTER-FULL']],
    ['a retarget to other bytes of the same size and mtime', 'l-retarget-other-bytes.audit.jsonl', ['8:POINTER-FULL']],
    ['forget under the only name, then a pointer', 'l-forget-only-name.audit.jsonl', ['6:FORGET-RESETS']],
    ['read only through a link, forget of the link', 'l-forget-link-only-name.audit.jsonl', ['7:FORGET-RESETS']],
    [
      'windows beyond a host cut after a whole read',
      'l1-window-beyond-cut.audit.jsonl',
      ['5:FIRST-VERBATIM', '5:POINTER-FULL', '6:FIRST-VERBATIM', '6:POINTER-FULL'],
    ],
    ['a batch part cut by a budget, then a pointer', 'l-batch-budget-cut.audit.jsonl', ['7:POINTER-FULL']],
    ['windows are never spliced', 'x-splice-windows.audit.jsonl', ['6:FIRST-VERBATIM', '6:POINTER-FULL']],
    ['the latest delivery under the name decides', 'x-identity-latest.v2-then-cur.audit.jsonl', ['9:POINTER-FULL']],
    [
      'a pointer false with or without the forget keeps its own rules',
      'x4-vacuous-blame.audit.jsonl',
      ['4:FIRST-VERBATIM', '6:FIRST-VERBATIM', '6:POINTER-FULL'],
    ],
  ];
  for (const [what, file, want] of lies)
    it(`${what} (${file})`, async () => {
      const t = text(file);
      const r = await auditTrace(parseTrace(t), eventLines(t), auditDecoder);
      expect(r.lies.map((l) => `${l.line}:${l.rule}`)).toEqual(want);
    });
  it('the identity clause in the other order is true (x-identity-latest.cur-then-v2)', async () => {
    const t = text('x-identity-latest.cur-then-v2.audit.jsonl');
    expect((await auditTrace(parseTrace(t), eventLines(t), auditDecoder)).lies).toEqual([]);
  });
});
