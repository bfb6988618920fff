// Suite: long (*.long.test.ts, run by `npm run test:hosts`): two whole runs, the truthful design and its lying twin (about 7 s of CPU).
/** Re-injection after compaction (spec/SPEC.md "Re-injection after compaction"): the truthful design passes, its lying twin fails FORGET-RESETS. */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../properties/run.ts';
import good, { reinjectAssumed } from '../../../examples/designs/reinject-pointer.ts';

describe('reinject-pointer design', () => {
  it('the truthful design passes, the reinject case played and clean', async () => {
    const r = await runConformance({ adapter: good, runs: 20, seed: 1 });
    expect(r.rules.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual([]);
    expect(r.assumptions.some((a) => a.includes('re-attaches the 2 files'))).toBe(true);
  }, 120_000);
  it('the twin that keeps every stub across a compaction fails FORGET-RESETS', async () => {
    const r = await runConformance({ adapter: reinjectAssumed, runs: 20, seed: 1 });
    expect(r.rules.find((x) => x.id === 'FORGET-RESETS')?.status).toBe('fail');
  }, 120_000);
});
