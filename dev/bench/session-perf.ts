/**
 * The kit at session scale (docs/reference/session-performance.md): CPU, wall and peak memory of
 * the default run per kind of subject beside a baseline checkout, claims judged per CPU-second on
 * the cap bands beside the turn-2 head, and the kit's own CPU per judged read on the session band
 * beside the shim's. A script, not a test: no wall clock decides any verdict of the kit. The
 * machine's load is recorded with every figure: on a shared machine read CPU time, not wall time.
 *
 *   npx tsx dev/bench/session-perf.ts defaults --baseline <checkout> [--kinds in-process,process,hook,mcp]
 *   npx tsx dev/bench/session-perf.ts claims --turn2 <checkout> [--repeat 3]
 *   npx tsx dev/bench/session-perf.ts per-read [--histories 10]
 *   npx tsx dev/bench/session-perf.ts phases [--runs 500]   (the random phase of `run --runs N` on the reference, part by part)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { judgeHistory } from '../../properties/history.ts';
import { SESSION_DEFAULTS, sessionOptions } from '../../properties/engine/session-band.ts';
import { materializeSession } from '../../properties/generators/session/materialize.ts';
import { BANDS, withHostTool } from '../../properties/generators/content.ts';
import { historyArb, materialize } from '../../properties/generators/history.ts';
import { HistorySource, specOf } from '../../properties/engine/draw.ts';
import { Tally } from '../../properties/engine/tally.ts';
import { windowLimitMax } from '../../src/core/host-tool.ts';
import { modeFor } from '../../src/adapters/capabilities.ts';
import { sessionArb } from '../../properties/generators/session/shape.ts';
import { sealFor } from '../../properties/run.ts';
import { modeOfArm } from '../../src/core/levers.ts';
import type { ShimAdapter } from '../../src/core/contract.ts';
import reference from '../../src/adapters/reference.ts';
import { machine } from './session.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILE = `${ROOT}dev/bench/results/session-perf.json`;

/** The subject of each kind, as the default run is started for it. */
const SUBJECTS: Readonly<Record<string, readonly string[]>> = {
  'in-process': [],
  process: ['--process', 'python3 examples/python/delivery_shim.py', '--arm', 'cap'],
  hook: ['--hook', 'examples/hooks/content-dedup.sh'],
  mcp: ['--mcp', 'node examples/mcp/hash-cache-server.js'],
};

export interface Timed {
  readonly cpuS: number;
  readonly wallS: number;
  readonly rssMB: number;
  readonly exit: number;
  readonly load: readonly number[];
  readonly claims?: number;
}

function timed(cwd: string, args: readonly string[]): Timed & { stdout: string } {
  const load = machine().load;
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e %M', 'node', 'bin/readshim-conformance.js', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const [u, s, e, m] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return {
    cpuS: (u ?? 0) + (s ?? 0),
    wallS: e ?? 0,
    rssMB: Math.round((m ?? 0) / 1024),
    exit: r.status ?? -1,
    load,
    stdout: r.stdout,
  };
}

type Store = Record<string, unknown> & { machine?: unknown };
const load = (): Store => (existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as Store) : {});
function save(s: Store): void {
  mkdirSync(`${ROOT}dev/bench/results`, { recursive: true });
  writeFileSync(FILE, `${JSON.stringify({ ...s, machine: machine() }, null, 1)}\n`);
}

function defaults(baseline: string, kinds: readonly string[]): void {
  const s = load();
  const out = (s.defaults ?? {}) as Record<string, { baseline: Timed; current: Timed }>;
  for (const k of kinds) {
    const args = ['run', ...SUBJECTS[k]!, '--no-save', '--reporter', 'json'];
    const { stdout: _b, ...base } = timed(baseline, args);
    const { stdout: _c, ...current } = timed(ROOT, args);
    out[k] = { baseline: base, current };
    save({ ...s, defaults: out });
    process.stdout.write(
      `${k}: baseline ${base.cpuS.toFixed(1)} s CPU, ${base.wallS} s wall; now ${current.cpuS.toFixed(1)} s CPU, ${current.wallS} s wall, ${current.rssMB} MB\n`,
    );
  }
}

const claimsOf = (stdout: string): number => {
  try {
    return Object.values((JSON.parse(stdout) as { claims: Record<string, number> }).claims).reduce((a, b) => a + b, 0);
  } catch {
    return 0;
  }
};

/** `run --runs 500` side by side (the session band off in this checkout): claims per CPU-second. */
function claims(turn2: string, repeat: number): void {
  const s = load();
  const rows: { turn2: Timed; current: Timed }[] = [];
  for (let i = 0; i < repeat; i++) {
    const t = timed(turn2, ['run', '--runs', '500', '--no-save', '--reporter', 'json']);
    const c = timed(ROOT, ['run', '--runs', '500', '--sessions', '0', '--no-save', '--reporter', 'json']);
    rows.push({
      turn2: { ...strip(t), claims: claimsOf(t.stdout) },
      current: { ...strip(c), claims: claimsOf(c.stdout) },
    });
    save({ ...s, claims: rows });
    process.stdout.write(
      `turn 2: ${claimsOf(t.stdout)} claims in ${t.cpuS.toFixed(1)} s CPU; now ${claimsOf(c.stdout)} in ${c.cpuS.toFixed(1)} s\n`,
    );
  }
}

