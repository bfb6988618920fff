/**
 * Throughput of the kit itself. A script, not a test: no wall clock decides any
 * verdict of the kit. The reference shim's own speed is dev/bench/reference-perf.ts.
 *
 *   npx tsx dev/bench/kit-throughput.ts [--repeat <n>] [--skip-mutants] [--claims-only] [--json]
 *   npx tsx dev/bench/kit-throughput.ts --profile <dir> [--top <n>]
 *
 * - claims checked per CPU-second: `run --runs 500 --no-save --reporter json` as a user
 *   starts it, claims = the sum of the report's `claims`, CPU = user + system of the whole process
 *   (start, surface probes, corpus, random phase); the random phase's checks per rule beside it;
 * - checked reads per second of a default `run`, in process: runConformance on the reference
 *   (arm all, default histories and seed), every read the kit drives counted at the adapter;
 * - wall time (and CPU time of the child) of the default `run`, `bench` and `mutants` as a user
 *   starts them: `node bin/readshim-conformance.js <command>`, from an empty working directory.
 *
 * --profile summarises a `node --cpu-prof --cpu-prof-dir=<dir> bin/readshim-conformance.js run …`
 * profile: the main thread's self time by area of the kit (a frame's folder; node internals and
 * dependencies under their nearest kit caller) and by function. It samples wall time: on a loaded
 * machine read the shares, not the milliseconds.
 *
 * Medians of --repeat runs (default 3). Wall time depends on the machine's load: the load average
 * and core count are printed with the figures; CPU time is the steadier number on a shared machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShimAdapter, WorkerShim } from '../../src/core/contract.ts';
import reference from '../../src/adapters/reference.ts';
import { DEFAULT_RUNS, runConformance } from '../../properties/run.ts';
import { DEFAULT_SEED } from '../../src/core/seed.ts';
import { envelope } from '../../src/core/output.ts';
import { UsageError } from '../../src/core/errors.ts';

const BIN = fileURLToPath(new URL('../../bin/readshim-conformance.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Options {
  readonly repeat: number;
  readonly skipMutants: boolean;
  readonly json: boolean;
  readonly claimsOnly: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  let repeat = 3;
  let skipMutants = false;
  let json = false;
  let claimsOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--skip-mutants') skipMutants = true;
    else if (a === '--claims-only') claimsOnly = true;
    else if (a === '--repeat') {
      const v = argv[++i];
      if (v === undefined || !/^[1-9]\d*$/.test(v))
        throw new UsageError(`kit-throughput: --repeat needs an integer >= 1, got ${JSON.stringify(v)}`);
      repeat = Number(v);
    } else
      throw new UsageError(
        `kit-throughput: unknown argument ${JSON.stringify(a)} (known: --repeat <n>, --skip-mutants, --claims-only, --json)`,
      );
  }
  return { repeat, skipMutants, json, claimsOnly };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The reference, with every read the kit drives through it counted. */
function counting(base: ShimAdapter): { adapter: ShimAdapter; reads: () => number } {
  let reads = 0;
  const wrap = (s: WorkerShim): WorkerShim => ({
    ...s,
    read: (args) => {
      reads++;
      return s.read(args);
    },
  });
  const adapter: ShimAdapter = {
    ...base,
    create: (ctx) => {
      const made = base.create(ctx);
      return made instanceof Promise ? made.then(wrap) : wrap(made);
    },
  };
  return { adapter, reads: () => reads };
}

interface InProcess {
  readonly reads: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly readsPerSecond: number;
}

async function runInProcess(): Promise<InProcess> {
  const { adapter, reads } = counting(reference);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runConformance({ adapter, arm: 'all', runs: DEFAULT_RUNS, seed: DEFAULT_SEED });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (r.summary.failed + r.summary.unexercised > 0)
    throw new Error('the default run on the reference did not pass: fix that before measuring');
  return { reads: reads(), wallMs, cpuMs: (cpu.user + cpu.system) / 1000, readsPerSecond: reads() / (wallMs / 1000) };
}

interface Timed {
  readonly wallMs: number;
  /** User + system time of the command's processes (the shell's `times`). */
  readonly cpuMs: number;
}

