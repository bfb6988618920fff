/**
 * readshim-conformance bench — bytes saved at zero lies, side by side (docs/BENCH.md).
 * Never writes the failure database; writes no file but --out.
 */
import { ARM_NAMES, type ArmName } from '../../core/arms.ts';
import { modeOfArm, type Mode } from '../../core/levers.ts';
import type { ShimAdapter } from '../../core/contract.ts';
import { modeFor } from '../../adapters/capabilities.ts';
import { isolationAssumption, openIsolation, type Isolation } from '../../adapters/isolate.ts';
import { openProcessAdapter, type ProcessAdapter } from '../../adapters/process/adapter.ts';
import { BaselineError, runBench, type Baselines } from '../../bench/run.ts';
import { benchJson, benchPretty } from '../../bench/report.ts';
import { DEFAULT_WORKLOAD, buildWorkload, workloadProblem, type WorkloadParams } from '../../bench/workload.ts';
import { SEED_DOMAIN, TIMEOUT_DOMAIN, intFlag, oneOf, parseArgs } from '../args.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { emit, progress } from '../../core/output.ts';
import { resolveAdapter } from '../../adapters/in-process/load.ts';
import type { ExitGuard } from '../../adapters/exit-guard.ts';
import { guardAdapter } from '../strays.ts';
import { tmpdirProblem, writeProblem } from '../../core/out-path.ts';
import { defined } from '../../core/defined.ts';

export interface BenchFlags {
  readonly workload: WorkloadParams;
  readonly adapterPath?: string;
  readonly processCommand?: string;
  readonly timeoutMs?: number;
  /** Bench the shim under test under this arm only (default: every arm it declares). */
  readonly arm?: ArmName;
  readonly baselines: Baselines;
  readonly reporter: 'pretty' | 'json';
  readonly out?: string;
  /** --isolate: the --process shim under bubblewrap (src/adapters/isolate.ts). */
  readonly isolation?: Isolation;
}

/** Workload flags: name → parameter. */
const INT_FLAGS = { seed: 'seed', reads: 'reads', workers: 'workers', files: 'files', cap: 'cap' } as const;
const RATE_FLAGS = {
  'reread-rate': 'rereadRate',
  'large-rate': 'largeRate',
  'edit-rate': 'editRate',
  'window-rate': 'windowRate',
  'compact-rate': 'compactRate',
  'same-mtime-rate': 'sameMtimeRate',
} as const;

function rateFlag(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw) || !(v >= 0 && v <= 1))
    throw new UsageError(`bench: --${name} must be a number from 0 to 1, got ${JSON.stringify(raw)}`);
  return v;
}

