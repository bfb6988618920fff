/** readshim-conformance run — conformance of a shim (default: the embedded reference). */
import { ARM_NAMES, type ArmName } from '../../core/arms.ts';
import { isRuleId, type RuleId } from '../../core/rules.ts';
import type { ShimAdapter } from '../../adapters/contract.ts';
import { loadAdapter } from '../../adapters/load.ts';
import { DEFAULT_RUNS, runConformance } from '../../properties/run.ts';
import { DEFAULT_PROCESS_RUNS, PROCESS_SHRINK_RUNS, openProcessAdapter } from '../../adapters/process/adapter.ts';
import { intFlag, oneOf, parseArgs } from '../args.ts';
import { UsageError } from '../../core/errors.ts';
import { DEFAULT_FAILURE_DIR, loadFailures, readTraceFile, saveFailure } from '../failures.ts';
import { progress } from '../../core/output.ts';
import { DEFAULT_SEED } from '../../core/seed.ts';
import { finishRun, parseCiFlags, type CiFlags, type RunReporter } from '../ci.ts';

export { DEFAULT_SEED };

export interface RunFlags {
  readonly adapterPath?: string;
  /** --process "<cmd>": a shim in any language, over the protocol (docs/PROTOCOL.md). */
  readonly processCommand?: string;
  /** --timeout <ms>: per-request limit for a --process shim. */
  readonly timeoutMs?: number;
  readonly arm: ArmName;
  readonly cap?: number;
  readonly runs: number;
  readonly seed: number;
  readonly only?: RuleId[];
  readonly replay?: string;
  readonly reporter: RunReporter;
  /** --baseline, --write-baseline, --shard (cli/ci.ts). */
  readonly ci: CiFlags;
  readonly out?: string;
  readonly failureDir: string;
  readonly saveFailures: boolean;
}

export function parseRunFlags(argv: readonly string[]): RunFlags {
  const p = parseArgs('run', argv, {
    values: ['adapter', 'process', 'timeout', 'arm', 'cap', 'runs', 'seed', 'only', 'replay', 'reporter', 'out', 'failures', 'baseline', 'write-baseline', 'shard'],
    switches: ['no-save'],
  });
  const f = p.flags;
  const cap = intFlag('run', 'cap', f.get('cap'), 0);
  if (cap !== undefined && cap < 4) throw new UsageError(`run: --cap must be an integer >= 4 (bytes), got ${cap}`);
  const onlyRaw = f.get('only');
  let only: RuleId[] | undefined;
  if (onlyRaw !== undefined) {
    const ids = onlyRaw.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = ids.filter((id) => !isRuleId(id));
    if (unknown.length > 0 || ids.length === 0) throw new UsageError(`run: --only names unknown rule ${unknown.join(', ') || '(none)'}; see \`readshim-conformance spec\` for the 24 IDs`);
    only = ids as RuleId[];
  }
  const processCommand = f.get('process');
  if (processCommand !== undefined && f.get('adapter') !== undefined) throw new UsageError('run: give --adapter <module> or --process "<cmd>", not both');
  if (processCommand !== undefined && processCommand.trim() === '') throw new UsageError('run: --process needs a command line, e.g. --process "python3 examples/python/delivery_shim.py"');
  const timeoutMs = intFlag('run', 'timeout', f.get('timeout'), 1);
  if (timeoutMs !== undefined && processCommand === undefined) throw new UsageError('run: --timeout applies to --process only');
  return {
    ...(f.get('adapter') !== undefined ? { adapterPath: f.get('adapter')! } : {}),
    ...(processCommand !== undefined ? { processCommand } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    arm: oneOf('run', 'arm', f.get('arm'), ARM_NAMES) ?? 'all',
    ...(cap !== undefined ? { cap } : {}),
    runs: intFlag('run', 'runs', f.get('runs'), 1) ?? (processCommand !== undefined ? DEFAULT_PROCESS_RUNS : DEFAULT_RUNS),
    seed: intFlag('run', 'seed', f.get('seed'), 0) ?? DEFAULT_SEED,
    ...(only ? { only } : {}),
    ...(f.get('replay') !== undefined ? { replay: f.get('replay')! } : {}),
    reporter: oneOf('run', 'reporter', f.get('reporter'), ['pretty', 'json', 'junit'] as const) ?? 'pretty',
    ci: parseCiFlags(f),
    ...(f.get('out') !== undefined ? { out: f.get('out')! } : {}),
    failureDir: f.get('failures') ?? DEFAULT_FAILURE_DIR,
    saveFailures: !p.switches.has('no-save'),
  };
}

/** A command line as one shell word (for the replay hint). */
function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export async function resolveAdapter(path: string | undefined): Promise<ShimAdapter> {
  if (path === undefined) return (await import('../../adapters/reference.ts')).default;
  return loadAdapter(path);
}

export default async function run(argv: readonly string[]): Promise<number> {
  const flags = parseRunFlags(argv);
  const processAdapter = flags.processCommand !== undefined
    ? await openProcessAdapter({ command: flags.processCommand, ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}) })
    : undefined;
  const adapter = processAdapter ?? (await resolveAdapter(flags.adapterPath));
  const started = Date.now();
  try {
    if (!adapter.capabilities.arms.includes(flags.arm))
      throw new UsageError(`run: adapter ${adapter.name} does not declare arm ${flags.arm} (it declares ${adapter.capabilities.arms.join(', ')})`);
    const replayOnly = flags.replay !== undefined;
    const replays = replayOnly ? [{ name: flags.replay!, trace: readTraceFile(flags.replay!) }] : loadFailures(flags.failureDir, adapter.name);
    const result = await runConformance({
      adapter, arm: flags.arm, runs: flags.runs, seed: flags.seed, transport: processAdapter ? 'process' : 'in-process', replays, replayOnly,
      ...(flags.cap !== undefined ? { cap: flags.cap } : {}),
      ...(flags.only ? { only: flags.only } : {}),
      ...(flags.ci.shard ? { shard: flags.ci.shard } : {}),
      ...(processAdapter ? { shrinkRuns: PROCESS_SHRINK_RUNS } : {}),
      onProgress: (l) => progress(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${l}`),
    });
    // A probe that swallowed a process's protocol breach still ends the run with exit 2.
    const broken = processAdapter?.failure();
    if (broken !== undefined) throw broken;
    const traceFiles = new Map<string, string>();
    if (flags.saveFailures && !replayOnly)
      for (const r of result.rules) if (r.counterexample && r.counterexample.trace.events.length > 0) traceFiles.set(r.id, saveFailure(flags.failureDir, r.id, r.counterexample.trace));
    const adapterFlag = flags.processCommand !== undefined ? ` --process ${shellQuote(flags.processCommand)}` : flags.adapterPath ? ` --adapter ${flags.adapterPath}` : '';
    const notes = processAdapter !== undefined && !replayOnly && !argv.some((a) => a === '--runs' || a.startsWith('--runs='))
      ? [`${flags.runs} histories per cap band is the default for --process (each history starts the process anew; shrinking runs at most ${PROCESS_SHRINK_RUNS} histories per failed rule); --runs <n> overrides`]
      : [];
    const extras = { traceFiles, notes, replayCommand: (file: string) => `readshim-conformance run${adapterFlag} --replay ${file}` };
    return finishRun(result, flags.ci, flags.reporter, flags.out, extras);
  } finally {
    await adapter.close?.();
  }
}
