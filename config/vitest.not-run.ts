import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Reporter } from 'vitest/reporters';
import { suiteOf } from './vitest.suites.ts';

const TEST_DIR = fileURLToPath(new URL('../test', import.meta.url));

/** What npm test leaves out: the *.host.test.ts and *.long.test.ts files (config/vitest.suites.ts). */
export function notRunLine(): string {
  const files = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
    .map((f) => `test/${f.split('\\').join('/')}`)
    .filter((f) => suiteOf(f) === 'hosts');
  const host = files.filter((f) => f.endsWith('.host.test.ts')).length;
  const long = files.length - host;
  return `not run by npm test: ${host} *.host.test.ts files (tests against real agent CLIs, Chromium, bubblewrap) and ${long} *.long.test.ts files (too slow for its CPU budget) — run them with \`npm run test:hosts\``;
}

/**
 * npm test's closing line: what it leaves out and the command that runs it (config/vitest.hosts.config.ts).
 * A reporter, not a global setup: a project's global setup runs once per project, and only when the
 * project has files to run.
 */
export class NotRunReporter implements Reporter {
  onTestRunEnd(): void {
    process.stderr.write(`\n${notRunLine()}\n`);
  }
}
