/** readshim-conformance run — conformance of a shim (default: the embedded reference). */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ARM_NAMES, type ArmName } from '../../core/arms.ts';
import { RULE_IDS, isRuleId, type RuleId } from '../../core/rules.ts';
import { formatTrace, headerModeText, type Trace } from '../../core/trace.ts';
import type { DrivenAdapter } from '../../core/contract.ts';
import { shellWord } from '../../adapters/command.ts';
import type { ExitGuard } from '../../adapters/exit-guard.ts';
import { guardAdapter } from '../strays.ts';
import type { CallLog } from '../../adapters/watched.ts';
import type { Subject } from '../../adapters/subject.ts';
import { DEFAULT_SETTLE_MS } from '../../harness/session.ts';
import { DEFAULT_RUNS, DEFAULT_SHRINK_RUNS, judgeRun, type RunResult } from '../../../properties/run.ts';
import type { SessionKind } from '../../../properties/engine/session-band.ts';
import { isolationAssumption, openIsolation, type Isolation } from '../../adapters/isolate.ts';
import { DEFAULT_PROCESS_RUNS, PROCESS_SHRINK_RUNS } from '../../adapters/process/adapter.ts';
import { RUNS_DOMAIN, SEED_DOMAIN, TIMEOUT_DOMAIN, intFlag, oneOf, parseArgs } from '../args.ts';
import { UsageError } from '../../core/errors.ts';
import { DEFAULT_FAILURE_DIR, loadFailures, olderSpecNote, readTraceFile } from '../failures.ts';
import { FailureLog, type FailedRule } from '../failure-log.ts';
import { onInterrupt } from '../interrupt.ts';
import { progress, progressEnabled, tempDirOf } from '../../core/output.ts';
import { replayHost } from '../../../properties/replay-host.ts';
import { movedLine } from '../../../properties/moved.ts';
import { SPEC_VERSION, specBefore } from '../../core/version.ts';
import { RunProgress } from '../progress.ts';
import { DEFAULT_SEED } from '../../core/seed.ts';
import { tmpdirProblem, writeProblem } from '../../core/out-path.ts';
import { badgeSvgPath, finishRun, parseCiFlags, type CiFlags, type RunReporter } from '../ci.ts';
import { SUBJECT_VALUE_FLAGS, checkSubjectSwitches, entryOf, parseSubject, type SubjectFlags } from '../subjects.ts';
import { resolveAdapter } from '../../adapters/in-process/load.ts';
import { defined } from '../../core/defined.ts';
import { CAP_DOMAIN, MAX_RUN_CAP, MAX_SHRINK, SHRINK_DOMAIN } from '../../core/limits.ts';
import { chooseArm } from '../../adapters/capabilities.ts';