const strip = ({ stdout: _s, ...t }: Timed & { stdout: string }): Timed => t;

/** The reference's shim answering every read with the tool's text, untouched: the kit's zero point. */
function passThrough(a: ShimAdapter): ShimAdapter {
  return { ...a, name: 'pass-through', create: (ctx) => ({ read: (args) => ctx.read(args), forget: () => {} }) };
}

/** The session band's histories judged in process: the reference (arm diff) and the pass-through, CPU per read. */
async function perRead(histories: number): Promise<void> {
  const caps = reference.capabilities;
  const o = sessionOptions(caps, { histories, ...SESSION_DEFAULTS['in-process'], transport: 'in-process', links: true, bytes: true }); // prettier-ignore
  const specs = fc.sample(sessionArb(o, fc.constant(24_576)), { seed: 20261130, numRuns: histories });
  const mode = modeOfArm('diff');
  const seal = sealFor(1);
  const cpu = async (a: ShimAdapter): Promise<{ cpuS: number; reads: number; bytes: number }> => {
    let reads = 0;
    let bytes = 0;
    const t = process.cpuUsage();
    for (const spec of specs) {
      const events = materializeSession(spec);
      const v = await judgeHistory(a, { mode, cap: spec.cap, seal }, events);
      for (const x of v.outcomes)
        if (x.kind === 'read') {
          reads++;
          if (x.truth.ok) bytes += x.truth.text.length;
        }
    }
    const d = process.cpuUsage(t);
    return { cpuS: (d.user + d.system) / 1e6, reads, bytes };
  };
  await cpu(passThrough(reference)); // warm-up: compile the kit's and the shim's code once
  const zero = await cpu(passThrough(reference));
  const ref = await cpu(reference);
  const kitPerRead = zero.cpuS / zero.reads;
  const shimPerRead = Math.max(0, ref.cpuS - zero.cpuS) / ref.reads;
  const s = load();
  save({ ...s, perRead: { histories, reads: ref.reads, bytes: ref.bytes, passThroughCpuS: zero.cpuS, referenceCpuS: ref.cpuS, kitPerReadMs: kitPerRead * 1000, shimPerReadMs: shimPerRead * 1000, load: machine().load } }); // prettier-ignore
  process.stdout.write(
    `kit ${(kitPerRead * 1000).toFixed(3)} ms per read, the reference's own ${(shimPerRead * 1000).toFixed(3)} ms (${ref.reads} reads)\n`,
  );
}

/**
 * The cap bands' random phase of `run --runs <runs>` on the reference, in process and one history at
 * a time, with the CPU of each part: drawing (fast-check), materialising, judging (harness, oracle
 * and shim), tallying (coverage, efficiency, lever use). The bands' seeds and options are the run's
 * (properties/engine/generated.ts) at seed 1.
 */
async function phases(runs: number): Promise<void> {
  const caps = reference.capabilities;
  const tool = caps.tool;
  const limit = windowLimitMax(tool);
  const opts = {
    windows: caps.windows,
    stale: caps.staleServe,
    forget: !caps.hostNeverCompacts,
    forgetPaths: caps.forgetWhole !== true,
    toolFailures: true,
    races: true,
    maxWorkers: 3,
    maxOps: 24,
    ...(limit !== undefined ? { maxWindowLimit: limit } : {}),
    ...(tool?.defaultLimit !== undefined ? { defaultLimit: tool.defaultLimit } : {}),
  };
  const config = { mode: modeFor(caps, undefined), seal: sealFor(1), ...(tool ? { tool } : {}) };
  const ms = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const t = { draw: 0, materialise: 0, judge: 0, tally: 0 };
  const tally = new Tally();
  let claims = 0;
  for (const [i, band] of [BANDS.tiny, BANDS.mid, BANDS.production].entries()) {
    let at = ms();
    const draws = new HistorySource(historyArb(withHostTool(band, tool), opts)).draw((1 + (i + 1) * 1_000_003) | 0, 0, runs); // prettier-ignore
    t.draw += ms() - at;
    for (const d of draws) {
      const spec = specOf(d);
      at = ms();
      const events = materialize(spec);
      t.materialise += ms() - at;
      at = ms();
      const v = await judgeHistory(reference, { ...config, cap: spec.cap }, events);
      t.judge += ms() - at;
      at = ms();
      tally.history(v, events, 0, 'random');
      t.tally += ms() - at;
      for (const n of v.claimKinds.values()) claims += n;
    }
  }
  const cpu = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)]));
  save({ ...load(), phases: { runs, claims, cpuMs: cpu, load: machine().load } });
  process.stdout.write(`${claims} claims; CPU ms: ${JSON.stringify(cpu)}\n`);
}

async function main(argv: readonly string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  const flag = (name: string): string | undefined => {
    const i = rest.indexOf(`--${name}`);
    return i === -1 ? undefined : rest[i + 1];
  };
  if (cmd === 'defaults') defaults(flag('baseline') ?? '', flag('kinds')?.split(',') ?? Object.keys(SUBJECTS));
  else if (cmd === 'claims') claims(flag('turn2') ?? '', Number(flag('repeat') ?? 3));
  else if (cmd === 'per-read') await perRead(Number(flag('histories') ?? 10));
  else if (cmd === 'phases') await phases(Number(flag('runs') ?? 500));
  else throw new Error('usage: session-perf.ts defaults|claims|per-read|phases [flags]');
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
