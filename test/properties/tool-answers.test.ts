/**
 * A host tool that fails past the end or gives a notice instead of content (spec 2.2, spec/SPEC.md
 * "Host read tools"): the corpus cases notice-then-split and past-end-then-grown find a shim that
 * records a read when it is requested (docs/LIE-CLASSES.md `refusal-recorded`); its twin, which
 * records what the tool delivered, passes them; the report prints both declarations.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../properties/run.ts';
import { toolAnswerShim } from '../fixtures/tool-answer-shims.ts';

const SEED = 20261206;
const CASES = ['notice-then-split', 'past-end-then-grown'];
const outcomes = (r: Awaited<ReturnType<typeof runConformance>>) =>
  r.corpus!.cases.filter((c) => CASES.includes(c.id)).map((c) => [c.id, c.played, c.failed.length > 0]);

describe('a notice or a failure past the end recorded as a delivery', () => {
  it('the shim that records when requested fails both cases, each told as a refusal recorded', async () => {
    const r = await runConformance({
      adapter: toolAnswerShim(true),
      runs: 0,
      seed: SEED,
      only: ['POINTER-FULL', 'PASSTHROUGH'],
    });
    expect(outcomes(r)).toEqual([
      ['notice-then-split', true, true],
      ['past-end-then-grown', true, true],
    ]);
    // Each of them a mechanism of the failure, told as a refusal recorded (one story per lie class).
    const told = r.rules.flatMap((x) => x.mechanisms ?? []).filter((m) => m.lieClass === 'refusal-recorded');
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((m) => CASES.includes(m.case))).toBe(true);
  });
  it('its twin, which records what the tool delivered, passes both; the assumptions name the declarations', async () => {
    const r = await runConformance({
      adapter: toolAnswerShim(false),
      runs: 0,
      seed: SEED,
      only: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    });
    expect(outcomes(r)).toEqual([
      ['notice-then-split', true, false],
      ['past-end-then-grown', true, false],
    ]);
    const said = r.assumptions.join('\n');
    expect(said).toContain('an offset past the last line fails (ERANGE), not an empty text');
    expect(said).toContain('a first line over 64 bytes answered with a notice, no content (ENOTICE)');
  });
  it('the cases are not played behind a tool that declares neither', async () => {
    const r = await runConformance({
      adapter: toolAnswerShim(false, { maxLines: 50 }),
      runs: 0,
      seed: SEED,
      only: ['PASSTHROUGH'],
    });
    expect(r.corpus!.cases.filter((c) => CASES.includes(c.id)).map((c) => c.reason)).toEqual([
      'needs a host tool that gives a notice for a long first line (capabilities.tool.notice)',
      'needs a host tool that fails past the end (capabilities.tool.pastEnd: error)',
    ]);
  });
});
