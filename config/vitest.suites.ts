/**
 * Which suite a test file runs in, by its name alone (docs/CONTRIBUTING.md "Tests"):
 *
 * - `*.test.ts` — unit: in-process, no spawned process; npm test.
 * - `*.int.test.ts` — integration: spawns processes (the CLI, hooks, MCP servers, Python shims); npm test.
 * - `*.host.test.ts` — needs a real host installed beside the kit (agent CLIs, Chromium, bubblewrap);
 *   `npm run test:hosts`.
 * - `*.long.test.ts` — its point needs a size npm test's CPU budget cannot afford (the first line of
 *   each says why); `npm run test:hosts`.
 */
export type Suite = 'unit' | 'integration' | 'hosts';
export const SUITE_NAMES: readonly Suite[] = ['unit', 'integration', 'hosts'];

/** A test file: `*.test.ts` under test/, fixtures excluded. */
export const TEST_FILE = /^test\/(?!fixtures\/).+\.test\.ts$/;

const HOSTS = ['**/*.host.test.ts', '**/*.long.test.ts'];
const INTEGRATION = ['**/*.int.test.ts'];

/** The suite of a test file, from its suffix. */
export function suiteOf(file: string): Suite | undefined {
  if (!TEST_FILE.test(file)) return undefined;
  if (/\.(host|long)\.test\.ts$/.test(file)) return 'hosts';
  if (/\.int\.test\.ts$/.test(file)) return 'integration';
  return 'unit';
}

/** The include and exclude globs vitest gets for one suite. */
export function globs(suite: Suite): { include: string[]; exclude: string[] } {
  const base = ['**/node_modules/**', 'test/fixtures/**'];
  if (suite === 'hosts') return { include: HOSTS.map((g) => `test/${g}`), exclude: base };
  if (suite === 'integration') return { include: INTEGRATION.map((g) => `test/${g}`), exclude: base };
  return { include: ['test/**/*.test.ts'], exclude: [...base, ...HOSTS, ...INTEGRATION] };
}