export { DEFAULT_SEED, resolveAdapter, chooseArm };
/** Largest --cap (src/core/limits.ts). */
export const MAX_CAP = MAX_RUN_CAP;
/** Most --jobs: each is a process and a sandbox at once. */
export const MAX_JOBS = 256;
export { MAX_SHRINK };
/** --max-seconds: from a second to the longest timer node keeps. */
const MAX_SECONDS_DOMAIN = { min: 1, max: Math.floor((2 ** 31 - 1) / 1000), unit: 's' };

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
  /** --sessions <n>: histories in the session band (default: per kind of subject, from --runs; 0: none). */
  readonly sessions?: number;
  readonly seed: number;
  readonly only?: RuleId[];
  readonly replay?: string;
  readonly reporter: RunReporter;
  /** --baseline, --write-baseline, --shard (src/cli/ci.ts). */
  readonly ci: CiFlags;
  readonly out?: string;
  readonly failureDir: string;
  readonly saveFailures: boolean;
  /** --strict-failures: a trace in the failure database that cannot be replayed is exit 2, not skipped (CI). */
  readonly strictFailures: boolean;
  /** --no-corpus: probes and random histories only (to see what the random phase finds alone). */
  readonly corpus: boolean;
  /** --crossed-sample: the corpus plays a covering sample of the crossed cases (properties/crossed/cover.ts). */
  readonly crossedSample: boolean;
  /** --isolate: every subject process under bubblewrap (src/adapters/isolate.ts, docs/reference/trust-model.md). */
  readonly isolation?: Isolation;
  /** --max-heap <MiB>: the heap limit of an in-process adapter's thread (src/cli/thread.ts). */
  readonly heapMb?: number;
  /** --max-seconds <s>: the run stops at the first history boundary after this long, never a pass. */
  readonly maxSeconds?: number;
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
      'sessions',
      'seed',
      'only',
      'replay',
      'reporter',
      'out',
      'failures',
      'baseline',
      'write-baseline',
      'shard',
      'max-heap',
      'max-seconds',
    ],
    switches: ['no-save', 'no-corpus', 'crossed-sample', 'isolate', 'verbose', 'strict-failures'],
  });
  const f = p.flags;
  const cap = intFlag('run', 'cap', f.get('cap'), CAP_DOMAIN);
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
    for (const flag of ['runs', 'sessions', 'seed', 'shrink'] as const)
      if (f.get(flag) !== undefined)
        throw new UsageError(
          `run: --${flag} applies to generated histories; --replay plays the trace only (drop --${flag})`,
        );
  const heapMb = intFlag('run', 'max-heap', f.get('max-heap'), { min: 64, max: 1_048_576, unit: 'MiB' });
  if (heapMb !== undefined && (subject.kind !== 'adapter' || subject.path === undefined))
    throw new UsageError(
      'run: --max-heap bounds the thread an --adapter module runs in; other subjects are processes of their own (drop it)',
    );
  const maxSeconds = intFlag('run', 'max-seconds', f.get('max-seconds'), MAX_SECONDS_DOMAIN);
  if (maxSeconds !== undefined && f.get('replay') !== undefined)
    throw new UsageError('run: --max-seconds bounds generated histories; --replay plays one trace (drop one of them)');
  const jobs = intFlag('run', 'jobs', f.get('jobs'), { min: 1, max: MAX_JOBS });
  checkSubjectSwitches(subject, { jobs: jobs !== undefined, isolate: false });
  const shrink = intFlag('run', 'shrink', f.get('shrink'), SHRINK_DOMAIN);
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
  const strictFailures = p.switches.has('strict-failures');
  if (strictFailures && f.get('replay') !== undefined)
    throw new UsageError('run: --strict-failures checks the failure database, which --replay does not play (drop one)');
  // Before anything starts: every trace of the database must replay (the adapter filter comes later).
  if (strictFailures) loadFailures(failureDir, '', () => {}, true);
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
    ...defined({ sessions: intFlag('run', 'sessions', f.get('sessions'), { ...RUNS_DOMAIN, min: 0 }) }),
    seed: intFlag('run', 'seed', f.get('seed'), SEED_DOMAIN) ?? DEFAULT_SEED,
    ...(only ? { only } : {}),
    ...(f.get('replay') !== undefined ? { replay: f.get('replay')! } : {}),
    reporter,
    ci: parseCiFlags(f),
    ...(f.get('out') !== undefined ? { out: f.get('out')! } : {}),
    failureDir,
    saveFailures: !p.switches.has('no-save'),
    strictFailures,
    corpus: !p.switches.has('no-corpus'),
    crossedSample: p.switches.has('crossed-sample'),
    ...(isolation ? { isolation } : {}),
    ...defined({ heapMb }),
    ...defined({ maxSeconds }),
  };
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

/** The folders a run writes in (its failure database, its outputs): an interrupted write's temporary file is removed there. */
function writeFolders(flags: RunFlags): string[] {
  const outputs = [
    flags.out,
    flags.ci.writeBaseline?.file,
    flags.reporter === 'badge' && flags.out !== undefined ? badgeSvgPath(flags.out) : undefined,
  ];
  return [
    ...(flags.saveFailures && flags.replay === undefined ? [flags.failureDir] : []),
    ...outputs.map((o) => (o !== undefined ? tempDirOf(o) : undefined)).filter((d): d is string => d !== undefined),
  ];
}

/**
 * An adapter module runs in a worker thread watched from this one (src/cli/thread.ts): a synchronous
 * loop in it ends the run with exit 2. The embedded reference (the default run) and --process stay
 * here: the reference is the kit's own code, and a process is watched by its channel's timeout.
 * A signal ends the run keeping what it found (src/cli/interrupt.ts).
 */
