// Suite: long (*.long.test.ts, run by `npm run test:hosts`): a generated run of a hook with the whole corpus starts a hook process per read, thousands of them (about 5 min of wall time on a loaded 2-core machine).
/** `run --hook`: a generated run of the truthful twin, corpus and all (npm test's hook tests replay committed traces). */
import { describe, expect, it } from 'vitest';
import { HOOKS, failed, json, run } from '../drivers/helpers.ts';

const twin = [
  '--hook',
  `bash ${HOOKS}/content-dedup.sh`,
  '--hook-post',
  `bash ${HOOKS}/content-dedup-post.sh`,
  '--hook-compact',
  `bash ${HOOKS}/content-dedup-compact.sh`,
];

describe('the truthful twin of examples/hooks/', () => {
  it('a generated run of the truthful twin finds no lie', async () => {
    const r = await run([
      ...twin,
      '--runs',
      '2',
      '--reporter',
      'json',
      '--only',
      'POINTER-FULL,SLICE-EXACT,ISOLATION,FORGET-RESETS,PASSTHROUGH,REFUSAL-TRUE,FIRST-VERBATIM',
    ]);
    const j = json(r);
    expect(failed(j)).toEqual([]);
    expect(j.rules.find((x) => x.id === 'POINTER-FULL')!.checks).toBeGreaterThan(5);
    expect(j.host!.counts.postToolUse).toBeGreaterThan(0);
  }, 900_000);
});
