import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:hosts`: tests that need a real host installed beside the kit (agent CLIs, Chromium,
 * bubblewrap). `.ci/run` installs them first; `npm test` leaves these files out and says so.
 */
export default mergeConfig(base, defineConfig({ test: { include: ['test/hosts/**/*.test.ts'], exclude: [] } }));
