/**
 * The fault table: the kit misused in every way a new user can (bad flags and numbers; broken,
 * throwing, hanging, chatty and leaking adapters and process shims; corrupt traces, headers and
 * failure databases; read-only, full, special and linked output paths; signals at every phase;
 * concurrent runs; --isolate with and without bubblewrap), run from the packed tarball installed
 * into a scratch project. Every row must end in exit 2 with one line naming the culprit, in a
 * verdict (exit 0 or 1 with its report), or — interrupted — in exit 1 naming what had failed or
 * death by the signal; and leave nothing behind (no process, no sandbox, no temporary file, no
 * stray file) and lose nothing (every trace a message names exists).
 *
 *   npx tsx dev/faults/table.ts [--scratch <dir with the tarball installed>] [--only <group or id,...>]
 *                               [--bwrap <folder holding a bwrap binary>] [--report <file.md>]
 *
 * Without --scratch it packs this checkout and installs the tarball into a fresh folder. Rows that
 * need bubblewrap run with --bwrap's folder on PATH (or a bwrap already there); the "not installed"
 * row needs a PATH without one.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureFiles } from './fixtures.ts';
import { DEFAULT_LIMIT_MS, type Row } from './row.ts';
import { inputRows } from './rows-input.ts';
import { outputRows } from './rows-output.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  /** From the signal sent to the exit. */
  readonly afterSignalMs?: number;
  readonly hung: boolean;
}

export interface Outcome {
  readonly row: Row;
  readonly ran?: Ran;
  readonly problems: readonly string[];
  readonly skipped?: string;
}

function sh(cmd: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${r.stderr}`);
  return r.stdout;
}

/** A scratch project with the packed tarball installed, as .ci/packed makes one. */
function makeScratch(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'readshim-faults-'));
  const tarball = sh('npm', ['pack', '--silent', '--pack-destination', scratch], ROOT).trim().split('\n').pop()!;
  sh('npm', ['init', '-y'], scratch);
  sh('npm', ['pkg', 'set', 'type=module'], scratch);
  sh(
    'npm',
    ['install', '--no-audit', '--no-fund', `./${tarball}`, '@modelcontextprotocol/server-filesystem@2026.8.31'],
    scratch,
  );
  return scratch;
}

const onPath = (name: string, path: string): boolean =>
  path.split(':').some((d) => d !== '' && existsSync(join(d, name)));

/**
 * A PATH without bubblewrap, for the "not installed" row on a machine that has it: one folder of
 * links to every program on PATH but bwrap.
 */
function pathWithout(name: string, path: string, scratch: string): string {
  const bin = join(scratch, `no-${name}-bin`);
  rmSync(bin, { recursive: true, force: true });
  mkdirSync(bin);
  for (const d of path.split(':').filter((x) => x !== '' && existsSync(x)))
    for (const f of readdirSync(d))
      if (f !== name && !existsSync(join(bin, f)))
        try {
          symlinkSync(join(d, f), join(bin, f));
        } catch {
          // a name already taken by an earlier folder of PATH wins, as PATH itself would
        }
  return bin;
}

/** Runs one row's command in `dir`; a row that outlives its limit is killed (a hang). */
function execute(row: Row, dir: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  const started = Date.now();
  const child =
    row.shell !== undefined
      ? spawn('bash', ['-c', row.shell], { cwd: dir, env, detached: true })
      : row.signal !== undefined
        ? // The installed bin itself: through npx, the signal also ends the `sh -c` npm starts, and npx then
          // reports the signal whatever the kit said (docs/reference/exit-codes.md "Interrupted runs").
          spawn(resolve(dir, '../../node_modules/.bin/readshim-conformance'), [...(row.argv ?? [])], {
            cwd: dir,
            env,
            detached: true,
          })
        : spawn('npx', ['--no-install', 'readshim-conformance', ...(row.argv ?? [])], {
            cwd: dir,
            env,
            detached: true,
          });
  let stdout = '';
  let stderr = '';
  let sent: number | undefined;
  let hung = false;
  const group = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  const limit = setTimeout(() => {
    hung = true;
    group('SIGKILL');
  }, row.limitMs ?? DEFAULT_LIMIT_MS);
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
    if (row.signal !== undefined && sent === undefined && row.signal.when.test(stderr)) {
      sent = Date.now();
      group(row.signal.name);
    }
  });
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      done({
        code,
        signal,
        stdout,
        stderr,
        ms: Date.now() - started,
        ...(sent !== undefined ? { afterSignalMs: Date.now() - sent } : {}),
        hung,
      });
    }),
  );
}

/** Every path under `dir` (relative), folders included, `.tmp` (the row's TMPDIR) left out. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => p.split('\\').join('/'))
    .filter((p) => p !== '.tmp' && !p.startsWith('.tmp/'));
}

/** Processes whose command line names the row's folder (its sandboxes live under it). */
function processesOf(dir: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout ?? '';
  return ps
    .split('\n')
    .filter((l) => l.includes(dir) && !l.includes('ps -eo'))
    .map((l) => l.trim());
}

/** What must hold of how the row ended. */
export function judgeEnd(row: Row, r: Ran): string[] {
  const p: string[] = [];
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  if (r.hung) return [`hung: killed after ${(row.limitMs ?? DEFAULT_LIMIT_MS) / 1000} s`];
  if (/internal error/.test(r.stderr)) p.push('said "internal error"');
  const e = row.expect;
  if (e.kind === 'fault') {
    if (r.code !== 2) p.push(`exit ${String(r.code ?? r.signal)}, not 2`);
    if (lines.length !== 1) p.push(`${lines.length} stderr lines, not 1`);
    else if (!e.culprit.test(lines[0]!)) p.push(`the line does not name the culprit (${e.culprit.source})`);
    if (r.stdout.trim() !== '') p.push('a report on stdout beside exit 2');
  } else if (e.kind === 'verdict') {
    if (r.code !== 0 && r.code !== 1) p.push(`exit ${String(r.code ?? r.signal)}, not a verdict`);
    else if (e.code !== undefined && r.code !== e.code) p.push(`exit ${r.code}, not ${e.code}`);
    if (/\n\s+at /.test(r.stderr)) p.push('a stack trace on stderr');
    const json = row.argv?.includes('json') === true && (row.argv.includes('-') || !row.argv.includes('--out'));
    if (json)
      try {
        JSON.parse(r.stdout);
      } catch {
        p.push('--reporter json on stdout does not parse');
      }
    const wrote = row.argv?.includes('--out') === true && !row.argv.includes('-') && !/so$/.test(row.argv.join(' '));
    if (!wrote && r.stdout.trim() === '') p.push('no report');
  } else if (e.kind === 'interrupted') {
    if (e.failed) {
      if (r.code !== 1) p.push(`exit ${String(r.code ?? r.signal)}, not 1 after a lie`);
      if (!/had failed so far/.test(r.stderr)) p.push('stderr does not name what had failed');
    } else if (r.signal !== row.signal?.name && r.code !== 128 + signalNumber(row.signal!.name))
      p.push(`exit ${String(r.code ?? r.signal)}, not death by ${row.signal!.name}`);
    if (r.afterSignalMs === undefined) p.push('the signal was never sent (the run ended first)');
    else if (r.afterSignalMs > 5_000) p.push(`${r.afterSignalMs} ms from the signal to the exit (over 5 s)`);
  } else if (r.code !== 0)
    p.push(`the shell line's checks failed (exit ${String(r.code)}): ${r.stdout.trim().split('\n').pop() ?? ''}`);
  return p;
}

