/** readshim-conformance run — conformance of a shim (default: the embedded reference). */
import { ARM_NAMES, type ArmName } from '../../core/arms.ts';
import { isRuleId, type RuleId } from '../../core/rules.ts';
import type { ShimAdapter } from '../../adapters/contract.ts';
import { loadAdapter } from '../../adapters/load.ts';
import { DEFAULT_RUNS, runConformance } from '../../properties/run.ts';
import { intFlag, oneOf, parseArgs } from '../args.ts';
import { EXIT, UsageError } from '../errors.ts';
import { DEFAULT_FAILURE_DIR, loadFailures, readTraceFile, saveFailure } from '../failures.ts';
import { emit, progress } from '../output.ts';
import { runJson, runPretty } from '../report/run.ts';

export const DEFAULT_SEED = 20_261_130;

export interface RunFlags {
  readonly adapterPath?: string;
  readonly arm: ArmName;
  readonly cap?: number;
  readonly runs: number;
  readonly seed: number;
  readonly only?: RuleId[];
  readonly replay?: string;
  readonly reporter: 'pretty' | 'json';
  readonly out?: string;
  readonly failureDir: string;
  readonly saveFailures: boolean;
}

export function parseRunFlags(argv: readonly string[]): RunFlags {
  const p = parseArgs('run', argv, {
    values: ['adapter', 'arm', 'cap', 'runs', 'seed', 'only', 'replay', 'reporter', 'out', 'failures'],
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
  return {
    ...(f.get('adapter') !== undefined ? { adapterPath: f.get('adapter')! } : {}),
    arm: oneOf('run', 'arm', f.get('arm'), ARM_NAMES) ?? 'all',
    ...(cap !== undefined ? { cap } : {}),
    runs: intFlag('run', 'runs', f.get('runs'), 1) ?? DEFAULT_RUNS,
    seed: intFlag('run', 'seed', f.get('seed'), 0) ?? DEFAULT_SEED,
    ...(only ? { only } : {}),
    ...(f.get('replay') !== undefined ? { replay: f.get('replay')! } : {}),
    reporter: oneOf('run', 'reporter', f.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty',
    ...(f.get('out') !== undefined ? { out: f.get('out')! } : {}),
    failureDir: f.get('failures') ?? DEFAULT_FAILURE_DIR,
    saveFailures: !p.switches.has('no-save'),
  };
}

export async function resolveAdapter(path: string | undefined): Promise<ShimAdapter> {
  if (path === undefined) return (await import('../../adapters/reference.ts')).default;
  return loadAdapter(path);
}

export default async function run(argv: readonly string[]): Promise<number> {
  const flags = parseRunFlags(argv);
  const adapter = await resolveAdapter(flags.adapterPath);
  if (!adapter.capabilities.arms.includes(flags.arm))
    throw new UsageError(`run: adapter ${adapter.name} does not declare arm ${flags.arm} (it declares ${adapter.capabilities.arms.join(', ')})`);
  const replayOnly = flags.replay !== undefined;
  const replays = replayOnly ? [{ name: flags.replay!, trace: readTraceFile(flags.replay!) }] : loadFailures(flags.failureDir, adapter.name);
  const started = Date.now();
  try {
    const result = await runConformance({
      adapter, arm: flags.arm, runs: flags.runs, seed: flags.seed, transport: 'in-process', replays, replayOnly,
      ...(flags.cap !== undefined ? { cap: flags.cap } : {}),
      ...(flags.only ? { only: flags.only } : {}),
      onProgress: (l) => progress(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${l}`),
    });
    const traceFiles = new Map<string, string>();
    if (flags.saveFailures && !replayOnly)
      for (const r of result.rules) if (r.counterexample && r.counterexample.trace.events.length > 0) traceFiles.set(r.id, saveFailure(flags.failureDir, r.id, r.counterexample.trace));
    const adapterFlag = flags.adapterPath ? ` --adapter ${flags.adapterPath}` : '';
    const extras = { traceFiles, replayCommand: (file: string) => `readshim-conformance run${adapterFlag} --replay ${file}` };
    emit(flags.reporter === 'json' ? runJson(result, extras) : runPretty(result, extras), flags.out);
    return result.summary.failed + result.summary.unexercised > 0 ? EXIT.failed : EXIT.ok;
  } finally {
    await adapter.close?.();
  }
}
