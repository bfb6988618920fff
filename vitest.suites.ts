/**
 * Which suite each test file belongs to, declared once: by folder under test/, with an explicit list
 * for the files that leave their folder's suite. vitest.config.ts (npm test: the unit and integration
 * projects), vitest.hosts.config.ts (npm run test:hosts) and vitest.not-run.ts read it;
 * test/ci/suites.test.ts checks that every test file falls in exactly one suite.
 *
 * - unit: in-process tests, milliseconds to a few seconds each, no spawned process.
 * - integration: real processes, hooks, MCP servers, mutants, nested vitest — the whole of it is
 *   what keeps npm test within its CPU budget (README "What `npm test` costs").
 * - hosts: tests that need a real host installed beside the kit (agent CLIs, Chromium, bubblewrap,
 *   the packed tarball), and the few whose point needs a size npm test cannot afford.
 */
export type Suite = 'unit' | 'integration' | 'hosts';
export const SUITE_NAMES: readonly Suite[] = ['unit', 'integration', 'hosts'];

/** Every folder under test/ that holds test files, and its suite. A new folder needs a line here. */
export const FOLDERS: Readonly<Record<string, Suite>> = {
  agent: 'unit',
  audit: 'integration',
  bench: 'unit',
  ci: 'integration',
  core: 'unit',
  cli: 'integration',
  designs: 'integration',
  drivers: 'integration',
  gates: 'unit',
  harness: 'unit',
  hosts: 'hosts',
  mutations: 'integration',
  oracle: 'unit',
  process: 'integration',
  properties: 'unit',
  reference: 'unit',
  scripts: 'unit',
  selfcheck: 'unit',
  spec: 'unit',
};

/** A file that leaves its folder's suite, and why. */
export interface Exception {
  readonly suite: Suite;
  readonly why: string;
}

