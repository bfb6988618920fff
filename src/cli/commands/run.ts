/** readshim-conformance run — conformance of a shim (default: the embedded reference). */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ARM_NAMES, type ArmName } from '../../core/arms.ts';
import { RULE_IDS, isRuleId, type RuleId } from '../../core/rules.ts';
import { formatTrace, headerModeText, type Trace } from '../../core/trace.ts';
import type { DrivenAdapter } from '../../core/contract.ts';
import { shellWord } from '../../adapters/command.ts';
import { withExitGuard, type ExitGuard } from '../../adapters/exit-guard.ts';
import type { CallLog } from '../../adapters/watched.ts';
import { DEFAULT_SETTLE_MS } from '../../harness/session.ts';
import { DEFAULT_RUNS, DEFAULT_SHRINK_RUNS, judgeRun } from '../../../properties/run.ts';
import { isolationAssumption, openIsolation, type Isolation } from '../../adapters/isolate.ts';
import { DEFAULT_PROCESS_RUNS, PROCESS_SHRINK_RUNS } from '../../adapters/process/adapter.ts';
import { RUNS_DOMAIN, SEED_DOMAIN, TIMEOUT_DOMAIN, intFlag, oneOf, parseArgs } from '../args.ts';
import { UsageError } from '../../core/errors.ts';
import { replayHost } from '../../../properties/replay-host.ts';
import { movedLine } from '../../../properties/moved.ts';
import { SPEC_VERSION, specBefore } from '../../core/version.ts';
import { DEFAULT_FAILURE_DIR, loadFailures, olderSpecNote, readTraceFile, saveFailure } from '../failures.ts';
import { progress, progressEnabled } from '../../core/output.ts';
import { RunProgress } from '../progress.ts';
import { DEFAULT_SEED } from '../../core/seed.ts';
import { tmpdirProblem, writeProblem } from '../../core/out-path.ts';
import { finishRun, parseCiFlags, type CiFlags, type RunReporter } from '../ci.ts';
import { SUBJECT_VALUE_FLAGS, checkSubjectSwitches, entryOf, parseSubject, type SubjectFlags } from '../subjects.ts';
import { resolveAdapter } from '../../adapters/in-process/load.ts';
import { defined } from '../../core/defined.ts';

export { DEFAULT_SEED, resolveAdapter };
/**
 * Largest --cap: generated files reach 4 × cap (the production band's sizes), and a process's reply
 * carrying one must fit the protocol's 64 MiB line even with every byte escaped (docs/reference/cli.md "run").
 */
export const MAX_CAP = 1_048_576;
/** Most --jobs: each is a process and a sandbox at once. */
export const MAX_JOBS = 256;
/** Most --shrink: a bound, not a wish (in-process shrinks of the fixtures take at most a few hundred). */
export const MAX_SHRINK = 1_000_000;

export interface RunFlags {
  /** --adapter, --process, --hook, --mcp or --agent and their flags (src/cli/subjects.ts). */
  readonly subject: SubjectFlags;
  /** --timeout <ms>: per-request limit (a process's reply, or an in-process call's settling). */
  readonly timeoutMs?: number;
  /** --jobs <n>: histories at once, for subjects with isolated histories (default: the number of cores). */
  readonly jobs: number;
  /** --shrink <n>: most histories the shrinking of one failed rule judges (default per transport). */
  readonly shrink: number;
  /** --arm as given: the arm of the histories for an arm-surface shim (a replay takes the trace's; a lever shim runs its levers). */
  readonly arm?: ArmName;
  readonly cap?: number;
  readonly runs: number;
  readonly seed: number;
  readonly only?: RuleId[];
  readonly replay?: string;
  readonly reporter: RunReporter;
  /** --baseline, --write-baseline, --shard (src/cli/ci.ts). */
  readonly ci: CiFlags;
  readonly out?: string;
  readonly failureDir: string;
  readonly saveFailures: boolean;
  /** --no-corpus: probes and random histories only (to see what the random phase finds alone). */
  readonly corpus: boolean;
  /** --isolate: every subject process under bubblewrap (src/adapters/isolate.ts, docs/reference/trust-model.md). */
  readonly isolation?: Isolation;
}