export default async function run(argv: readonly string[]): Promise<number> {
  const flags = parseRunFlags(argv);
  readReplay(flags); // a bad trace is exit 2 before a thread starts
  const soFar = new Map<RuleId, FailedRule>();
  const told = (f: FailedRule): void => void soFar.set(f.rule, f);
  let stop = (): Promise<void> => Promise.resolve();
  const release = onInterrupt({
    failed: () => [...soFar.values()],
    folders: writeFolders(flags),
    replay: (file) => replayCommand(flags, file),
    stop: () => stop(),
  });
  try {
    if (flags.subject.kind === 'adapter' && flags.subject.path !== undefined) {
      const { runInThread } = await import('../thread.ts');
      return await runInThread({
        argv,
        settleMs: flags.timeoutMs ?? DEFAULT_SETTLE_MS,
        who: entryOf(flags.subject).who(flags.subject),
        onFailed: told,
        started: (end) => (stop = end),
        ...defined({ heapMb: flags.heapMb }),
      });
    }
    return await runHere(argv, undefined, told);
  } finally {
    release();
  }
}

/**
 * The run in this thread; `calls` (in a watched worker) learns every adapter call as it starts and
 * settles; `told` learns every rule that fails, as it fails, with where its trace was saved.
 */
export async function runHere(
  argv: readonly string[],
  calls?: CallLog,
  told: (f: FailedRule) => void = () => {},
): Promise<number> {
  const flags = parseRunFlags(argv);
  const replay = readReplay(flags);
  const file = flags.subject.kind === 'adapter' ? flags.subject.path : undefined;
  // An in-process module's process.exit, stray errors and throws are named (src/cli/strays.ts).
  return guardAdapter(file, entryOf(flags.subject).who(flags.subject), (guard, named) =>
    runWith(flags, replay, argv, { guard, named, told, ...defined({ calls }) }),
  );
}

/** What a run in this thread is told and tells. */
interface RunContext {
  readonly guard: ExitGuard;
  readonly calls?: CallLog;
  /** Told the adapter's declared name once it is loaded (messages name it). */
  readonly named: (adapterName: string) => void;
  readonly told: (f: FailedRule) => void;
}

