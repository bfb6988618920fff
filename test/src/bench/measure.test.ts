/** What bench counts: bytes on both sides, and lies as the oracle judges them (one per response). */
import { modeOfArm } from '../../../src/core/levers.ts';
import { describe, expect, it } from 'vitest';
import { TRUTH_RULES, type RuleId } from '../../../src/core/rules.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import reference from '../../../src/adapters/reference.ts';
import { LIE_RULES, countLies, measure, savedPct } from '../../../src/bench/measure.ts';
import { DEFAULT_WORKLOAD, buildWorkload } from '../../../src/bench/workload.ts';
import { BROKEN } from '../../fixtures/naive-shims.ts';

const v = (index: number, rule: RuleId) => ({ index, rule, message: '' });

describe('countLies', () => {
  it('counts a response once however many lie rules it breaks, under the first in rule order', () => {
    const c = countLies([v(3, 'DONE-TRUE'), v(3, 'POINTER-FULL'), v(3, 'SLICE-EXACT'), v(8, 'FORGET-RESETS')]);
    expect(c.lies).toBe(2);
    expect(c.byRule).toEqual({ 'POINTER-FULL': 1, 'FORGET-RESETS': 1 });
  });

  it('ignores rules that do not make a response false (over-delivery, surface)', () => {
    const c = countLies([
      v(1, 'CAP-BOUND'),
      v(2, 'PROGRESS'),
      v(3, 'NOTICE-SEALED'),
      v(4, 'COUNT-EXACT'),
      v(5, 'FIRST-VERBATIM'),
    ]);
    expect(c).toEqual({ lies: 0, byRule: {} });
  });

  it('the lie rules are truth rules', () => {
    for (const r of LIE_RULES) expect(TRUTH_RULES as readonly string[]).toContain(r);
    expect(LIE_RULES).not.toContain('CAP-BOUND');
    expect(LIE_RULES).not.toContain('PROGRESS');
  });
});

describe('savedPct', () => {
  it('is the share of the plain tool bytes not sent, to 0.1', () => {
    expect(savedPct(51_853_154, 17_834_409)).toBe(65.6);
    expect(savedPct(100, 100)).toBe(0);
    expect(savedPct(0, 0)).toBe(0);
  });
});

describe('measure', () => {
  const w = buildWorkload({ ...DEFAULT_WORKLOAD, reads: 300, workers: 20, files: 30 });
  const cfg = { cap: w.params.cap, seal: 'benchtestseal' };
  const reads = w.events.filter((e) => e.type === 'read').length;

  it('the off arm sends exactly what the plain tool sends', async () => {
    const m = await measure(reference, { ...cfg, mode: modeOfArm('off') }, w.events);
    expect(m.responses).toBe(reads);
    expect(m.bytesNaive).toBeGreaterThan(0);
    expect(m.bytesDelivered).toBe(m.bytesNaive);
    expect(m).toMatchObject({ savedPct: 0, lies: 0 });
  });

  it('the reference under A3 saves bytes without a lie; the plain-tool bytes do not depend on the shim', async () => {
    const off = await measure(reference, { ...cfg, mode: modeOfArm('off') }, w.events);
    const all = await measure(reference, { ...cfg, mode: modeOfArm('all') }, w.events);
    expect(all.bytesNaive).toBe(off.bytesNaive);
    expect(all.lies).toBe(0);
    expect(all.bytesDelivered).toBeLessThan(all.bytesNaive);
    expect(all.savedPct).toBe(savedPct(all.bytesNaive, all.bytesDelivered));
  });

  it('a path + hash pointer lies on this workload, and every lie is one response', async () => {
    const m = await measure(BROKEN['path-hash']!.adapter, { ...cfg, mode: modeOfArm('cap') }, w.events);
    expect(m.lies).toBeGreaterThan(0);
    expect(m.lies).toBeLessThanOrEqual(m.responses);
    expect(Object.values(m.lieRules).reduce((a, b) => a + b, 0)).toBe(m.lies);
    expect(Object.keys(m.lieRules)).toContain('POINTER-FULL');
  });

  it('a lie is counted on a history built by hand: a pointer to a partly delivered file', async () => {
    const big = 'x'.repeat(100);
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: big, mtimeMs: 1_000 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    const m = await measure(
      BROKEN['path-hash']!.adapter,
      { cap: 40, seal: 'benchtestseal', mode: modeOfArm('cap') },
      events,
    );
    const ok = await measure(reference, { cap: 40, seal: 'benchtestseal', mode: modeOfArm('cap') }, events);
    expect(m.bytesNaive).toBe(300);
    expect(m.lies).toBe(2);
    expect(ok.lies).toBe(0);
    expect(ok.bytesDelivered).toBeGreaterThan(100);
  });
});
