/**
 * The byte-identity record of a few runs (the default run, the reference's arms, an in-process
 * adapter that fails with a story, a hook and an MCP server at --runs 2): their JSON reports and
 * pretty text, normalised (checkout path and sandbox paths replaced), kept under
 * test/fixtures/identity/. A restructuring must change none of these bytes (test/ci/identity.long.test.ts).
 * `npm run identity:write` re-records them (after a change that is meant to move a verdict or story).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const IDENTITY_DIR = join(ROOT, 'test/fixtures/identity');

/** name → run's argv (every one --no-save: nothing is written but the report). */
export const IDENTITY_RUNS: Readonly<Record<string, readonly string[]>> = {
  default: [],
  'arm-off': ['--arm', 'off', '--runs', '30'],
  'arm-diff': ['--arm', 'diff', '--runs', '30'],
  'adapter-ignores-forget': ['--adapter', 'test/fixtures/adapters/ignores-forget.ts', '--runs', '40'],
  'hook-mtime-dedup': ['--hook', 'bash examples/hooks/mtime-dedup.sh', '--runs', '2', '--jobs', '2'],
  'mcp-session-cache': ['--mcp', 'node examples/mcp/session-cache-server.js', '--runs', '2'],
};

/** The run's output with what differs between checkouts and runs taken out. */
export function normalise(text: string): string {
  return text
    .split(ROOT.replace(/\/$/, ''))
    .join('<root>')
    .replace(new RegExp(`${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/readshim-[\\w-]+`, 'g'), '<tmp>');
}

function cli(args: readonly string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['bin/readshim-conformance.js', 'run', '--no-save', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', READSHIM_PROGRESS: '0' },
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** The normalised record of one run: its exit code, JSON report and pretty report. */
export function record(name: string): string {
  const argv = IDENTITY_RUNS[name]!;
  const json = cli([...argv, '--reporter', 'json']);
  const pretty = cli(argv);
  return normalise(
    `exit ${json.status} / ${pretty.status}\n--- json\n${json.stdout}\n--- pretty\n${pretty.stdout}\n--- stderr\n${json.stderr}${pretty.stderr}`,
  );
}

export const fixturePath = (name: string): string => join(IDENTITY_DIR, `${name}.txt`);
export const recorded = (name: string): string => readFileSync(fixturePath(name), 'utf8');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== 'write') {
    process.stderr.write('usage: tsx dev/scripts/identity.ts write\n');
    process.exit(2);
  }
  mkdirSync(IDENTITY_DIR, { recursive: true });
  for (const name of Object.keys(IDENTITY_RUNS)) {
    writeFileSync(fixturePath(name), record(name));
    process.stdout.write(`recorded ${name}\n`);
  }
}
