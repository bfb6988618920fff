/**
 * The Stryker suite's conformance part (dev/stryker/vitest.stryker.config.ts; not in the default suite, which
 * runs the same check in test/properties/run.long.test.ts): the reference under every arm, fixed seed,
 * judged by the kit's oracle. A mutant of reference/ that makes any rule fail or go unexercised
 * is killed.
 */
import { describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { ARM_NAMES } from '../../src/core/arms.ts';
import { runConformance } from '../../properties/run.ts';

const SEED = 20_261_130;
const RUNS = 100;

describe('the reference passes every applicable rule under every arm (mutation score suite)', () => {
  for (const arm of ARM_NAMES)
    it(`arm ${arm}`, async () => {
      const r = await runConformance({ adapter: reference, arm, runs: RUNS, seed: SEED, shrinkRuns: 0 });
      expect(
        r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised').map((x) => `${x.id}: ${x.reason}`),
      ).toEqual([]);
    });
});
