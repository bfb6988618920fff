// Suite: long (*.long.test.ts, run by `npm run test:hosts`): 4 default runs of the twins (about 20 s of CPU each) and 18 shortcuts' runs up to their failure.
/**
 * Each shortcut of examples/shortcuts/ fails the default run by the rule its lie breaks, with a
 * story that names its condition (its run stops once that rule's counterexample is final: a first
 * failure stays, test/properties/until-failed.ts); the truthful twin of every design there passes
 * a whole default run (no rule failed or unexercised).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNS, runConformance } from '../../../properties/run.ts';
import { DEFAULT_SEED } from '../../../src/core/seed.ts';
import { SHORTCUTS, shortcutAdapter } from '../../../examples/shortcuts/catalogue.ts';
import { ledgerShim } from '../../../examples/shortcuts/ledger.ts';
import { runUntilFailed } from '../../properties/until-failed.ts';

describe('shortcuts', () => {
  for (const row of SHORTCUTS)
    it(`${row.id} fails the default run by ${row.rule}, its story naming the condition`, async () => {
      const r = await runUntilFailed(
        { adapter: shortcutAdapter(row.id, { twin: false }), runs: DEFAULT_RUNS, seed: DEFAULT_SEED },
        row.rule,
      );
      const rule = r.rules.find((x) => x.id === row.rule)!;
      expect(rule.status, JSON.stringify(r.summary)).toBe('fail');
      const story = rule.counterexample!.story.join('\n');
      // The condition in words: the crossed case's or band's line, or the directed case's lie class.
      expect(story).toMatch(/the shortcut's condition: |condition: |lie class: /);
    }, 600_000);
  const designs = [{}, { batch: true }, { binary: true }, { diff: true }];
  for (const d of designs)
    it(`the careful ledger ${JSON.stringify(d)} passes`, async () => {
      const r = await runConformance({
        adapter: ledgerShim({ name: 'twin', ...d }),
        runs: DEFAULT_RUNS,
        seed: DEFAULT_SEED,
      });
      const bad = r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised');
      expect(bad.map((x) => `${x.id}: ${x.reason ?? ''}\n${x.counterexample?.story.join('\n') ?? ''}`)).toEqual([]);
    }, 600_000);
});
