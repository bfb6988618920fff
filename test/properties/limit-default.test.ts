/**
 * A line limit that is a default, not a max (spec/SPEC.md "Host read tools", step 2; lie class
 * limit-is-default): `tool.defaultLimit` cuts only a request with no limit, `tool.maxLines` caps
 * every window, and a subject declaring only maxLines is never sent a window above it.
 */
import { describe, expect, it } from 'vitest';
import type { ShimAdapter } from '../../src/core/contract.ts';
import { runConformance, type RunResult } from '../../properties/run.ts';
import { cachedWindowAdapter } from '../fixtures/naive-shims.ts';

const SEED = 20_261_130;
const rule = (r: RunResult, id: string) => r.rules.find((x) => x.id === id)!;
const caseOf = (r: RunResult, id: string) => r.corpus!.cases.find((c) => c.id === id)!;

/** The adapter, recording the largest window limit it was sent. */
function recording(a: ShimAdapter): { adapter: ShimAdapter; largest: () => number } {
  let largest = 0;
  const adapter: ShimAdapter = {
    ...a,
    create: async (ctx) => {
      const w = await a.create(ctx);
      return { ...w, read: (args) => ((largest = Math.max(largest, args.limit ?? 0)), w.read(args)) };
    },
  };
  return { adapter, largest: () => largest };
}

describe('limit-is-default', () => {
  it('a shim that serves a window of limit >= N from its wide read lies behind defaultLimit N: the larger window returns more', async () => {
    const r = await runConformance({ adapter: cachedWindowAdapter(5, { defaultLimit: 5 }), runs: 0, seed: SEED });
    expect(rule(r, 'SLICE-EXACT').status).toBe('fail');
    expect(caseOf(r, 'default-limit-window').failed).toContain('SLICE-EXACT');
    const cx = rule(r, 'SLICE-EXACT').counterexample!;
    expect(cx.story[0]).toMatch(/^lie class: /);
    expect(r.assumptions.join('\n')).toContain('5 lines when a request gives no limit (an explicit limit honoured)');
  });

  it('its twin behind maxLines N passes, and is never sent a window above N (the case needing defaultLimit is not played)', async () => {
    const { adapter, largest } = recording(cachedWindowAdapter(5, { maxLines: 5 }));
    const r = await runConformance({ adapter, runs: 20, seed: SEED });
    expect(r.rules.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual([]);
    expect(largest()).toBeGreaterThan(1);
    expect(largest()).toBeLessThanOrEqual(5);
    expect(caseOf(r, 'default-limit-window').played).toBe(false);
  }, 120_000);

  it('behind defaultLimit the random phase sends windows above it, and a truthful shim passes', async () => {
    const { adapter, largest } = recording(cachedWindowAdapter(1_000_000, { defaultLimit: 5 })); // caches no window a history reaches
    const r = await runConformance({ adapter, runs: 20, seed: SEED });
    expect(r.rules.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual([]);
    expect(largest()).toBeGreaterThan(5);
    expect(caseOf(r, 'default-limit-window').failed).toEqual([]);
  }, 120_000);
});