const signalNumber = (name: NodeJS.Signals): number => ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 })[name as string] ?? 0;

/** What must hold of what the row left: nothing behind, nothing lost. */
function judgeLeft(row: Row, dir: string, before: readonly string[], r: Ran): string[] {
  const p: string[] = [];
  const alive = processesOf(dir);
  if (alive.length > 0) {
    p.push(`left ${alive.length} process(es): ${alive[0]!.slice(0, 120)}`);
    for (const l of alive) spawnSync('kill', ['-9', l.split(/\s+/)[0]!]);
  }
  const tmp = join(dir, '.tmp');
  const sandboxes = existsSync(tmp) ? readdirSync(tmp).filter((n) => /^\.?readshim-/.test(n)) : [];
  if (sandboxes.length > 0) p.push(`left in TMPDIR: ${sandboxes.join(', ')}`);
  const now = listing(dir);
  const temps = now.filter((f) => f.endsWith('.tmp'));
  if (temps.length > 0) p.push(`left temporary files: ${temps.join(', ')}`);
  const allowed = (f: string): boolean =>
    before.includes(f) ||
    f === '.readshim' ||
    f.startsWith('.readshim/') ||
    (row.outputs ?? []).some((o) => f === o || f.startsWith(`${o}/`));
  const stray = now.filter((f) => !allowed(f) && !f.endsWith('.tmp'));
  if (stray.length > 0) p.push(`left files: ${stray.slice(0, 5).join(', ')}`);
  // Nothing lost: every trace a message names is there.
  const text = `${r.stdout}\n${r.stderr}`;
  const named = [
    ...text.matchAll(/--replay (\S+\.jsonl)/g),
    ...text.matchAll(/^\s+[A-Z0-9]+(?:-[A-Z0-9]+)+: (\S+\.jsonl)/gm),
  ].map((m) => m[1]!);
  for (const f of new Set(named)) if (!existsSync(resolve(dir, f))) p.push(`names a trace that is not there: ${f}`);
  return p;
}

async function runRow(row: Row, scratch: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const dir = join(scratch, 'rows', row.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, '.tmp'), { recursive: true });
  for (const [path, text] of Object.entries(row.files ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    row.setup?.(dir);
  } catch (e) {
    return { row, problems: [], skipped: `setup failed here: ${(e as Error).message.split('\n')[0]}` };
  }
  const before = listing(dir);
  try {
    const ran = await execute(row, dir, {
      ...env,
      READSHIM_PROGRESS: row.signal !== undefined ? '1' : '0',
      TMPDIR: join(dir, '.tmp'),
      ...row.env,
    });
    await new Promise((r) => setTimeout(r, 500)); // a killed process group takes a moment to go
    return { row, ran, problems: [...judgeEnd(row, ran), ...judgeLeft(row, dir, before, ran)] };
  } finally {
    if (existsSync(join(dir, 'ro'))) spawnSync('umount', [join(dir, 'ro')]);
  }
}

