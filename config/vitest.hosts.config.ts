import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { globs } from './vitest.suites.ts';

/**
 * `npm run test:hosts`: the hosts suite of config/vitest.suites.ts — tests that need a real host installed
 * beside the kit (agent CLIs, Chromium, bubblewrap), and the few too slow for npm test. `.ci/run`
 * installs the hosts first; `npm test` leaves these files out and says so (config/vitest.not-run.ts).
 * Not mergeConfig: it would concatenate `include` and `exclude` with npm test's.
 */
export default defineConfig({
  root: base.root,
  resolve: base.resolve,
  test: {
    ...globs('hosts'),
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
