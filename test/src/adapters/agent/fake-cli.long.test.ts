// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the agent run with the whole corpus plays every crossed case (1 MiB files) through a fake CLI process per history, about 13 s of CPU; fake-cli.int.test.ts runs the same round trip on the random phase alone.
/**
 * An agent run with the corpus, judged again from the raw tool results it saved (raw-round-trip.ts):
 * the corpus's lies are recorded with the bytes the CLI sent, and `audit` and `--replay` reach the
 * run's verdict from them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { rawRoundTrip } from './raw-round-trip.ts';

const dirs: string[] = [];
const scratch = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('an agent run with the corpus judged again from its raw tool results', () => {
  it('the saved trace keeps the bytes the CLI sent; audit and --replay reach the run’s verdict from them', async () => {
    await rawRoundTrip(scratch, []);
  }, 600_000);
});