export function parseBenchFlags(argv: readonly string[]): BenchFlags {
  const p = parseArgs('bench', argv, {
    values: [
      'adapter',
      'process',
      'timeout',
      'arm',
      'baselines',
      'reporter',
      'out',
      ...Object.keys(INT_FLAGS),
      ...Object.keys(RATE_FLAGS),
    ],
    switches: ['isolate', 'verbose'],
  });
  const f = p.flags;
  const w: Record<string, number> = { ...DEFAULT_WORKLOAD };
  for (const [flag, key] of Object.entries(INT_FLAGS)) {
    const v = intFlag('bench', flag, f.get(flag), flag === 'seed' ? SEED_DOMAIN : flag === 'cap' ? 4 : 1);
    if (v !== undefined) w[key] = v;
  }
  for (const [flag, key] of Object.entries(RATE_FLAGS)) {
    const v = rateFlag(flag, f.get(flag));
    if (v !== undefined) w[key] = v;
  }
  const workload = w as unknown as WorkloadParams;
  const problem = workloadProblem(workload);
  if (problem !== undefined) throw new UsageError(`bench: --${problem}`);

  const adapterPath = f.get('adapter');
  const processCommand = f.get('process');
  if (adapterPath !== undefined && processCommand !== undefined)
    throw new UsageError('bench: give --adapter <module> or --process "<cmd>", not both');
  if (processCommand !== undefined && processCommand.trim() === '')
    throw new UsageError(
      'bench: --process needs a command line, e.g. --process "python3 examples/python/delivery_shim.py"',
    );
  const noTmp = processCommand !== undefined ? tmpdirProblem() : undefined;
  if (noTmp !== undefined) throw new UsageError(`bench: ${noTmp}`);
  const timeoutMs = intFlag('bench', 'timeout', f.get('timeout'), TIMEOUT_DOMAIN);
  if (timeoutMs !== undefined && processCommand === undefined)
    throw new UsageError('bench: --timeout applies to --process only');
  const arm = oneOf('bench', 'arm', f.get('arm'), ARM_NAMES);
  const subject = adapterPath !== undefined || processCommand !== undefined;
  if (arm !== undefined && !subject)
    throw new UsageError('bench: --arm chooses the arm of the shim under test; give --adapter or --process with it');
  const out = f.get('out');
  const unwritable = out !== undefined ? writeProblem(out) : undefined;
  if (unwritable !== undefined) throw new UsageError(`bench: --out ${out}: ${unwritable}`);
  if (p.switches.has('isolate') && processCommand === undefined)
    throw new UsageError('bench: --isolate applies to --process only (an in-process adapter runs inside the kit)');
  const isolation = p.switches.has('isolate') ? openIsolation('bench') : undefined;
  const baselines = oneOf('bench', 'baselines', f.get('baselines'), ['all', 'reference', 'none'] as const) ?? 'all';
  if (baselines === 'none' && !subject)
    throw new UsageError('bench: --baselines none leaves nothing to bench; give --adapter or --process');
  return {
    workload,
    ...defined({ adapterPath }),
    ...defined({ processCommand }),
    ...defined({ timeoutMs }),
    ...defined({ arm }),
    baselines,
    reporter: oneOf('bench', 'reporter', f.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty',
    ...(f.get('out') !== undefined ? { out: f.get('out')! } : {}),
    ...(isolation ? { isolation } : {}),
  };
}

/** What a reader of the table must know about the shim under test and this workload. */
function subjectNotes(adapter: ShimAdapter, compactions: number): string[] {
  if (compactions === 0) return [];
  const caps = adapter.capabilities;
  if (caps.hostNeverCompacts === true)
    return [
      `${adapter.name} declares that its host never compacts or rewinds, but this workload compacts ${compactions} times; --compact-rate 0 benches it under that assumption`,
    ];
  if (!caps.forget)
    return [
      `${adapter.name} has no forget hook: the workload's ${compactions} compactions reach it as nothing, so a pointer relying on what was compacted away is a lie (FORGET-RESETS)`,
    ];
  return [];
}

export default async function bench(argv: readonly string[]): Promise<number> {
  const flags = parseBenchFlags(argv);
  // An in-process module's process.exit, stray errors and throws are named (src/cli/strays.ts).
  return guardAdapter(flags.adapterPath, `adapter ${flags.adapterPath ?? 'reference'}`, (guard, named) =>
    benchWith(flags, argv, guard, named),
  );
}

async function benchWith(
  flags: BenchFlags,
  argv: readonly string[],
  guard: ExitGuard,
  named: (adapterName: string) => void,
): Promise<number> {
  let processAdapter: ProcessAdapter | undefined;
  let adapter: ShimAdapter | undefined;
  if (flags.processCommand !== undefined)
    adapter = processAdapter = await openProcessAdapter({
      command: flags.processCommand,
      ...defined({ timeoutMs: flags.timeoutMs }),
      ...(flags.isolation ? { isolation: flags.isolation } : {}),
    });
  else if (flags.adapterPath !== undefined) adapter = await resolveAdapter(flags.adapterPath);
  if (adapter !== undefined) named(adapter.name);
  const started = Date.now();
  try {
    let modes: Mode[] = [];
    if (adapter !== undefined) {
      const declared = adapter.capabilities.arms;
      if (declared === undefined) {
        if (flags.arm !== undefined)
          throw new UsageError(`bench: adapter ${adapter.name} declares levers, not arms: drop --arm`);
        modes = [modeFor(adapter.capabilities, undefined)];
      } else {
        if (flags.arm !== undefined && !declared.includes(flags.arm))
          throw new UsageError(
            `bench: adapter ${adapter.name} does not declare arm ${flags.arm} (it declares ${declared.join(', ')})`,
          );
        modes = (flags.arm !== undefined ? [flags.arm] : ARM_NAMES.filter((a) => declared.includes(a))).map(modeOfArm);
      }
    }
    // A shim that declares no line windows is never sent one (as `run` never does): the whole
    // table's workload then has none, and the report says so.
    const noWindows = adapter !== undefined && !adapter.capabilities.windows && flags.workload.windowRate > 0;
    if (noWindows && argv.some((a) => a === '--window-rate' || a.startsWith('--window-rate=')))
      throw new UsageError(
        `bench: adapter ${adapter!.name} declares capabilities.windows: false, so it is sent no line window: drop --window-rate ${flags.workload.windowRate}`,
      );
    const workload = buildWorkload(noWindows ? { ...flags.workload, windowRate: 0 } : flags.workload);
    let rows;
    try {
      rows = await runBench({
        workload,
        ...(adapter !== undefined
          ? { subject: { adapter, modes, transport: processAdapter !== undefined ? 'process' : 'in-process' } }
          : {}),
        baselines: flags.baselines,
        onProgress: (l) => progress(`[${((Date.now() - started) / 1000).toFixed(1)}s] bench: ${l}`),
      });
    } catch (e) {
      if (e instanceof BaselineError)
        throw new UsageError(`bench: ${e.message}; --baselines reference benches without the naive designs`);
      throw e;
    }
    // A process that broke the protocol anywhere ends the bench with exit 2.
    const broken = processAdapter?.failure();
    if (broken !== undefined) throw broken;
    guard.check(); // an adapter that caught its own process.exit still has no table
    const notes = [
      ...(flags.isolation ? [isolationAssumption(flags.isolation)] : []),
      ...(adapter !== undefined ? subjectNotes(adapter, workload.stats.compactions) : []),
    ];
    if (noWindows)
      notes.unshift(
        `${adapter!.name} declares capabilities.windows: false: this workload has no line windows (--window-rate 0)`,
      );
    await emit(
      flags.reporter === 'json' ? benchJson(workload, rows, notes) : benchPretty(workload, rows, notes),
      flags.out,
    );
    // Exit 1 when the shim under test lied (or, benching the reference alone, the reference did).
    const judged = rows.filter((r) => r.role === (adapter !== undefined ? 'under test' : 'reference'));
    return judged.some((r) => r.lies > 0) ? EXIT.failed : EXIT.ok;
  } finally {
    await adapter?.close?.();
  }
}
