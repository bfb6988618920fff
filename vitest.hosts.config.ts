import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:hosts`: tests that need a real host installed beside the kit (agent CLIs, Chromium,
 * bubblewrap). `.ci/run` installs them first; `npm test` leaves these files out and says so.
 * Spread, not mergeConfig: mergeConfig concatenates arrays, which would keep npm test's exclusion.
 */
export default defineConfig({ ...base, test: { ...base.test, include: ['test/hosts/**/*.test.ts'], exclude: ['**/node_modules/**'] } });
