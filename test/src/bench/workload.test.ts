/** The bench workload: deterministic from its seed, shaped as docs/BENCH.md says, every parameter wired. */
import { describe, expect, it } from 'vitest';
import { parseTrace, formatTrace } from '../../../src/core/trace.ts';
import { SPEC_VERSION } from '../../../src/core/version.ts';
import {
  DEFAULT_WORKLOAD,
  buildWorkload,
  describeWorkload,
  workloadProblem,
  type WorkloadParams,
} from '../../../src/bench/workload.ts';

const small: WorkloadParams = { ...DEFAULT_WORKLOAD, reads: 400, workers: 30, files: 40 };

describe('determinism', () => {
  it('the same parameters give the same events; another seed gives other events', () => {
    const a = buildWorkload(small);
    const b = buildWorkload({ ...small });
    expect(b.events).toEqual(a.events);
    expect(b.stats).toEqual(a.stats);
    const c = buildWorkload({ ...small, seed: small.seed + 1 });
    expect(c.events).not.toEqual(a.events);
  });

  it('its events are valid trace events (they survive the trace format)', () => {
    const w = buildWorkload(small);
    const header = {
      type: 'header' as const,
      kit: 'x',
      specVersion: SPEC_VERSION,
      cap: w.params.cap,
      arm: 'all' as const,
      seal: 's',
    };
    expect(parseTrace(formatTrace({ header, events: w.events })).events).toEqual(w.events);
  });
});

describe('the default workload is shaped like the measured corpus', () => {
  const w = buildWorkload(DEFAULT_WORKLOAD);
  const s = w.stats;

  it('counts what it says it holds', () => {
    expect(s).toEqual(describeWorkload(w.events, DEFAULT_WORKLOAD.cap));
    expect(s.reads).toBe(1_844);
    expect(w.events.filter((e) => e.type === 'read')).toHaveLength(1_844);
  });

  it('about half of all reads re-read unchanged text; many files exceed the cap; edits, windows, compactions occur', () => {
    expect(s.rereadsUnchanged / s.reads).toBeGreaterThan(0.45);
    expect(s.rereadsUnchanged / s.reads).toBeLessThan(0.51);
    expect(s.filesOverCap / s.files).toBeGreaterThan(0.15);
    expect(s.filesOverCap / s.files).toBeLessThan(0.35);
    expect(s.readsOverCap).toBeGreaterThan(0.15 * s.reads);
    expect(s.rereadsChanged).toBeGreaterThan(0);
    expect(s.edits).toBeGreaterThan(0);
    expect(s.sameMtimeEdits).toBeGreaterThan(0);
    expect(s.windowed / s.reads).toBeGreaterThan(0.05);
    expect(s.compactions).toBeGreaterThan(0);
    expect(s.workers).toBe(143);
  });
});

describe('every parameter moves the workload', () => {
  const base = buildWorkload(small).stats;
  it.each([
    ['rereadRate', 0, (s: typeof base) => s.rereadsUnchanged < base.rereadsUnchanged / 3],
    ['editRate', 0, (s: typeof base) => s.edits === 0 && s.rereadsChanged === 0],
    ['windowRate', 0, (s: typeof base) => s.windowed === 0],
    ['compactRate', 0, (s: typeof base) => s.compactions === 0],
    ['sameMtimeRate', 0, (s: typeof base) => s.sameMtimeEdits === 0],
    ['largeRate', 0, (s: typeof base) => s.filesOverCap === 0],
    ['largeRate', 1, (s: typeof base) => s.filesOverCap === s.files],
    ['workers', 5, (s: typeof base) => s.workers === 5],
  ] as const)('%s = %s', (key, value, holds) => {
    expect(base.compactions > 0 && base.sameMtimeEdits > 0 && base.windowed > 0).toBe(true);
    expect(holds(buildWorkload({ ...small, [key]: value }).stats)).toBe(true);
  });

  it('the cap scales the files: a smaller cap, as many files over it', () => {
    const s = buildWorkload({ ...small, cap: 4_096 }).stats;
    expect(s.filesOverCap).toBe(base.filesOverCap);
  });
});

describe('workloadProblem', () => {
  it.each([
    [{ reads: 0 }, /^reads must be/],
    [{ workers: 401 }, /^workers must be .*number of reads \(400\)/],
    [{ files: 0 }, /^files must be/],
    [{ cap: 3 }, /^cap must be an integer >= 4/],
    [{ rereadRate: 1.01 }, /^reread-rate must be a number from 0 to 1/],
    [{ editRate: -0.1 }, /^edit-rate must be/],
    [{ seed: 1.5 }, /^seed must be/],
  ])('%j', (over, message) => {
    expect(workloadProblem({ ...small, ...over })).toMatch(message);
    expect(() => buildWorkload({ ...small, ...over })).toThrow(RangeError);
  });

  it('accepts the defaults', () => {
    expect(workloadProblem(DEFAULT_WORKLOAD)).toBeUndefined();
  });
});
