/**
 * The oracle mutation run's conformance part (dev/stryker/vitest.stryker-oracle.config.ts; the default suite
 * runs the same checks, longer and with shrinking, in test/properties/run.long.test.ts): a stricter
 * oracle fails the reference or a sound shim somewhere; a more lenient one lets a broken shim's
 * lie through. Few histories, no shrinking: every broken shim here fails within them.
 */
import { describe, expect, it } from 'vitest';
import reference from '../../../src/adapters/reference.ts';
import { ARM_NAMES } from '../../../src/core/arms.ts';
import minimal from '../../../examples/minimal-shim/adapter.ts';
import { runConformance } from '../../../properties/run.ts';
import { BROKEN, SOUND } from '../../fixtures/naive-shims.ts';

const SEED = 20_261_130;

describe('truthful shims pass (a stricter oracle is caught)', () => {
  for (const arm of ARM_NAMES)
    it(`the reference, arm ${arm}`, async () => {
      const r = await runConformance({ adapter: reference, arm, runs: 24, seed: SEED, shrinkRuns: 0 });
      expect(
        r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised').map((x) => `${x.id}: ${x.reason}`),
      ).toEqual([]);
    });
  it('the worked example and a sound delivery-keyed shim', async () => {
    for (const adapter of [minimal, SOUND]) {
      const r = await runConformance({ adapter, arm: 'cap', runs: 24, seed: SEED, shrinkRuns: 0 });
      expect(r.rules.filter((x) => x.status === 'fail').map((x) => `${adapter.name} ${x.id}: ${x.reason}`)).toEqual([]);
    }
  });
});

describe('broken shims fail the rule they break (a more lenient oracle is caught)', () => {
  for (const [name, { adapter, blame }] of Object.entries(BROKEN))
    it(name, async () => {
      const r = await runConformance({ adapter, arm: 'cap', runs: 60, seed: SEED, shrinkRuns: 0 });
      const rule = r.rules.find((x) => x.id === blame)!;
      expect(rule.status).toBe('fail');
      expect(rule.counterexample!.story.join('\n')).toContain(`✗ ${blame}:`);
    });
});