function summary(outcomes: readonly Outcome[]): string[] {
  const ran = outcomes.filter((o) => o.skipped === undefined);
  const ok = ran.filter((o) => o.problems.length === 0);
  const by = (k: string): number => ran.filter((o) => o.row.expect.kind === k).length;
  const groups = [...new Set(outcomes.map((o) => o.row.group))];
  return [
    `rows: ${outcomes.length} (${ran.length} run, ${outcomes.length - ran.length} skipped); ${ok.length} ended as they must, ${ran.length - ok.length} did not`,
    `by ending: exit 2 naming the culprit ${by('fault')}, a verdict ${by('verdict')}, interrupted ${by('interrupted')}, several runs at once ${by('shell')}`,
    `by group: ${groups.map((g) => `${g} ${outcomes.filter((o) => o.row.group === g).length}`).join(', ')}`,
    `stderr lines of the exit-2 rows: ${[...new Set(ran.filter((o) => o.row.expect.kind === 'fault').map((o) => o.ran!.stderr.split('\n').filter((l) => l.trim() !== '').length))].join(', ')}`,
  ];
}

function markdown(outcomes: readonly Outcome[], lines: readonly string[]): string {
  const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '# Fault table',
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    '| row | group | what | exit | stderr lines | s | ends as it must |',
    '|---|---|---|---|---|---|---|',
    ...outcomes.map((o) =>
      o.skipped !== undefined
        ? `| ${o.row.id} | ${o.row.group} | ${cell(o.row.what)} | | | | skipped: ${cell(o.skipped)} |`
        : `| ${o.row.id} | ${o.row.group} | ${cell(o.row.what)} | ${String(o.ran!.code ?? o.ran!.signal)} | ${o.ran!.stderr.split('\n').filter((l) => l.trim() !== '').length} | ${(o.ran!.ms / 1000).toFixed(1)} | ${o.problems.length === 0 ? 'yes' : `NO: ${cell(o.problems.join('; '))}`} |`,
    ),
    '',
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const scratch = flag('--scratch') !== undefined ? resolve(flag('--scratch')!) : makeScratch();
  // Kept for a look at a row's folder (rows/<id>/) and for --scratch; remove it when done.
  console.log(`scratch project: ${scratch}`);
  const only = flag('--only')?.split(',');
  const bwrapDir = flag('--bwrap');
  const fx = join(scratch, 'fx');
  for (const [path, text] of fixtureFiles()) {
    mkdirSync(dirname(join(fx, path)), { recursive: true });
    writeFileSync(join(fx, path), text);
  }
  const clean = readFileSync(join(scratch, 'node_modules/readshim-conformance/examples/traces/clean.jsonl'), 'utf8');
  const rows = [...inputRows(clean), ...outputRows()].filter(
    (r) => only === undefined || only.includes(r.group) || only.includes(r.id),
  );
  const ids = new Set<string>();
  for (const r of rows)
    if (ids.has(r.id)) throw new Error(`two rows named ${r.id}`);
    else ids.add(r.id);
  const path = process.env.PATH ?? '';
  const withBwrap = bwrapDir !== undefined ? `${resolve(bwrapDir)}:${path}` : path;
  const outcomes: Outcome[] = [];
  for (const row of rows) {
    let outcome: Outcome;
    if (row.needsBwrap === true && !onPath('bwrap', withBwrap))
      outcome = { row, problems: [], skipped: 'no bubblewrap (give --bwrap <folder>)' };
    else {
      const rowPath =
        row.needsBwrap === true
          ? withBwrap
          : row.noBwrap === true && onPath('bwrap', path)
            ? pathWithout('bwrap', path, scratch)
            : path;
      outcome = await runRow(row, scratch, { ...process.env, PATH: rowPath });
    }
    outcomes.push(outcome);
    const o = outcome;
    console.log(
      o.skipped !== undefined
        ? `  skip  ${row.id}: ${o.skipped}`
        : `  ${o.problems.length === 0 ? 'ok  ' : 'BAD '}  ${row.id} (exit ${String(o.ran!.code ?? o.ran!.signal)}, ${(o.ran!.ms / 1000).toFixed(1)} s)${o.problems.length > 0 ? `: ${o.problems.join('; ')}\n        ${o.ran!.stderr.trim().split('\n').slice(0, 3).join('\n        ')}` : ''}`,
    );
  }
  const lines = summary(outcomes);
  for (const l of lines) console.log(l);
  const report = flag('--report');
  if (report !== undefined) writeFileSync(report, markdown(outcomes, lines));
  return outcomes.every((o) => o.skipped !== undefined || o.problems.length === 0) ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
