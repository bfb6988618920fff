import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { globs } from './vitest.suites.ts';

/**
 * The longest files of the hosts suite, longest first (wall seconds in a clean-clone CI run on 2 cores,
 * 7 Dec 2026: 932, 721, 292, 285, 285, 229, 220, 162, 137, 131, 126, 126). They start first, so the two
 * workers end together; a file not listed keeps vitest's own order after them. Only an order: a stale list
 * costs minutes, never a verdict.
 */
export const LONGEST_FIRST: readonly string[] = [
  'test/dev/scripts/readme-commands.host.test.ts',
  'test/src/adapters/drivers/runs-one.long.test.ts',
  'test/ci/identity.long.test.ts',
  'test/examples/designs/spec-2.2.long.test.ts',
  'test/examples/designs/designs.long.test.ts',
  'test/properties/crossed/coverage.long.test.ts',
  'test/ci/readme-samples.long.test.ts',
  'test/src/cli/explain/explain.long.test.ts',
  'test/ci/shard.long.test.ts',
  'test/src/adapters/mcp/cli.long.test.ts',
  'test/gates/negative-controls.long.test.ts',
  'test/src/adapters/hook/cli.long.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((l) => f.moduleId.endsWith(l));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    const rest = await super.sort(files.filter((f) => rank(f) === LONGEST_FIRST.length));
    return [...files.filter((f) => rank(f) < LONGEST_FIRST.length).sort((a, b) => rank(a) - rank(b)), ...rest];
  }
}

/**
 * `npm run test:hosts`: the hosts suite of config/vitest.suites.ts — tests that need a real host installed
 * beside the kit (agent CLIs, Chromium, bubblewrap), and the few too slow for npm test. `.ci/run`
 * installs the hosts first; `npm test` leaves these files out and says so (config/vitest.not-run.ts).
 * Two files at a time (each spends most of its wall time in one process), longest first.
 * Not mergeConfig: it would concatenate `include` and `exclude` with npm test's.
 */
export default defineConfig({
  root: base.root,
  resolve: base.resolve,
  test: {
    ...globs('hosts'),
    // A guard against a hang, never a verdict: two files share the two cores, so a file's runs take up to
    // twice their time alone (a hook run of runs-one.long took over 300 s beside the agent CLIs).
    testTimeout: 900_000,
    hookTimeout: 900_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