export function parseRunFlags(argv: readonly string[]): RunFlags {
  const p = parseArgs('run', argv, {
    values: [
      ...SUBJECT_VALUE_FLAGS,
      'timeout',
      'jobs',
      'shrink',
      'arm',
      'cap',
      'runs',
      'seed',
      'only',
      'replay',
      'reporter',
      'out',
      'failures',
      'baseline',
      'write-baseline',
      'shard',
    ],
    switches: ['no-save', 'no-corpus', 'isolate'],
  });
  const f = p.flags;
  const cap = intFlag('run', 'cap', f.get('cap'), { min: 4, max: MAX_CAP, unit: 'bytes' });
  const onlyRaw = f.get('only');
  let only: RuleId[] | undefined;
  if (onlyRaw !== undefined) {
    const ids = onlyRaw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = ids.filter((id) => !isRuleId(id));
    if (unknown.length > 0 || ids.length === 0)
      throw new UsageError(
        `run: --only names unknown rule ${unknown.join(', ') || '(none)'}; see \`readshim-conformance spec\` for the ${RULE_IDS.length} IDs`,
      );
    only = ids as RuleId[];
  }
  const subject = parseSubject(f, cap);
  checkSubjectSwitches(subject, { jobs: false, isolate: p.switches.has('isolate') });
  const spawns = entryOf(subject).transport === 'process';
  const noTmp = spawns ? tmpdirProblem() : undefined;
  if (noTmp !== undefined) throw new UsageError(`run: ${noTmp}`);
  const isolation = p.switches.has('isolate') ? openIsolation('run') : undefined;
  const timeoutMs = intFlag('run', 'timeout', f.get('timeout'), TIMEOUT_DOMAIN);
  // A replay plays the trace: arm, cap and seal come from its header; nothing is generated or shrunk.
  if (f.get('replay') !== undefined)
    for (const flag of ['runs', 'seed', 'shrink'] as const)
      if (f.get(flag) !== undefined)
        throw new UsageError(
          `run: --${flag} applies to generated histories; --replay plays the trace only (drop --${flag})`,
        );
  const jobs = intFlag('run', 'jobs', f.get('jobs'), { min: 1, max: MAX_JOBS });
  checkSubjectSwitches(subject, { jobs: jobs !== undefined, isolate: false });
  const shrink = intFlag('run', 'shrink', f.get('shrink'), { min: 0, max: MAX_SHRINK, unit: 'histories' });
  const armFlag = oneOf('run', 'arm', f.get('arm'), ARM_NAMES);
  // Where the run will write, checked before it spends minutes (ENOTDIR is a usage error, not a crash).
  const out = f.get('out');
  const reporter =
    oneOf('run', 'reporter', f.get('reporter'), ['pretty', 'json', 'junit', 'badge', 'html'] as const) ?? 'pretty';
  if (reporter === 'badge' && (out === undefined || !out.endsWith('.json')))
    throw new UsageError('run: --reporter badge writes <name>.json and <name>.svg beside it: give --out <name>.json');
  const bad = out !== undefined ? writeProblem(out) : undefined;
  if (bad !== undefined) throw new UsageError(`run: --out ${out}: ${bad}`);
  const failureDir = f.get('failures') ?? DEFAULT_FAILURE_DIR;
  const badDir =
    !p.switches.has('no-save') && f.get('replay') === undefined
      ? writeProblem(join(failureDir, 'trace.jsonl'))
      : undefined;
  if (badDir !== undefined)
    throw new UsageError(`run: failure database ${failureDir}: ${badDir} (--failures <dir> or --no-save)`);
  return {
    subject,
    ...defined({ timeoutMs }),
    jobs: jobs ?? availableParallelism(),
    shrink: shrink ?? (spawns ? PROCESS_SHRINK_RUNS : DEFAULT_SHRINK_RUNS),
    ...defined({ arm: armFlag }),
    ...defined({ cap }),
    runs:
      intFlag('run', 'runs', f.get('runs'), RUNS_DOMAIN) ??
      entryOf(subject).defaultRuns ??
      (spawns ? DEFAULT_PROCESS_RUNS : DEFAULT_RUNS),
    seed: intFlag('run', 'seed', f.get('seed'), SEED_DOMAIN) ?? DEFAULT_SEED,
    ...(only ? { only } : {}),
    ...(f.get('replay') !== undefined ? { replay: f.get('replay')! } : {}),
    reporter,
    ci: parseCiFlags(f),
    ...(f.get('out') !== undefined ? { out: f.get('out')! } : {}),
    failureDir,
    saveFailures: !p.switches.has('no-save'),
    corpus: !p.switches.has('no-corpus'),
    ...(isolation ? { isolation } : {}),
  };
}

