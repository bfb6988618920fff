/**
 * readshim-conformance table — every implementation of config/implementations.json through `run`, one
 * after another, each as its own `run` process (so a row's verdict is exactly that command's),
 * recorded in docs/implementations.results.json; then docs/IMPLEMENTATIONS.md, the HTML page and
 * the failing traces rendered from that file alone (src/cli/report/table-render.ts). `--render` only
 * renders; `--check` renders in memory and compares (exit 1 on drift or stale results).
 */
import { spawn } from 'node:child_process';
import { reportJson } from '../../core/schemas.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, UsageError } from '../../core/errors.ts';
import { envelope, progress, progressEnabled, writeFileAtomic, writeReport } from '../../core/output.ts';
import { KIT_VERSION } from '../../core/version.ts';
import { isolationUnavailable } from '../../adapters/isolate.ts';
import { SANDBOX_PREFIX } from '../../adapters/process/sandbox.ts';
import { corpusFingerprint } from '../../../properties/corpus/index.ts';
import { parseArgs } from '../args.ts';
import {
  parseImplementations,
  parseResults,
  type Implementation,
  type ImplementationList,
  type ResultsFile,
  type RunReport,
  type SubjectResult,
} from '../report/table-model.ts';
import {
  RESULTS_PATH,
  SPEC_LINK,
  TRACES_DIR,
  renderTable,
  runCommand,
  type RenderOptions,
} from '../report/table-render.ts';

export const DEFAULT_CONFIG = 'config/implementations.json';

interface TableFlags {
  readonly config: string;
  readonly only?: readonly string[];
  readonly mode: 'run' | 'render' | 'check';
  /** Rows the kit starts as processes run with --isolate where the machine allows it (--no-isolate: never). */
  readonly isolate: boolean;
  /** --dir: the folder the results, pages and traces are read from and written to (default: ./docs). */
  readonly dir?: string;
}

/** Where a file of the table lives: under docs/ of the working directory, or under --dir without the docs/ prefix. */
type Place = (path: string) => string;
const placeIn =
  (root: string, dir: string | undefined): Place =>
  (path) =>
    dir === undefined ? join(root, path) : join(resolve(dir), path.replace(/^docs\//, ''));

function parseTableFlags(argv: readonly string[]): TableFlags {
  const p = parseArgs('table', argv, {
    values: ['config', 'only', 'dir'],
    switches: ['render', 'check', 'no-isolate'],
  });
  if (p.switches.has('render') && p.switches.has('check'))
    throw new UsageError('table: give --render or --check, not both');
  const mode = p.switches.has('render') ? 'render' : p.switches.has('check') ? 'check' : 'run';
  const onlyRaw = p.flags.get('only');
  if (onlyRaw !== undefined && mode !== 'run')
    throw new UsageError(`table: --only chooses the rows to run; --${mode} runs none (drop --only)`);
  const only = onlyRaw
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (only !== undefined && only.length === 0)
    throw new UsageError('table: --only needs implementation names, e.g. --only reference,claude-code');
  return {
    config: p.flags.get('config') ?? DEFAULT_CONFIG,
    ...(only ? { only } : {}),
    mode,
    isolate: !p.switches.has('no-isolate'),
    ...(p.flags.get('dir') !== undefined ? { dir: p.flags.get('dir')! } : {}),
  };
}

function readConfig(file: string): ImplementationList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `table: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); give --config <file>`,
    );
  }
  return parseImplementations(text, file);
}

/** sha256 of a file, or of a folder's files in path order (names and bytes), first 12 hex digits. */
function sourceHash(path: string): string {
  const h = createHash('sha256');
  const add = (p: string, rel: string): void => {
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) add(join(p, e), `${rel}/${e}`);
    else h.update(`${rel}\0`).update(readFileSync(p)).update('\0');
  };
  add(path, '.');
  return h.digest('hex').slice(0, 12);
}

