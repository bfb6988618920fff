// Suite: long (*.long.test.ts, run by `npm run test:hosts`): six full recorded runs, twice each (about 260 s of wall beside another file, 7 Dec 2026: the hook run 119 s of it).
/**
 * Byte identity: the recorded runs (dev/scripts/identity.ts) give the same exit codes, JSON reports and
 * pretty reports today. A change meant to move a verdict or story re-records with `npm run identity:write`.
 */
import { describe, expect, it } from 'vitest';
import { IDENTITY_RUNS, record, recorded } from '../../dev/scripts/identity.ts';
import { cpuBudget } from '../src/cli/helpers.ts';

describe('the recorded runs are byte-identical', { timeout: cpuBudget(40) }, () => {
  for (const name of Object.keys(IDENTITY_RUNS))
    it(`${name}: run ${IDENTITY_RUNS[name]!.join(' ')}`, () => {
      expect(record(name), 'a verdict, report or story moved: if meant, `npm run identity:write`').toBe(recorded(name));
    });
});
