import type { Reporter } from 'vitest/reporters';
import { FILES, FOLDERS } from './vitest.suites.ts';

/** What npm test leaves out: the hosts suite of vitest.suites.ts, folders first, then single files. */
export function notRunLine(): string {
  const folders = Object.keys(FOLDERS).filter((f) => FOLDERS[f] === 'hosts');
  const files = Object.keys(FILES).filter((f) => FILES[f]!.suite === 'hosts');
  const what = [
    ...folders.map((f) => `test/${f} (tests against real agent CLIs, Chromium, bubblewrap)`),
    ...(files.length > 0 ? [`${files.length} slow files (${files.join(', ')})`] : []),
  ].join(' and ');
  return `not run by npm test: ${what} — run them with \`npm run test:hosts\``;
}

/**
 * npm test's closing line: what it leaves out and the command that runs it (vitest.hosts.config.ts).
 * A reporter, not a global setup: a project's global setup runs once per project, and only when the
 * project has files to run.
 */
export class NotRunReporter implements Reporter {
  onTestRunEnd(): void {
    process.stderr.write(`\n${notRunLine()}\n`);
  }
}
