import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:hosts`: tests that need a real host installed beside the kit (agent CLIs, Chromium,
 * bubblewrap). `.ci/run` installs them first; `npm test` leaves these files out and says so.
 * Not mergeConfig: it would concatenate `include` and `exclude` with npm test's.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/hosts/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
