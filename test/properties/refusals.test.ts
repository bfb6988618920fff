/**
 * A read recorded as delivered when the host refused it (docs/LIE-CLASSES.md `refusal-recorded`),
 * in process: the corpus finds the shim whose map is written before the size check; its twin passes.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../properties/run.ts';
import { refusalShim } from '../fixtures/refusal-shims.ts';

const SEED = 20261202;
const statusOf = (r: Awaited<ReturnType<typeof runConformance>>, id: string) => r.rules.find((x) => x.id === id)!;

describe('refusal-recorded, in process', () => {
  it('a map written before the size check fails POINTER-FULL on the corpus case refused-then-trimmed', async () => {
    const r = await runConformance({ adapter: refusalShim(true), runs: 0, seed: SEED });
    const p = statusOf(r, 'POINTER-FULL');
    expect(p.status).toBe('fail');
    expect(p.counterexample!.source).toMatch(/^corpus /);
    expect(p.counterexample!.story[0]).toBe(
      'lie class: a host refusal recorded as a delivery ("already in context" to a worker that never got a byte) (corpus case refused-then-trimmed)',
    );
    expect(p.counterexample!.story.join('\n')).toContain('error: EFBIG: File content');
    expect(r.assumptions.join('\n')).toContain('refuses a whole read of a file over 64 bytes');
  });
  it('the twin that records what the tool delivered passes every rule, with one random history per band too', async () => {
    const r = await runConformance({ adapter: refusalShim(false), runs: 1, seed: SEED });
    expect(
      r.rules.filter((x) => x.status === 'fail').map((x) => `${x.id}: ${x.counterexample?.story.join('\n')}`),
    ).toEqual([]);
    expect(statusOf(r, 'PASSTHROUGH').checks).toBeGreaterThan(0);
  });
  it('token and binary refusals: their cases play, and the twin passes them', async () => {
    const r = await runConformance({
      adapter: refusalShim(false, { maxLines: 4, refuse: { maxTokens: 12, binary: true } }),
      runs: 0,
      seed: SEED,
    });
    const cases = r.corpus!.cases.filter((c) => c.lieClass === 'refusal-recorded');
    expect(cases.map((c) => [c.id, c.played, c.failed])).toEqual([
      ['refused-then-window', false, []],
      ['refused-then-trimmed', false, []],
      ['refused-over-tokens', true, []],
      ['refused-binary', true, []],
      // Spec 2.2: these need a tool that gives a notice or fails past the end, declared here by neither.
      ['notice-then-split', false, []],
      ['past-end-then-grown', false, []],
    ]);
    expect(r.rules.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual([]);
    // Too small a token threshold for a one-line window: the case says why it is not played.
    const tiny = await runConformance({
      adapter: refusalShim(false, { maxLines: 4, refuse: { maxTokens: 9 } }),
      runs: 0,
      seed: SEED,
      only: ['PASSTHROUGH'],
    });
    expect(tiny.corpus!.cases.find((c) => c.id === 'refused-over-tokens')).toMatchObject({
      played: false,
      reason: 'the host tool refuses even a one-line window at 9 tokens',
    });
  });
});