/** The version a row shows: the pinned package as installed, or the shipped source's hash with the kit's version. */
export function versionOf(impl: Implementation, root: string): string {
  if (impl.source !== undefined) {
    const p = resolve(root, impl.source);
    if (!existsSync(p)) throw new UsageError(`table: ${impl.name}: source ${impl.source} does not exist`);
    return `kit ${KIT_VERSION}, ${impl.source} sha256:${sourceHash(p)}`;
  }
  const prefix = resolve(root, impl.prefix ?? '.');
  const manifest = join(prefix, 'node_modules', impl.package!, 'package.json');
  const install =
    impl.prefix !== undefined
      ? `npm install --prefix ${impl.prefix} ${impl.package}@${impl.version}`
      : `npm install -E ${impl.package}@${impl.version}`;
  let installed: string | undefined;
  try {
    installed = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    throw new UsageError(
      `table: ${impl.name}: ${impl.package} is not installed in ${relative(root, prefix) || '.'} (${install})`,
    );
  }
  if (installed !== impl.version)
    throw new UsageError(
      `table: ${impl.name}: ${impl.package} ${installed} is installed, the table pins ${impl.version} (${install})`,
    );
  return `${impl.package}@${impl.version}`;
}

/** The kit's launcher, found above this file (bin/ is beside src/cli/ in a checkout and beside dist/ when installed). */
function launcher(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'bin', 'readshim-conformance.js');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) throw new UsageError('table: cannot find bin/readshim-conformance.js above the kit');
    dir = up;
  }
}

/**
 * A shim may echo its sandbox's path (a hook's "Already in context: /tmp/readshim-sandbox-Ab12Cd/…"):
 * the folder's random suffix is written as XXXXXX, so that a table made again anywhere is the same
 * bytes. Nothing judged depends on the suffix: the verdict came from the run itself.
 */
export function withStableSandboxNames(text: string): string {
  return text.replace(new RegExp(`${SANDBOX_PREFIX}[A-Za-z0-9]{6}`, 'g'), `${SANDBOX_PREFIX}XXXXXX`);
}

