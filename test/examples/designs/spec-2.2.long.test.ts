// Suite: long (*.long.test.ts, run by `npm run test:hosts`): 13 subjects at the default run and 6 at --runs 200 (285 s of wall in a clean-clone CI run, 7 Dec 2026).
/**
 * Spec 2.2's truthful designs pass the default run and --runs 200; the below-cap slicer fails exactly
 * PROGRESS and FIRST-VERBATIM there too; each lying twin fails its rule at the default run (the run
 * stopped once that failure is final: test/properties/until-failed.ts).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNS, runConformance, type RunResult } from '../../../properties/run.ts';
import halfCap from '../../../examples/designs/half-cap.ts';
import { cpuBudget } from '../../src/cli/helpers.ts';
import { TRUTHFUL, TWINS } from './spec-2.2.subjects.ts';
import { runUntilFailed } from '../../properties/until-failed.ts';

const SEED = 20261130;
const failed = (r: RunResult): string[] =>
  r.rules
    .filter((x) => x.status === 'fail' || x.status === 'unexercised')
    .map((x) => x.id)
    .sort();

describe('spec 2.2 designs at full size', { timeout: cpuBudget(60) }, () => {
  for (const runs of [DEFAULT_RUNS, 200]) {
    for (const [name, adapter] of TRUTHFUL)
      it(`${name}, --runs ${runs}: no rule fails or goes unexercised`, async () => {
        expect(failed(await runConformance({ adapter, runs, seed: SEED }))).toEqual([]);
      });
    it(`half-cap, --runs ${runs}: exactly PROGRESS and FIRST-VERBATIM`, async () => {
      expect(failed(await runConformance({ adapter: halfCap, runs, seed: SEED }))).toEqual([
        'FIRST-VERBATIM',
        'PROGRESS',
      ]);
    });
  }
  for (const [name, adapter, rule] of TWINS)
    it(`${name}, the default run: ${rule} fails`, async () => {
      expect(failed(await runUntilFailed({ adapter, runs: DEFAULT_RUNS, seed: SEED }, rule))).toContain(rule);
    });
});