/**
 * The arm of the histories: none for a lever shim (--arm is then a usage error); for an arm
 * surface, --arm if declared, else `all` if declared, else its only arm.
 */
export function chooseArm(adapter: DrivenAdapter, wanted: ArmName | undefined): ArmName | undefined {
  const arms = adapter.capabilities.arms;
  if (arms === undefined) {
    if (wanted !== undefined)
      throw new UsageError(
        `run: adapter ${adapter.name} declares levers [${(adapter.capabilities.levers ?? []).join(', ')}], not arms: --arm applies to shims with an arm surface; drop it`,
      );
    return undefined;
  }
  if (wanted !== undefined) {
    if (!arms.includes(wanted))
      throw new UsageError(
        `run: adapter ${adapter.name} does not declare arm ${wanted} (it declares ${arms.join(', ')})`,
      );
    return wanted;
  }
  if (arms.includes('all')) return 'all';
  if (arms.length === 1) return arms[0];
  throw new UsageError(`run: adapter ${adapter.name} declares arms ${arms.join(', ')}: choose one with --arm`);
}

/** A replayed trace's arm, which the adapter must declare (a lever trace needs a lever shim). */
function replayArm(adapter: DrivenAdapter, replay: Replay): ArmName | undefined {
  const h = replay.trace.header;
  const arms = adapter.capabilities.arms;
  if (h.levers !== undefined) {
    if (arms !== undefined)
      throw new UsageError(
        `run: ${replay.file} was recorded for a shim with ${headerModeText(h)}, but adapter ${adapter.name} declares arms (${arms.join(', ')})`,
      );
    return undefined;
  }
  const arm = h.arm ?? 'all';
  if (arms === undefined)
    throw new UsageError(
      `run: ${replay.file} was recorded under arm ${arm}, but adapter ${adapter.name} declares levers [${(adapter.capabilities.levers ?? []).join(', ')}], not arms`,
    );
  if (!arms.includes(arm))
    throw new UsageError(
      `run: ${replay.file} was recorded under arm ${arm}, which adapter ${adapter.name} does not declare (it declares ${arms.join(', ')})`,
    );
  return arm;
}

/** The trace a --replay plays, checked against the flags before any process starts. */
interface Replay {
  readonly file: string;
  readonly trace: Trace;
}

function readReplay(flags: RunFlags): Replay | undefined {
  if (flags.replay === undefined) return undefined;
  const trace = readTraceFile(flags.replay);
  const h = trace.header;
  if (flags.arm !== undefined && flags.arm !== h.arm)
    throw new UsageError(
      `run: --arm ${flags.arm}, but ${flags.replay} was recorded under ${headerModeText(h)}; a replay takes arm, cap and seal from its trace (drop --arm)`,
    );
  if (flags.cap !== undefined && flags.cap !== h.cap)
    throw new UsageError(
      `run: --cap ${flags.cap}, but ${flags.replay} was recorded with cap ${h.cap}; a replay takes arm, cap and seal from its trace (drop --cap)`,
    );
  return { file: flags.replay, trace };
}