/** `node bin/readshim-conformance.js <args>` from an empty directory; its output is discarded, or kept in `out`. */
function timeCommand(args: readonly string[], out?: string): Timed {
  const cwd = mkdtempSync(join(tmpdir(), 'readshim-throughput-'));
  try {
    const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
    const script = `${[process.execPath, BIN, ...args].map(q).join(' ')} >${out === undefined ? '/dev/null' : q(out)} 2>/dev/null; s=$?; times; exit $s`;
    const t0 = performance.now();
    const r = spawnSync('/bin/sh', ['-c', script], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, READSHIM_PROGRESS: '0' },
    });
    const wallMs = Math.round(performance.now() - t0);
    if (r.status !== 0) throw new Error(`readshim-conformance ${args.join(' ')} exited ${r.status}`);
    // `times`: the shell's own user/system times, then its children's.
    const children = r.stdout.trim().split('\n').at(-1) ?? '';
    const secs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    if (secs.length !== 2) throw new Error(`cannot read the CPU times from ${JSON.stringify(r.stdout)}`);
    return { wallMs, cpuMs: Math.round((secs[0]! + secs[1]!) * 1000) };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The kit-relative path of a frame's file, or undefined outside the kit. */
function own(url: string): string | undefined {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  return path.startsWith(ROOT) ? path.slice(ROOT.length) : undefined;
}

/** 'properties/generators' for properties/generators/content.ts, 'node_modules/fast-check' for a dependency. */
function areaOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'node_modules' ? `node_modules/${parts[1]}` : parts.slice(0, parts.length > 2 ? 2 : 1).join('/');
}

/** Shares of the main thread's self time by area of the kit and by function (`--profile <dir>`). */
export function summarize(p: Profile, top: number): string[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  p.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
  let busy = 0;
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, t: number): void => void m.set(k, (m.get(k) ?? 0) + t);
  for (const [id, t] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += t;
    let area = frame.functionName === '(garbage collector)' ? '(garbage collector)' : undefined;
    for (let q: number | undefined = id; area === undefined && q !== undefined; q = parent.get(q)) {
      const path = own(byId.get(q)!.callFrame.url);
      if (path !== undefined) area = areaOf(path);
    }
    add(areas, area ?? '(start: module loading, node internals)', t);
    add(fns, `${frame.functionName || '(anonymous)'} ${own(frame.url) ?? frame.url}`.trim(), t);
  }
  const pct = (t: number): string => `${((100 * t) / busy).toFixed(1)}%`.padStart(6);
  const rows = (m: Map<string, number>): string[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `${pct(t)}  ${k}`);
  return [
    'by area (self time, builtins under their kit caller):',
    ...rows(areas),
    '',
    'by function (self time):',
    ...rows(fns),
  ];
}

/** The first profile in `dir` (node numbers a run's threads in order: the main thread first). */
function profileTop(dir: string, top: number): string {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()[0];
  if (file === undefined) throw new UsageError(`kit-throughput: no .cpuprofile in ${dir}`);
  return `${summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile, top).join('\n')}\n`;
}

/** Runs per cap band of the claims figure (`run --runs 500`). */
const CLAIM_RUNS = 500;

interface ClaimsFigure {
  readonly command: string;
  readonly claims: number;
  readonly cpuMs: number;
  readonly claimsPerCpuSecond: number;
  /** Checks per rule in the random phase (the same on every sample: the run is deterministic). */
  readonly randomChecks: Readonly<Record<string, number>>;
  readonly samples: readonly Timed[];
}

interface RunReport {
  readonly claims: Readonly<Record<string, number>>;
  readonly summary: { readonly failed: number; readonly unexercised: number };
  readonly rules: readonly { readonly id: string; readonly checksFrom: { readonly random: number } }[];
}

