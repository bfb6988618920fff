import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:hosts`: tests that need a real host installed beside the kit (agent CLIs, Chromium,
 * bubblewrap). `.ci/run` installs them first; `npm test` leaves these files out and says so.
 * mergeConfig concatenates arrays, so include and exclude are set after the merge (else the base's
 * exclusion of test/hosts/** would stay).
 */
const merged = mergeConfig(base, defineConfig({ test: {} }));
merged.test = { ...merged.test, include: ['test/hosts/**/*.test.ts'], exclude: ['**/node_modules/**'] };
export default merged;