/** The flags a saved trace needs to be replayed as this run judged it (the trace carries arm, cap and seal). */
function replayCommand(flags: RunFlags, file: string): string {
  // Runs as printed from a project that installed the kit, and in a checkout of it (docs/reference/cli.md).
  const parts = ['npx readshim-conformance run', ...entryOf(flags.subject).argv(flags.subject, flags.cap)];
  if (flags.timeoutMs !== undefined) parts.push(`--timeout ${flags.timeoutMs}`);
  if (flags.isolation !== undefined) parts.push('--isolate');
  if (flags.only !== undefined) parts.push(`--only ${flags.only.join(',')}`);
  parts.push(`--replay ${shellWord(file)}`);
  return parts.join(' ');
}

/**
 * An adapter module runs in a worker thread watched from this one (src/cli/thread.ts): a synchronous
 * loop in it ends the run with exit 2. The embedded reference (the default run) and --process stay
 * here: the reference is the kit's own code, and a process is watched by its channel's timeout.
 */
export default async function run(argv: readonly string[]): Promise<number> {
  const flags = parseRunFlags(argv);
  readReplay(flags); // a bad trace is exit 2 before a thread starts
  if (flags.subject.kind === 'adapter' && flags.subject.path !== undefined) {
    const { runInThread } = await import('../thread.ts');
    return runInThread({
      argv,
      settleMs: flags.timeoutMs ?? DEFAULT_SETTLE_MS,
      who: entryOf(flags.subject).who(flags.subject),
    });
  }
  return runHere(argv);
}

/** The run in this thread; `calls` (in a watched worker) learns every adapter call as it starts and settles. */
export async function runHere(argv: readonly string[], calls?: CallLog): Promise<number> {
  const flags = parseRunFlags(argv);
  const replay = readReplay(flags);
  // An in-process adapter's process.exit must not end the kit silently (exit 2, src/adapters/exit-guard.ts).
  const who = entryOf(flags.subject).who(flags.subject);
  return withExitGuard(
    () => who,
    (guard) => runWith(flags, replay, argv, guard, calls),
    { strays: true },
  );
}