async function runWith(
  flags: RunFlags,
  replay: Replay | undefined,
  argv: readonly string[],
  o: RunContext,
): Promise<number> {
  const entry = entryOf(flags.subject);
  const subject = await entry.open(flags.subject, {
    ...defined({ timeoutMs: flags.timeoutMs }),
    ...defined({ cap: flags.cap }),
    replay: replay !== undefined,
    ...(flags.isolation ? { isolation: flags.isolation } : {}),
    ...defined({ calls: o.calls }),
  });
  o.named(subject.adapter.name);
  // Each failure is saved as it is found (src/cli/failure-log.ts); a replay saves nothing.
  const log = new FailureLog(flags.saveFailures && replay === undefined ? flags.failureDir : undefined, o.told);
  const shown = new RunProgress((l) => progress(l), {
    // Runs that start processes per history (a shim process, hooks, MCP servers, agent CLIs): a line each.
    everyHistory: subject.transport === 'process',
    failed: () => log.failed().map((f) => f.rule),
  });
  if (progressEnabled()) shown.startTimer();
  let closed = false;
  try {
    const { result, olderSpec, hostNotes } = await judge(flags, replay, subject, shown, log);
    // A probe that swallowed a process's protocol breach still ends the run with exit 2.
    const broken = subject.failure();
    if (broken !== undefined) throw broken;
    o.guard.check(); // an adapter that caught its own process.exit still has no verdict
    closed = true;
    await subject.close(); // before the report: a close() that throws ends the run without one
    const traceFiles = settleFailures(log, result, flags.saveFailures && replay === undefined);
    const given = (flag: string): boolean => argv.some((a) => a === flag || a.startsWith(`${flag}=`));
    const notes = [
      ...olderSpec,
      ...hostNotes,
      ...(result.moved ?? []).map(movedLine),
      ...(result.fixedBySpec ?? []).map(
        (f) =>
          `fixed by spec 2.2: ${f.replay} fails ${f.rules.join(', ')} no more only because spec 2.2 judges it differently, not because the shim changed${replay !== undefined ? '' : ': delete it from the failure database'}`,
      ),
      ...(entry.eachHistory !== undefined && replay === undefined && !given('--runs')
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
      ...defined({ maxSeconds: flags.maxSeconds }),
    };
    // The host a driver played and every assumption it made come first in the report.
    const isolated = flags.isolation ? [isolationAssumption(flags.isolation)] : [];
    const judged = { ...result, assumptions: [...isolated, ...subject.assumptions(), ...result.assumptions] };
    o.guard.check(); // nothing escaped the adapter meanwhile (src/cli/strays.ts)
    return await finishRun(judged, flags.ci, flags.reporter, flags.out, extras);
  } finally {
    shown.stop();
    // After another error, what closing says is not the outcome: that error is.
    if (!closed) await subject.close().catch(() => {});
  }
}

/** The session band's size follows the kind of subject (properties/engine/session-band.ts SESSION_DEFAULTS). */
function sessionKindOf(kind: string, transport: 'in-process' | 'process'): SessionKind {
  if (kind === 'agent') return 'agent';
  if (kind === 'hook' || kind === 'mcp') return 'driver';
  return transport === 'in-process' ? 'in-process' : 'process';
}

/** The run proper: the saved traces (or the replay), then judgeRun with the flags. */
async function judge(
  flags: RunFlags,
  replay: Replay | undefined,
  subject: Subject,
  shown: RunProgress,
  log: FailureLog,
): Promise<{ result: RunResult; olderSpec: string[]; hostNotes: string[] }> {
  const adapter = subject.adapter;
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
      : loadFailures(flags.failureDir, adapter.name, skipped, flags.strictFailures);
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
  const spawning = subject.transport === 'process';
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
    session: {
      kind: sessionKindOf(flags.subject.kind, subject.transport),
      ...defined({ histories: flags.sessions }),
    },
    ...(flags.corpus ? {} : { corpus: false }),
    ...(flags.crossedSample ? { crossed: 'cover' as const } : {}),
    // Histories at once only where each has its own process, sandbox and HOME (SubjectKind.isolatedHistories).
    ...(subject.isolatedHistories ? { jobs: flags.jobs } : {}),
    ...(!spawning && flags.timeoutMs !== undefined ? { settleTimeoutMs: flags.timeoutMs } : {}),
    // Spec 2.2: a baseline of an older spec is checked against this run as 2.1 judged it too.
    ...(flags.ci.baseline !== undefined && specBefore(flags.ci.baseline.spec ?? SPEC_VERSION, '2.2')
      ? { alsoSpec21: true }
      : {}),
    onProgress: (l) => shown.line(l),
    ...(progressEnabled() ? { onHistory: shown.observe } : {}),
    onFailure: log.note,
    ...defined({ stopWhen: timeBound(flags.maxSeconds, shown) }),
  });
  return { result, olderSpec, hostNotes };
}

/**
 * --max-seconds: true once the run has judged that long (asked between histories). The clock ends
 * the run, never a verdict: a run it stopped is not a pass (src/cli/ci.ts).
 */
function timeBound(maxSeconds: number | undefined, shown: RunProgress): (() => boolean) | undefined {
  if (maxSeconds === undefined) return undefined;
  const deadline = Date.now() + maxSeconds * 1000;
  let said = false;
  return () => {
    if (Date.now() < deadline) return false;
    if (!said) shown.line(`time bound reached (--max-seconds ${maxSeconds}): no further history starts`);
    said = true;
    return true;
  };
}

/**
 * Every failed rule's trace as the report tells it, saved (already, as it was found: saving again
 * only confirms it); one that could not be saved is printed, so a failure is never lost.
 */
function settleFailures(log: FailureLog, result: RunResult, saving: boolean): Map<string, string> {
  const traceFiles = new Map<string, string>();
  for (const r of result.rules) {
    const cx = r.counterexample;
    if (cx === undefined || cx.trace.events.length === 0) continue;
    log.note(r.id, cx.trace, 'final');
    const file = log.failed().find((f) => f.rule === r.id)?.file;
    if (file !== undefined) traceFiles.set(r.id, file);
    else if (saving)
      process.stderr.write(
        `readshim-conformance: run: ${r.id} failed, and its trace could not be saved (${log.unsaved(r.id) ?? 'unknown'}); the trace follows:\n${formatTrace(cx.trace)}`,
      );
  }
  return traceFiles;
}