/** Claims checked per CPU-second of a whole `run --runs 500` process (the median CPU of `repeat`). */
function claimsPerCpuSecond(repeat: number, log: (s: string) => void): ClaimsFigure {
  const args = ['run', '--runs', String(CLAIM_RUNS), '--no-save', '--reporter', 'json'];
  const dir = mkdtempSync(join(tmpdir(), 'readshim-claims-'));
  try {
    const out = join(dir, 'run.json');
    const samples: Timed[] = [];
    let report: RunReport | undefined;
    for (let i = 0; i < repeat; i++) {
      log(`run --runs ${CLAIM_RUNS} ${i + 1}/${repeat}`);
      samples.push(timeCommand(args, out));
      report = JSON.parse(readFileSync(out, 'utf8')) as RunReport;
      if (report.summary.failed + report.summary.unexercised > 0)
        throw new Error(`run --runs ${CLAIM_RUNS} on the reference did not pass: fix that before measuring`);
    }
    const claims = Object.values(report!.claims).reduce((a, b) => a + b, 0);
    const cpuMs = median(samples.map((x) => x.cpuMs));
    return {
      command: `node bin/readshim-conformance.js ${args.join(' ')}`,
      claims,
      cpuMs,
      claimsPerCpuSecond: Math.round(claims / (cpuMs / 1000)),
      randomChecks: Object.fromEntries(report!.rules.map((r) => [r.id, r.checksFrom.random])),
      samples,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Figure {
  readonly name: string;
  readonly command: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly samples: readonly Timed[];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--profile') {
    const top = argv[2] === '--top' ? Number(argv[3]) : 12;
    if (argv[1] === undefined || !Number.isSafeInteger(top) || top < 1 || argv.length !== (argv[2] === '--top' ? 4 : 2))
      throw new UsageError('kit-throughput: --profile <dir> [--top <n>]');
    process.stdout.write(profileTop(argv[1], top));
    return;
  }
  const o = parseOptions(argv);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  const load0 = loadavg()[0]!;
  const claims = claimsPerCpuSecond(o.repeat, log);
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const claimLine = `${claims.command}: ${claims.claims.toLocaleString('en-US')} claims checked in CPU ${s(claims.cpuMs)} = ${claims.claimsPerCpuSecond.toLocaleString('en-US')} claims/CPU-s (CPU samples: ${claims.samples.map((x) => s(x.cpuMs)).join(', ')})`;
  if (o.claimsOnly) {
    const machine = {
      cores: availableParallelism(),
      node: process.version,
      loadBefore: load0,
      loadAfter: loadavg()[0]!,
    };
    if (o.json)
      process.stdout.write(
        `${JSON.stringify({ ...envelope('kit-throughput'), repeat: o.repeat, machine, claims }, null, 2)}\n`,
      );
    else process.stdout.write(`${claimLine}\n`);
    return;
  }

  const inProc: InProcess[] = [];
  for (let i = 0; i < o.repeat; i++) {
    log(`run (in process) ${i + 1}/${o.repeat}`);
    inProc.push(await runInProcess());
  }
  const commands: [string, string[]][] = [
    ['run', ['run']],
    ['bench', ['bench']],
  ];
  if (!o.skipMutants) commands.push(['mutants', ['mutants']]);
  const figures: Figure[] = [];
  for (const [name, args] of commands) {
    const samples: Timed[] = [];
    for (let i = 0; i < o.repeat; i++) {
      log(`${name} ${i + 1}/${o.repeat}`);
      samples.push(timeCommand(args));
    }
    figures.push({
      name,
      command: `node bin/readshim-conformance.js ${args.join(' ')}`,
      wallMs: median(samples.map((s) => s.wallMs)),
      cpuMs: median(samples.map((s) => s.cpuMs)),
      samples,
    });
  }
  const machine = { cores: availableParallelism(), node: process.version, loadBefore: load0, loadAfter: loadavg()[0]! };
  const run = {
    reads: inProc[0]!.reads,
    readsPerSecond: Math.round(median(inProc.map((x) => x.readsPerSecond))),
    wallMs: Math.round(median(inProc.map((x) => x.wallMs))),
    cpuMs: Math.round(median(inProc.map((x) => x.cpuMs))),
  };
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ ...envelope('kit-throughput'), repeat: o.repeat, machine, claims, runInProcess: run, commands: figures }, null, 2)}\n`,
    );
    return;
  }
  const lines = [
    `kit throughput — median of ${o.repeat}; ${machine.cores} cores, node ${machine.node}, load average ${machine.loadBefore.toFixed(1)} → ${machine.loadAfter.toFixed(1)}`,
    '',
    claimLine,
    '',
    `run, in process: ${run.reads.toLocaleString('en-US')} checked reads in ${s(run.wallMs)} (CPU ${s(run.cpuMs)}) = ${run.readsPerSecond.toLocaleString('en-US')} reads/s`,
    '',
    ...figures.map(
      (f) =>
        `${f.command.padEnd(42)} wall ${s(f.wallMs).padStart(8)}   CPU ${s(f.cpuMs).padStart(8)}   (wall samples: ${f.samples.map((x) => s(x.wallMs)).join(', ')})`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`${message.startsWith('kit-throughput:') ? '' : 'kit-throughput: '}${message}\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
});