async function runWith(
  flags: RunFlags,
  replay: Replay | undefined,
  argv: readonly string[],
  guard: ExitGuard,
  calls: CallLog | undefined,
): Promise<number> {
  const entry = entryOf(flags.subject);
  const subject = await entry.open(flags.subject, {
    ...defined({ timeoutMs: flags.timeoutMs }),
    ...defined({ cap: flags.cap }),
    replay: replay !== undefined,
    ...(flags.isolation ? { isolation: flags.isolation } : {}),
    ...defined({ calls }),
  });
  const adapter = subject.adapter;
  /** Runs that start processes per history (a shim process, hooks, MCP servers, agent CLIs). */
  const spawning = subject.transport === 'process';
  const shown = new RunProgress((l) => progress(l), { everyHistory: spawning });
  if (progressEnabled()) shown.startTimer();
  try {
    const arm = replay !== undefined ? replayArm(adapter, replay) : chooseArm(adapter, flags.arm);
    const fixed = adapter.capabilities.cap;
    if (fixed !== undefined && flags.cap !== undefined && flags.cap !== fixed)
      throw new UsageError(
        `run: adapter ${adapter.name} has a fixed cap of ${fixed} bytes (capabilities.cap); drop --cap ${flags.cap}`,
      );
    const replayOnly = replay !== undefined;
    const skipped = (line: string): boolean => process.stderr.write(`readshim-conformance: run: ${line}\n`);
    const replays =
      replay !== undefined
        ? [{ name: replay.file, trace: replay.trace }]
        : loadFailures(flags.failureDir, adapter.name, skipped);
    // Spec 2.2: a replay takes the subject's host; a --replay behind another host is exit 2, a saved one is skipped.
    const hosts = replays.map((r) => ({ r, host: replayHost(r.name, r.trace.header, adapter.capabilities.tool) }));
    for (const { host } of hosts)
      if (!host.ok) {
        if (replay !== undefined) throw new UsageError(`run: ${host.problem}`);
        skipped(`failure database: skipped ${host.problem}`);
      }
    const playable = hosts.filter((x) => x.host.ok).map((x) => x.r);
    const hostNotes = hosts.flatMap(({ host }) => (host.ok && host.note !== undefined ? [host.note] : []));
    const olderSpec = playable.map((r) => olderSpecNote(r.name, r.trace)).filter((x): x is string => x !== undefined);
    const result = await judgeRun({
      adapter,
      ...defined({ arm }),
      runs: replayOnly ? 0 : flags.runs,
      seed: replay?.trace.header.seed ?? flags.seed,
      // A hook's or server's reads are the host's: the kit does not fail them on purpose (src/adapters/hook, src/adapters/mcp).
      transport: subject.transport,
      replays: playable,
      replayOnly,
      ...(flags.cap !== undefined && !replayOnly ? { cap: flags.cap } : {}),
      ...(flags.only ? { only: flags.only } : {}),
      ...(flags.ci.shard ? { shard: flags.ci.shard } : {}),
      shrinkRuns: flags.shrink,
      ...(flags.corpus ? {} : { corpus: false }),
      // Histories at once only where each has its own process, sandbox and HOME (SubjectKind.isolatedHistories).
      ...(subject.isolatedHistories ? { jobs: flags.jobs } : {}),
      ...(!spawning && flags.timeoutMs !== undefined ? { settleTimeoutMs: flags.timeoutMs } : {}),
      // Spec 2.2: a baseline of an older spec is checked against this run as 2.1 judged it too.
      ...(flags.ci.baseline !== undefined && specBefore(flags.ci.baseline.spec ?? SPEC_VERSION, '2.2')
        ? { alsoSpec21: true }
        : {}),
      onProgress: (l) => shown.line(l),
      ...(progressEnabled() ? { onHistory: shown.observe } : {}),
    });
    // A probe that swallowed a process's protocol breach still ends the run with exit 2.
    const broken = subject.failure();
    if (broken !== undefined) throw broken;
    guard.check(); // an adapter that caught its own process.exit still has no verdict
    const traceFiles = new Map<string, string>();
    if (flags.saveFailures && !replayOnly)
      for (const r of result.rules)
        if (r.counterexample && r.counterexample.trace.events.length > 0)
          try {
            traceFiles.set(r.id, saveFailure(flags.failureDir, r.id, r.counterexample.trace));
          } catch (e) {
            if (!(e instanceof UsageError)) throw e;
            // A trace that cannot be saved is printed: the failure is never lost (docs/reference/cli.md "run").
            process.stderr.write(
              `readshim-conformance: run: ${r.id} failed, and its trace could not be saved (${e.message}); the trace follows:\n${formatTrace(r.counterexample.trace)}`,
            );
          }
    const given = (flag: string): boolean => argv.some((a) => a === flag || a.startsWith(`${flag}=`));
    const notes = [
      ...olderSpec,
      ...hostNotes,
      ...(result.moved ?? []).map(movedLine),
      ...(result.fixedBySpec ?? []).map(
        (f) =>
          `fixed by spec 2.2: ${f.replay} fails ${f.rules.join(', ')} no more only because spec 2.2 judges it differently, not because the shim changed${replayOnly ? '' : ': delete it from the failure database'}`,
      ),
      ...(entry.eachHistory !== undefined && !replayOnly && !given('--runs')
        ? [
            `${flags.runs} histories per cap band is the default for --${flags.subject.kind} (each history starts ${entry.eachHistory}); --runs <n> overrides`,
          ]
        : []),
    ];
    const host = subject.host();
    const extras = {
      traceFiles,
      notes,
      ...defined({ host }),
      replayCommand: (file: string) => replayCommand(flags, file),
      ...(replay !== undefined ? { replay: { file: replay.file, header: replay.trace.header } } : {}),
    };
    // The host a driver played and every assumption it made come first in the report.
    const isolated = flags.isolation ? [isolationAssumption(flags.isolation)] : [];
    const judged = { ...result, assumptions: [...isolated, ...subject.assumptions(), ...result.assumptions] };
    return finishRun(judged, flags.ci, flags.reporter, flags.out, extras);
  } finally {
    shown.stop();
    await subject.close();
  }
}