/** One row: `run <argv> --reporter json` as a process, with an empty failure database; exit 0 or 1 is its verdict. */
async function runSubject(
  impl: Implementation,
  root: string,
  version: string,
  notIsolated: string | undefined,
): Promise<SubjectResult> {
  // In-process adapters run inside the kit: bubblewrap cannot wrap them (docs/reference/trust-model.md).
  const isolation =
    impl.kind === 'adapter'
      ? 'not isolated: in-process'
      : notIsolated === undefined
        ? 'isolated (bubblewrap)'
        : `not isolated: ${notIsolated}`;
  const tmp = mkdtempSync(join(tmpdir(), 'readshim-table-'));
  try {
    const out = join(tmp, 'report.json');
    const argv = [
      'run',
      ...impl.argv,
      ...(isolation.startsWith('isolated') ? ['--isolate'] : []),
      '--reporter',
      'json',
      '--out',
      out,
      '--failures',
      join(tmp, 'failures'),
      '--no-save',
    ];
    const show = progressEnabled();
    const tail: string[] = [];
    const code = await new Promise<number>((done, fail) => {
      const child = spawn(process.execPath, [launcher(), ...argv], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (show) process.stderr.write(chunk);
        tail.push(...chunk.split('\n').filter(Boolean));
        tail.splice(0, Math.max(0, tail.length - 5));
      });
      child.on('error', fail);
      child.on('close', (c, signal) => done(c ?? (signal ? 128 : 2)));
    });
    if ((code !== 0 && code !== 1) || !existsSync(out))
      throw new UsageError(
        `table: ${impl.name}: \`${runCommand(impl.argv)}\` ended with exit ${code}${tail.length > 0 ? `: ${tail[tail.length - 1]}` : ''}`,
      );
    const report = JSON.parse(withStableSandboxNames(readFileSync(out, 'utf8'))) as RunReport;
    return {
      name: impl.name,
      kind: impl.kind,
      design: impl.design,
      argv: impl.argv,
      version,
      date: new Date().toISOString().slice(0, 10),
      corpus: corpusFingerprint(),
      exitCode: code,
      report,
      isolation,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Why the results file no longer describes the list: a row missing or extra, other argv or design, another version. */
export function staleness(list: ImplementationList, results: ResultsFile, root: string): string[] {
  const problems: string[] = [];
  const corpus = corpusFingerprint();
  for (const impl of list.implementations) {
    const s = results.subjects.find((x) => x.name === impl.name);
    if (s === undefined) {
      problems.push(`${impl.name}: no result (run \`readshim-conformance table --only ${impl.name}\`)`);
      continue;
    }
    if (JSON.stringify(s.argv) !== JSON.stringify(impl.argv) || s.kind !== impl.kind || s.design !== impl.design)
      problems.push(
        `${impl.name}: config/implementations.json changed since its run (run \`readshim-conformance table --only ${impl.name}\`)`,
      );
    let now: string;
    try {
      now = versionOf(impl, root);
    } catch (e) {
      // A pinned package that is not installed here cannot be compared; its pin can.
      if (impl.package === undefined || !(e instanceof UsageError)) throw e;
      now = `${impl.package}@${impl.version}`;
    }
    if (now !== s.version)
      problems.push(
        `${impl.name}: version ${now}, the results were made with ${s.version} (run \`readshim-conformance table --only ${impl.name}\`)`,
      );
    if (s.corpus !== corpus)
      problems.push(
        `${impl.name}: judged with ${s.corpus === undefined ? 'an unrecorded corpus' : `the corpus of ${s.corpus}`}, the kit's is ${corpus} (run \`readshim-conformance table --only ${impl.name}\`)`,
      );
  }
  for (const s of results.subjects)
    if (!list.implementations.some((i) => i.name === s.name))
      problems.push(`${s.name}: in the results, not in config/implementations.json`);
  return problems;
}

function readResults(at: Place): ResultsFile | undefined {
  const file = at(RESULTS_PATH);
  if (!existsSync(file)) return undefined;
  return parseResults(readFileSync(file, 'utf8'), RESULTS_PATH);
}

/** Trace files under the traces folder, named as the rendering names them (TRACES_DIR/…). */
function existingTraces(at: Place): string[] {
  const dir = at(TRACES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => `${TRACES_DIR}/${p.split('\\').join('/')}`)
    .filter((p) => p.endsWith('.jsonl'));
}

/** How the pages link a rule: to spec/SPEC.md where the table is made in a checkout of the kit, else not (the page inlines it). */
const renderOptions = (root: string): RenderOptions =>
  existsSync(join(root, 'spec/SPEC.md')) ? { specLink: SPEC_LINK } : {};

function writeRendered(at: Place, results: ResultsFile, root: string): string[] {
  const files = renderTable(results, renderOptions(root));
  for (const old of existingTraces(at)) if (!files.has(old)) rmSync(at(old));
  for (const [path, text] of files) writeFileAtomic(at(path), text);
  return [...files.keys()];
}

export default async function table(argv: readonly string[]): Promise<number> {
  const flags = parseTableFlags(argv);
  const list = readConfig(flags.config);
  // Paths in the list, the results and the pages are relative to the directory the table is made in.
  const root = process.cwd();
  const at = placeIn(root, flags.dir);
  const shown = flags.dir ?? root;
  const previous = readResults(at);

  if (flags.mode !== 'run') {
    if (previous === undefined)
      throw new UsageError(
        `table: no ${flags.dir === undefined ? RESULTS_PATH : 'implementations.results.json'} in ${shown}: run \`readshim-conformance table\` first`,
      );
    const stale = staleness(list, previous, root);
    if (flags.mode === 'render') {
      if (stale.length > 0)
        throw new UsageError(
          `table: the results are stale: ${stale[0]}${stale.length > 1 ? ` (and ${stale.length - 1} more)` : ''}`,
        );
      const written = writeRendered(at, previous, root);
      writeReport(`table: rendered ${written.length} files from ${RESULTS_PATH}\n`);
      return EXIT.ok;
    }
    const drift = [...stale];
    const files = renderTable(previous, renderOptions(root));
    for (const [path, text] of files) {
      const p = at(path);
      if (!existsSync(p)) drift.push(`${path}: missing`);
      else if (readFileSync(p, 'utf8') !== text) drift.push(`${path}: differs from its rendering of ${RESULTS_PATH}`);
    }
    for (const old of existingTraces(at))
      if (!files.has(old)) drift.push(`${old}: no failing rule of the results has this trace`);
    for (const d of drift) process.stderr.write(`readshim-conformance: table: ${d}\n`);
    writeReport(
      drift.length === 0
        ? `table: ${files.size} files match ${RESULTS_PATH}\n`
        : `table: ${drift.length} problem${drift.length === 1 ? '' : 's'} (run \`readshim-conformance table\`)\n`,
    );
    return drift.length === 0 ? EXIT.ok : EXIT.failed;
  }

  const unknown = (flags.only ?? []).filter((n) => !list.implementations.some((i) => i.name === n));
  if (unknown.length > 0)
    throw new UsageError(
      `table: --only names ${unknown.join(', ')}, not in ${flags.config} (it has ${list.implementations.map((i) => i.name).join(', ')})`,
    );
  const chosen = list.implementations.filter((i) => flags.only === undefined || flags.only.includes(i.name));
  // A row left out by --only keeps its result, which must exist and be current; every pinned
  // package is checked too, all before the first run spends minutes.
  const keptResults = (previous?.subjects ?? []).filter((s) => !chosen.some((i) => i.name === s.name));
  for (const impl of list.implementations)
    if (!chosen.includes(impl) && !keptResults.some((s) => s.name === impl.name))
      throw new UsageError(
        `table: ${impl.name} has no result in ${RESULTS_PATH} and --only leaves it out: add it to --only`,
      );
  const staleKept = staleness(
    { implementations: list.implementations.filter((i) => !chosen.includes(i)) },
    { tool: 'readshim-conformance', version: KIT_VERSION, specVersion: '', command: 'table', subjects: keptResults },
    root,
  );
  if (staleKept.length > 0) throw new UsageError(`table: a result --only keeps is stale: ${staleKept[0]}`);
  const versions = new Map(chosen.map((i) => [i.name, versionOf(i, root)]));
  const notIsolated = !flags.isolate ? '--no-isolate' : isolationUnavailable();
  if (notIsolated !== undefined && chosen.some((i) => i.kind !== 'adapter'))
    writeReport(`table: rows run as processes are not isolated: ${notIsolated}\n`);
  const fresh = new Map<string, SubjectResult>();
  for (const impl of chosen) {
    progress(`table: ${impl.name}: ${runCommand(impl.argv)}`);
    const r = await runSubject(impl, root, versions.get(impl.name)!, notIsolated);
    progress(`table: ${impl.name}: exit ${r.exitCode}`);
    fresh.set(impl.name, r);
  }
  const subjects = list.implementations.map((impl) => {
    const s = fresh.get(impl.name) ?? previous?.subjects.find((x) => x.name === impl.name);
    if (s === undefined)
      throw new UsageError(
        `table: ${impl.name} has no result in ${RESULTS_PATH} and --only leaves it out: add it to --only`,
      );
    return s;
  });
  const { tool, version, specVersion } = envelope('table');
  const results: ResultsFile = { tool, version, specVersion, command: 'table', subjects };
  writeFileAtomic(at(RESULTS_PATH), `${reportJson(results, 1)}\n`);
  const written = writeRendered(at, results, root);
  writeReport(
    `table: ran ${fresh.size} of ${subjects.length} implementations; wrote ${RESULTS_PATH} and ${written.length} files\n`,
  );
  return EXIT.ok;
}
