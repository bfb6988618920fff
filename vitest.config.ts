import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The kit's own name resolves to its sources (the worked examples import 'readshim-conformance'). */
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^readshim-conformance$/, replacement: source('./index.ts') },
      { find: /^readshim-conformance\/reference$/, replacement: source('./reference/index.ts') },
      { find: /^readshim-conformance\/vitest$/, replacement: source('./vitest/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Real hosts (agent CLIs, Chromium, bubblewrap): `npm run test:hosts` (vitest.hosts.config.ts).
    exclude: ['test/hosts/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./vitest.not-run.ts'],
  },
});
