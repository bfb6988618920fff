/**
 * The mutation-score scripts (package.json `mutation-score:*`):
 *   run <target> [stryker flags]  stryker run stryker.<target>.config.json (log in
 *                    reports/mutation/<target>.log; e.g. --concurrency 1), then record and render
 *   record <target>  reports/mutation/<target>.json + its log → dev/stryker/<target>.run.json
 *   render           the records and verdicts → docs/MUTATION-SCORE.md and docs/reference/mutation-testing.md's score block
 *   triage <target>  while a run goes on: the mutants tested so far (Stryker's event recorder,
 *                    reports/mutation/events-<target>) that went undetected, each with its key and
 *                    whether it has a verdict yet
 * Bad input: one line, exit 2.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../src/core/output.ts';
import { TARGETS, mutantRows, recordRun, type RunRecord, type StrykerReport, type Target } from './record.ts';
import { SCORE_PAGE, readmeBlock, scoreDocument, withReadmeBlock } from './markdown.ts';
import { publishedPaths, readPublished, readVerdicts } from './published.ts';
import { defined } from '../../src/core/defined.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const at = (p: string): string => `${root}${p}`;

class Usage extends Error {}

function target(arg: string | undefined): Target {
  if (!TARGETS.includes(arg as Target))
    throw new Usage(`mutation-score: target must be one of ${TARGETS.join(', ')}, got ${arg ?? 'nothing'}`);
  return arg as Target;
}

const read = (p: string, what: string): string => {
  try {
    return readFileSync(at(p), 'utf8');
  } catch {
    throw new Usage(`mutation-score: cannot read ${p} (${what})`);
  }
};

// The files `mutate` names: "dir/**/*.ts" takes every .ts file under dir, "!file" leaves one out.
function scopeOf(mutate: readonly string[]): string[] {
  const files = new Set<string>();
  for (const g of mutate.filter((p) => !p.startsWith('!'))) {
    const m = /^(.+)\/\*\*\/\*\.ts$/.exec(g);
    if (m === null) throw new Usage(`mutation-score: cannot expand mutate pattern ${g} (use dir/**/*.ts)`);
    for (const f of readdirSync(at(m[1]!), { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('.ts')) files.add(`${m[1]}/${f}`);
  }
  for (const g of mutate.filter((p) => p.startsWith('!'))) files.delete(g.slice(1));
  return [...files].sort();
}

function record(t: Target): void {
  const paths = publishedPaths(t);
  const report = JSON.parse(
    read(`reports/mutation/${t}.json`, `run \`npm run mutation-score:${t}\` first`),
  ) as StrykerReport;
  const log = read(`reports/mutation/${t}.log`, 'the log of the same run');
  const previous = existsSync(at(paths.record))
    ? (JSON.parse(read(paths.record, 'the previous record')) as RunRecord)
    : undefined;
  const vitest = (JSON.parse(read('node_modules/vitest/package.json', 'vitest installed')) as { version: string })
    .version;
  const config = `stryker.${t}.config.json`;
  const plugin = `node_modules/@stryker-mutator/${report.config?.testRunner ?? 'command'}-runner/package.json`;
  const runnerVersion = existsSync(at(plugin))
    ? (JSON.parse(read(plugin, 'the runner plugin')) as { version: string }).version
    : undefined;
  const mutate = (JSON.parse(read(config, 'the Stryker config')) as { mutate: string[] }).mutate;
  let rec: RunRecord;
  try {
    rec = recordRun(report, log, {
      target: t,
      command: `npm run mutation-score:${t}`,
      config,
      node: process.version,
      vitest,
      mutate,
      scope: scopeOf(mutate),
      date: new Date().toISOString().slice(0, 10),
      ...defined({ previous }),
      ...defined({ runnerVersion }),
    });
  } catch (e) {
    throw new Usage(`mutation-score: ${(e as Error).message}`);
  }
  writeFileAtomic(at(paths.record), `${JSON.stringify(rec, null, 1)}\n`);
  process.stdout.write(`recorded ${rec.mutants.length} mutants of ${t} in ${paths.record}\n`);
}

function render(): void {
  const published = TARGETS.filter((t) => existsSync(at(publishedPaths(t).record))).map((t) => readPublished(root, t));
  writeFileAtomic(at('docs/MUTATION-SCORE.md'), scoreDocument(published));
  const page = withReadmeBlock(read(SCORE_PAGE, 'the score page'), readmeBlock(published));
  if (page === undefined) throw new Usage(`mutation-score: ${SCORE_PAGE} has no mutation-score markers`);
  writeFileAtomic(at(SCORE_PAGE), page);
  process.stdout.write(
    `wrote docs/MUTATION-SCORE.md and the score block of ${SCORE_PAGE} (${published.map((p) => p.record.target).join(', ')})\n`,
  );
}

interface TestedEvent {
  readonly fileName: string;
  readonly id: string;
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly location: {
    readonly start: { line: number; column: number };
    readonly end: { line: number; column: number };
  };
  readonly status: StrykerReport['files'][string]['mutants'][number]['status'];
}

function triage(t: Target): void {
  const dir = `reports/mutation/events-${t}`;
  const names = existsSync(at(dir)) ? readdirSync(at(dir)).filter((f) => f.endsWith('-onMutantTested.json')) : [];
  const files: Record<string, { source: string; mutants: TestedEvent[] }> = {};
  for (const name of names) {
    const e = JSON.parse(read(`${dir}/${name}`, 'an event')) as TestedEvent;
    const file = relative(root, e.fileName);
    (files[file] ??= { source: read(file, 'the mutated source'), mutants: [] }).mutants.push(e);
  }
  const rows = mutantRows({ files });
  const verdicts = readVerdicts(root, t);
  const open = rows.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
  for (const m of open)
    process.stdout.write(
      `${verdicts[m.key] === undefined ? 'OPEN' : 'done'} ${m.file}:${m.line}:${m.column} ${JSON.stringify(m.key)}\n`,
    );
  process.stdout.write(
    `${rows.length} tested, ${open.length} undetected, ${open.filter((m) => verdicts[m.key] === undefined).length} without a verdict\n`,
  );
}

async function run(t: Target, flags: readonly string[]): Promise<void> {
  mkdirSync(at('reports/mutation'), { recursive: true });
  const log = createWriteStream(at(`reports/mutation/${t}.log`));
  const child = spawn(
    process.execPath,
    [at('node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', `stryker.${t}.config.json`, ...flags],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (d: Buffer) => {
    log.write(d);
    process.stderr.write(d);
  });
  child.stderr.on('data', (d: Buffer) => {
    log.write(d);
    process.stderr.write(d);
  });
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  await new Promise<void>((resolve) => log.end(resolve));
  if (code !== 0) throw new Usage(`mutation-score: stryker exited ${code} (log: reports/mutation/${t}.log)`);
  record(t);
  render();
}

const [cmd, arg, ...rest] = process.argv.slice(2);
try {
  if (cmd === 'run') await run(target(arg), rest);
  else if (rest.length > 0) throw new Usage(`mutation-score: unexpected ${rest[0]}`);
  else if (cmd === 'record') record(target(arg));
  else if (cmd === 'render') render();
  else if (cmd === 'triage') triage(target(arg));
  else
    throw new Usage(
      `mutation-score: command must be run <target>, record <target> render or triage <target>, got ${cmd ?? 'nothing'}`,
    );
} catch (e) {
  if (!(e instanceof Usage)) throw e;
  process.stderr.write(`${e.message}\n`);
  process.exitCode = 2;
}
