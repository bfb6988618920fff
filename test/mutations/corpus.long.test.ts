// Suite: long (*.long.test.ts, run by `npm run test:hosts`): every mutant of the catalogue killed by the corpus alone (41 s of wall in a clean-clone CI run, 7 Dec 2026).
/**
 * With the directed corpus every mutant of the catalogue is killed by a rule it names
 * before any random history — so `mutants --runs 10` kills all of them. Run with one random
 * history per band: the probes and the corpus do not depend on --runs, and kills only accumulate
 * with more histories, so this is the same promise at a tenth of the cost.
 */
import { describe, expect, it } from 'vitest';
import { MUTANT_IDS } from '../../mutations/index.ts';
import { runMutants } from '../../mutations/pool.ts';
import { MUTANT_SEED } from '../../mutations/run.ts';
import { privateTmp } from './support.ts';

privateTmp();

describe('the corpus and the probes kill every mutant', () => {
  it('all 33, each by a rule it names, first by a probe or a corpus case (runsToKill 0)', async () => {
    const results = await runMutants(MUTANT_IDS, { runs: 1, seed: MUTANT_SEED });
    const summary = results.map(
      (r) =>
        `${r.id}: ${r.status} by ${r.killedBy}${r.corpusCase ? ` (${r.corpusCase})` : ''}${r.reason ? ` — ${r.reason}` : ''}`,
    );
    expect(
      results.filter((r) => r.status !== 'killed'),
      summary.join('\n'),
    ).toEqual([]);
    expect(results.length).toBe(33);
    for (const r of results) {
      expect(['probe', 'corpus'], r.id).toContain(r.killedBy);
      expect(r.runsToKill, r.id).toBe(0);
      expect(
        r.failedRules.some((x) => r.rules.includes(x)),
        r.id,
      ).toBe(true);
    }
    // The corpus kills, not only the probes: each corpus kill names the case, a case of the catalogue.
    expect(results.filter((r) => r.killedBy === 'corpus').length).toBeGreaterThanOrEqual(15);
  }, 600_000);
});