/** The exceptions: paths from the repository root. */
export const FILES: Readonly<Record<string, Exception>> = {
  // In a unit folder, but spawning a process or a tool, or tampering with a copy.
  'test/agent/fake-cli.test.ts': {
    suite: 'integration',
    why: 'runs, replays and audits through a fake agent CLI (a node process per history)',
  },
  'test/properties/corpus.test.ts': { suite: 'integration', why: 'spawns the CLI once (run --runs 1)' },
  'test/properties/mimicry.test.ts': { suite: 'integration', why: 'spawns the CLI on an unsealed adapter' },
  'test/reference/diff-lever.test.ts': {
    suite: 'integration',
    why: 'applies shipped diffs with git apply, GNU patch and diff',
  },
  'test/spec/broken.test.ts': { suite: 'integration', why: 'copies the reference and tampers with it' },
  // Too slow for npm test's CPU budget, and their point needs the size (CPU user+sys of the file
  // alone, README "What `npm test` costs"): run by `npm run test:hosts`, which `.ci/run` runs.
  'test/designs/designs.test.ts': {
    suite: 'hosts',
    why: "each design's default run and three tiny caps (~59 s of CPU)",
  },
  'test/designs/host-identity.test.ts': {
    suite: 'hosts',
    why: 'two default runs and four spawned Python runs of the host-identity twins (~53 s)',
  },
  'test/process/binary.test.ts': {
    suite: 'hosts',
    why: 'five spawned Python runs of the binary twins (~30 s of CPU)',
  },
  'test/process/cli.test.ts': { suite: 'hosts', why: 'the run command on spawned Python shims (~52 s of CPU)' },
  'test/ci/identity.test.ts': { suite: 'hosts', why: 'six full recorded runs, twice each (~118 s of CPU)' },
  'test/cli/faults.test.ts': { suite: 'hosts', why: 'every fault kind end to end, spawned (~54 s of CPU)' },
  'test/bench/cli.test.ts': {
    suite: 'hosts',
    why: 'bench on its default workload and determinism runs (~49 s of CPU)',
  },
  'test/properties/run.test.ts': {
    suite: 'hosts',
    why: 'runs of 60 to 150 histories per band under every arm (~38 s of CPU)',
  },
  'test/process/engine.test.ts': { suite: 'hosts', why: 'Python shim runs at --jobs 1 and 4, compared (~37 s of CPU)' },
  'test/mutations/run.test.ts': {
    suite: 'hosts',
    why: 'mutants run to their kill, with and without the corpus (~32 s)',
  },
  'test/ci/shard.test.ts': { suite: 'hosts', why: 'the run split in shards and combined, against whole runs (~25 s)' },
  'test/ci/action.test.ts': { suite: 'hosts', why: 'action/run.sh spawned on Python shims (~22 s of CPU)' },
  'test/ci/readme-samples.test.ts': { suite: 'hosts', why: "re-runs README's generated samples (~21 s of CPU)" },
  'test/selfcheck/floors.test.ts': { suite: 'hosts', why: "the four arms' runs the floors are read from (~19 s)" },
  // Moved on 4 December 2026 to bring npm test within its 5-minute CPU budget: the heaviest files of
  // that day's whole npm test (seconds: the file's time in that run, 2 cores at load 8-16). Each
  // still runs in CI through `npm run test:hosts`.
  'test/drivers/runs-one.test.ts': {
    suite: 'hosts',
    why: '--runs 1 for every kind of subject, hooks and MCP servers spawned per history (148 s)',
  },
  'test/drivers/mcp-cli.test.ts': {
    suite: 'hosts',
    why: 'run --mcp on the worked examples and the real filesystem server, and its faults (80 s)',
  },
  'test/gates/negative-controls.test.ts': {
    suite: 'hosts',
    why: "every gate's negative control on fresh tampered copies of the real material (64 s)",
  },
  'test/properties/engine.test.ts': {
    suite: 'hosts',
    why: 'whole runs at --jobs 1 and 4 compared, and shrinking budgets (50 s)',
  },
  'test/mutations/disable-rule.test.ts': {
    suite: 'hosts',
    why: 'mutants on a patched copy of the kit with one rule disabled (45 s)',
  },
  'test/designs/python-session.test.ts': {
    suite: 'hosts',
    why: 'the session twins over the process protocol, a Python process per history (45 s)',
  },
  'test/drivers/hook-sdk.test.ts': { suite: 'hosts', why: 'Python SDK callbacks driven as hooks (41 s)' },
  'test/cli/culprit.test.ts': {
    suite: 'hosts',
    why: 'faults that name the adapter or TMPDIR, each spawned end to end (31 s)',
  },
  'test/gates/js-example.test.ts': {
    suite: 'hosts',
    why: "the gates on a third party's JavaScript shim and a tampered copy (28 s)",
  },
  'test/designs/python-host-tool.test.ts': {
    suite: 'hosts',
    why: 'the Python shims behind a 2,000-line host tool, spawned per history (28 s)',
  },
  'test/drivers/hook-reinject.test.ts': {
    suite: 'hosts',
    why: 'the re-injection case played against bash + jq hooks (26 s)',
  },
  'test/ci/layers.test.ts': {
    suite: 'hosts',
    why: 'dependency-cruiser over the tree and over a planted copy (22 s; lint:deps runs in .ci/run too)',
  },
  'test/designs/python-batch.test.ts': {
    suite: 'hosts',
    why: 'the batch twins over the process protocol, a Python process per history (24 s)',
  },
  // Two more after the batch and bytes tests joined (the whole run at 300 s of CPU on a busy machine).
  'test/spec/malformed.test.ts': {
    suite: 'hosts',
    why: 'spawns the spec command on malformed examples (14 s in the run of 5 December)',
  },
  'test/mutations/cli.test.ts': {
    suite: 'hosts',
    why: 'the mutants command end to end, JSON and exit codes (15 s in the run of 5 December)',
  },
  'test/mutations/corpus.test.ts': {
    suite: 'hosts',
    why: 'every mutant of the catalogue killed by the corpus alone (20 s)',
  },
};

/** A test file: `*.test.ts` under test/ (the `*.suite.ts` files are Stryker's: vitest.stryker*.config.ts). */
export const TEST_FILE = /^test\/.+\.test\.ts$/;

/** The suite a test file belongs to by the declaration above, or undefined when no folder claims it. */
export function suiteOf(file: string): Suite | undefined {
  const exception = FILES[file];
  if (exception !== undefined) return exception.suite;
  const folder = /^test\/([^/]+)\//.exec(file)?.[1];
  return folder === undefined ? undefined : FOLDERS[folder];
}

/** The include and exclude globs vitest gets for one suite: its folders, plus and minus the exceptions. */
export function globs(suite: Suite): { include: string[]; exclude: string[] } {
  const folders = Object.keys(FOLDERS).filter((f) => FOLDERS[f] === suite);
  const files = Object.keys(FILES);
  const include = [
    ...folders.map((f) => `test/${f}/**/*.test.ts`),
    ...files.filter((f) => FILES[f]!.suite === suite && !folders.some((d) => f.startsWith(`test/${d}/`))),
  ];
  const exclude = files.filter((f) => FILES[f]!.suite !== suite && folders.some((d) => f.startsWith(`test/${d}/`)));
  return { include, exclude: [...exclude, '**/node_modules/**'] };
}
