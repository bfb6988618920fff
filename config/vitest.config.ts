import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NotRunReporter } from './vitest.not-run.ts';
import { globs } from './vitest.suites.ts';

/** The kit's own name resolves to its sources (the worked examples import 'readshim-conformance'). */
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * `npm test`: the unit and integration projects (config/vitest.suites.ts: by file suffix).
 * The hosts suite runs with `npm run test:hosts` (config/vitest.hosts.config.ts); config/vitest.not-run.ts names it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^readshim-conformance$/, replacement: source('../src/index.ts') },
      { find: /^readshim-conformance\/reference$/, replacement: source('../reference/index.ts') },
      { find: /^readshim-conformance\/vitest$/, replacement: source('../src/vitest-entry/index.ts') },
    ],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', new NotRunReporter()],
    projects: [
      {
        extends: true,
        test: { name: 'unit', isolate: false, setupFiles: ['config/vitest.cwd.setup.ts'], ...globs('unit') },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          isolate: false,
          setupFiles: ['config/vitest.cwd.setup.ts'],
          ...globs('integration'),
        },
      },
    ],
  },
});
