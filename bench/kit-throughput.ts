/**
 * Throughput of the kit itself (issue 7 item 3). A script, not a test: no wall clock decides any
 * verdict of the kit. The reference shim's own speed is bench/reference-perf.ts.
 *
 *   npx tsx bench/kit-throughput.ts [--repeat <n>] [--skip-mutants] [--json]
 *
 * - checked reads per second of a default `run`, in process: runConformance on the reference
 *   (arm all, default histories and seed), every read the kit drives counted at the adapter;
 * - wall time (and CPU time of the child) of the default `run`, `bench` and `mutants` as a user
 *   starts them: `node bin/readshim-conformance.js <command>`, from an empty working directory.
 *
 * Medians of --repeat runs (default 3). Wall time depends on the machine's load: the load average
 * and core count are printed with the figures; CPU time is the steadier number on a shared machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShimAdapter, WorkerShim } from '../adapters/contract.ts';
import reference from '../adapters/reference.ts';
import { DEFAULT_RUNS, runConformance } from '../properties/run.ts';
import { DEFAULT_SEED } from '../core/seed.ts';
import { envelope } from '../core/output.ts';
import { UsageError } from '../core/errors.ts';

const BIN = fileURLToPath(new URL('../bin/readshim-conformance.js', import.meta.url));

interface Options {
  readonly repeat: number;
  readonly skipMutants: boolean;
  readonly json: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  let repeat = 3;
  let skipMutants = false;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--skip-mutants') skipMutants = true;
    else if (a === '--repeat') {
      const v = argv[++i];
      if (v === undefined || !/^[1-9]\d*$/.test(v)) throw new UsageError(`kit-throughput: --repeat needs an integer >= 1, got ${JSON.stringify(v)}`);
      repeat = Number(v);
    } else throw new UsageError(`kit-throughput: unknown argument ${JSON.stringify(a)} (known: --repeat <n>, --skip-mutants, --json)`);
  }
  return { repeat, skipMutants, json };
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
  const r = await runConformance({ adapter, arm: 'all', runs: DEFAULT_RUNS, seed: DEFAULT_SEED, transport: 'in-process' });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (r.summary.failed + r.summary.unexercised > 0) throw new Error('the default run on the reference did not pass: fix that before measuring');
  return { reads: reads(), wallMs, cpuMs: (cpu.user + cpu.system) / 1000, readsPerSecond: reads() / (wallMs / 1000) };
}

interface Timed {
  readonly wallMs: number;
  /** User + system time of the command's processes (the shell's `times`). */
  readonly cpuMs: number;
}

/** `node bin/readshim-conformance.js <args>` from an empty directory; its output is discarded. */
function timeCommand(args: readonly string[]): Timed {
  const cwd = mkdtempSync(join(tmpdir(), 'readshim-throughput-'));
  try {
    const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
    const script = `${[process.execPath, BIN, ...args].map(q).join(' ')} >/dev/null 2>&1; s=$?; times; exit $s`;
    const t0 = performance.now();
    const r = spawnSync('/bin/sh', ['-c', script], { cwd, encoding: 'utf8', env: { ...process.env, READSHIM_PROGRESS: '0' } });
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

interface Figure {
  readonly name: string;
  readonly command: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly samples: readonly Timed[];
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  const load0 = loadavg()[0]!;

  const inProc: InProcess[] = [];
  for (let i = 0; i < o.repeat; i++) {
    log(`run (in process) ${i + 1}/${o.repeat}`);
    inProc.push(await runInProcess());
  }
  const commands: [string, string[]][] = [['run', ['run']], ['bench', ['bench']]];
  if (!o.skipMutants) commands.push(['mutants', ['mutants']]);
  const figures: Figure[] = [];
  for (const [name, args] of commands) {
    const samples: Timed[] = [];
    for (let i = 0; i < o.repeat; i++) {
      log(`${name} ${i + 1}/${o.repeat}`);
      samples.push(timeCommand(args));
    }
    figures.push({ name, command: `node bin/readshim-conformance.js ${args.join(' ')}`, wallMs: median(samples.map((s) => s.wallMs)), cpuMs: median(samples.map((s) => s.cpuMs)), samples });
  }
  const machine = { cores: availableParallelism(), node: process.version, loadBefore: load0, loadAfter: loadavg()[0]! };
  const run = {
    reads: inProc[0]!.reads,
    readsPerSecond: Math.round(median(inProc.map((x) => x.readsPerSecond))),
    wallMs: Math.round(median(inProc.map((x) => x.wallMs))),
    cpuMs: Math.round(median(inProc.map((x) => x.cpuMs))),
  };
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ ...envelope('kit-throughput'), repeat: o.repeat, machine, runInProcess: run, commands: figures }, null, 2)}\n`);
    return;
  }
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `kit throughput — median of ${o.repeat}; ${machine.cores} cores, node ${machine.node}, load average ${machine.loadBefore.toFixed(1)} → ${machine.loadAfter.toFixed(1)}`,
    '',
    `run, in process: ${run.reads.toLocaleString('en-US')} checked reads in ${s(run.wallMs)} (CPU ${s(run.cpuMs)}) = ${run.readsPerSecond.toLocaleString('en-US')} reads/s`,
    '',
    ...figures.map((f) => `${f.command.padEnd(42)} wall ${s(f.wallMs).padStart(8)}   CPU ${s(f.cpuMs).padStart(8)}   (wall samples: ${f.samples.map((x) => s(x.wallMs)).join(', ')})`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`${message.startsWith('kit-throughput:') ? '' : 'kit-throughput: '}${message}\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
});
