/**
 * A conformance run: surface probes, saved traces, the directed corpus (properties/corpus/), then
 * fast-check histories per cap band. Every rule gets pass / fail / n/a / unexercised with its check
 * count (and where the checks came from); a failure gets a shrunk story and a trace that replays it.
 */
import { createHash } from 'node:crypto';
import type { ArmName } from '../src/core/arms.ts';
import { leverList, type Mode } from '../src/core/levers.ts';
import { RULE_IDS, type RuleId } from '../src/core/rules.ts';
import { headerMode, type Trace } from '../src/core/trace.ts';
import { KIT_VERSION, SPEC_VERSION, specBefore } from '../src/core/version.ts';
import { describeBinary, describeHostTool } from '../src/core/host-tool.ts';
import { describeReinject } from '../src/core/reinject.ts';
import { describePolicy } from '../src/core/policies.ts';
import { describeSessions } from '../src/core/sessions.ts';
import type { BytesShimAdapter, DrivenAdapter, ShimAdapter } from '../src/core/contract.ts';
import type { Transport } from '../src/adapters/subject.ts';
import { AdapterError, UsageError } from '../src/core/errors.ts';
import { modeFor } from '../src/adapters/capabilities.ts';
import { notApplicable, unusedLever } from './applicability.ts';
import { leadFromNote } from './corpus/classes.ts';
import { NOT_REACHED, playCorpus } from './corpus/play.ts';
import { efficiencyFindings } from './efficiency.ts';
import { FAKE_SEALS } from './generators/content.ts';
import { recorded } from './recorded.ts';
import { replayHost } from './replay-host.ts';
import { fixedBySpec, movedVerdicts, type MovedVerdict } from './moved.ts';
import { consequencesOf, tellStory } from './story.ts';
import { runSurfaceProbes } from './surface/index.ts';
import { isPartial, summarize, type Shard } from './shard.ts';
import { decide, type RuleStatus } from './verdict.ts';
import { runHistory, type EngineEnv } from './engine/env.ts';
import { generatedPhase } from './engine/generated.ts';
import { SESSION_DEFAULTS, sessionHistories, sessionOptions, type SessionKind } from './engine/session-band.ts';
import { coverageReport } from './crossed/coverage.ts';
import type { Offers } from './crossed/table.ts';
import type { LeverUse } from './lever-use.ts';
import { shownBytes, showsLineEnds } from './crossed/shown.ts';
import { CROSSED_BIG_FILE } from './crossed/cases.ts';
import type { CrossedPlay } from './crossed/cover.ts';
import type { HistoryObserver } from './engine/observe.ts';
import { Slots } from './engine/pool.ts';
import { AHEAD_PER_SLOT } from './engine/random.ts';
import { Tally, type FailureListener } from './engine/tally.ts';

import type { CaseOutcome, FileIdentity, RuleResult, RunResult, StoppedEarly } from './result.ts';
import { defined } from '../src/core/defined.ts';

export type { RuleStatus };
export type {
  Advisory,
  BandUsed,
  BrokenBy,
  ConsequenceRef,
  CorpusSummary,
  Counterexample,
  Mechanism,
  Phase,
  RuleResult,
  RunResult,
  StoppedEarly,
} from './result.ts';

export interface RunOptions {
  /** An in-process adapter (spec 2.1: one whose tool returns bytes too). */
  readonly adapter: ShimAdapter | BytesShimAdapter;
  /** The arm of the histories, for an arm-surface shim (default all); a lever shim runs its declared levers. */
  readonly arm?: ArmName;
  /** A fixed cap (one band), or undefined for the three cap bands (capabilities.cap fixes it too). */
  readonly cap?: number;
  /** Histories per cap band. */
  readonly runs: number;
  readonly seed: number;
  readonly only?: readonly RuleId[];
  /** Traces to replay before generating (saved failures, --replay). */
  readonly replays?: readonly { readonly name: string; readonly trace: Trace }[];
  /** Only replay; generate nothing (--replay). */
  readonly replayOnly?: boolean;
  /**
   * Spec 2.2: judge every history as spec 2.1 did too, and list the rules it would have failed
   * (RunResult.failedUnder21): a baseline of an older spec tells "fixed by spec 2.2" from a fix.
   */
  readonly alsoSpec21?: boolean;
  /**
   * Shard i of n (1-based): run only this shard's work units (properties/shard.ts); surface probes and
   * replays run in shard 1 only. combineShards() of all n results equals the unsplit run.
   */
  readonly shard?: Shard;
  readonly onProgress?: (line: string) => void;
  /** Minimum checks per applicable rule before it counts as exercised. */
  readonly minChecks?: number;
  /**
   * Most candidate histories the shrinking of one rule's counterexample may judge (--shrink; then
   * the smallest failing history so far is told). Counted in histories as a one-at-a-time run counts
   * them, never in seconds, so the story is deterministic. Default DEFAULT_SHRINK_RUNS.
   */
  readonly shrinkRuns?: number;
  /**
   * Histories judged at once (--jobs; default 1). Only for an adapter whose histories cannot see
   * each other (a process adapter: one process and sandbox each); verdicts, stories and the result
   * are the same for any value.
   */
  readonly jobs?: number;
  /** How long one call of an in-process adapter may take to settle (--timeout; src/harness/session.ts). */
  readonly settleTimeoutMs?: number;
  /** Play the directed corpus before the random phase (default true; mutants --no-corpus turns it off). */
  readonly corpus?: boolean;
  /**
   * The crossed cases the corpus plays (properties/crossed/): every cell (default), or 'cover', a
   * sample that still plays every condition row and every edit column the subject can play — for
   * the kit's own tests whose point is not the whole table (properties/crossed/cover.ts).
   */
  readonly crossed?: CrossedPlay;
  /**
   * The session band (properties/engine/session-band.ts): its histories (default: one per 15 of
   * --runs in process, one per 25 otherwise; 0 turns it off) and the kind of subject it is sized for.
   */
  readonly session?: { readonly histories?: number; readonly kind?: SessionKind };
}

/** What the kit's own callers add (the CLI's subjects, mutants, bench): not public API. */
export interface JudgeOptions extends Omit<RunOptions, 'adapter'> {
  /** Any kind of subject's adapter (src/adapters/subject.ts), a history-only driver too. */
  readonly adapter: DrivenAdapter;
  /** In-process adapters can have their read tool fail and race on purpose (default in-process; src/adapters/subject.ts). */
  readonly transport?: Transport;
  /** Told when each generated or shrinking history starts, which event it waits on, and how it ended (progress). */
  readonly onHistory?: HistoryObserver;
  /**
   * A rejection that carries no read-tool error (a crash) ends the run as an adapter error instead
   * of a REFUSAL-TRUE / PASSTHROUGH finding: a mutant that merely crashes is not killed (mutants).
   */
  readonly crashIsError?: boolean;
  /**
   * Told when a rule first fails, with the trace that replays it: `found` for a random history
   * before it is shrunk, `final` for the counterexample the result holds (the CLI saves both as
   * they come, so a run cut short keeps what it found).
   */
  readonly onFailure?: FailureListener;
  /**
   * The run's time bound (`run --max-seconds`): asked between histories; once true, no history
   * starts — the corpus, the random phase and the shrinking end there — and the result's
   * `stoppedEarly` says what was not done. Never a pass (the CLI exits 1).
   */
  readonly stopWhen?: () => boolean;
}

export const DEFAULT_RUNS = 150;
/**
 * Most candidates the shrinking of one failed rule judges in process (--shrink). In-process
 * histories take milliseconds; every rule of the shipped fixtures shrinks to its local minimum in
 * far fewer (test/properties/engine.long.test.ts), so the bound only stops a pathological shrink.
 */
export const DEFAULT_SHRINK_RUNS = 2000;

/** OFF-IDENTITY is about object identity, which a process shim cannot show across a pipe. */
export const PROCESS_NO_IDENTITY =
  'a process shim is reached over a pipe, where object identity does not exist: OFF-IDENTITY is checked in-process only';

/** The seal the kit expects from every notice: derived from the run seed, never a fake one. */
export function sealFor(seed: number): string {
  for (let i = 0; ; i++) {
    const s = createHash('sha256').update(`readshim-seal:${seed}:${i}`).digest('hex').slice(0, 12);
    if (!FAKE_SEALS.includes(s)) return s;
  }
}

/** The assumption line that says which identity of a file the oracle kept knowledge by (spec/SPEC.md "Links and case"). */
export function describeFileIdentity(id: FileIdentity): string {
  return id === 'realpath'
    ? 'Files are identified as the host identifies them: by realpath (every symlink followed; case matters). What a worker holds is kept per delivery, under the name it asked by and the identity the file had then (spec 2.2 "Knowledge").'
    : 'The host folds case (capabilities.caseInsensitive): A.ts and a.ts are one file. Files are identified by realpath (every symlink followed), case folded; what a worker holds is kept per delivery, under the name it asked by (case folded) and the identity the file had then (spec 2.2 "Knowledge").';
}

/** The public run: an in-process adapter (docs/reference/api.md). */
export function runConformance(o: RunOptions): Promise<RunResult> {
  return judgeRun(o);
}

export async function judgeRun(options: JudgeOptions): Promise<RunResult> {
  const o = { ...options, transport: options.transport ?? 'in-process' };
  const caps = o.adapter.capabilities;
  const targets = new Set<RuleId>(o.only ?? RULE_IDS);
  const seal = sealFor(o.seed);
  const tally = new Tally(o.onFailure);
  const settle = o.settleTimeoutMs !== undefined ? { opTimeoutMs: o.settleTimeoutMs } : {};
  const progress = o.onProgress ?? (() => {});
  const mode = modeFor(caps, o.arm);
  const tool = caps.tool;
  const fixedCap = o.cap ?? caps.cap;
  const assumptions: string[] = [];
  if (caps.hostNeverCompacts)
    assumptions.push(
      'The adapter declares that its host never compacts or rewinds transcripts: FORGET-RESETS was not tested.',
    );
  // Spec 2.1: how the tool answers a file that is not UTF-8 is said on a line of its own.
  const { binary, ...bound } = tool ?? {};
  if (tool !== undefined && Object.keys(bound).length > 0) {
    const verb = bound.normalize?.length
      ? Object.keys(bound).length > 1
        ? 'normalises and bounds'
        : 'normalises'
      : 'bounds';
    assumptions.push(
      `The host read tool ${verb} its output (${describeHostTool(bound)}): every request's content is that ${verb === 'bounds' ? 'bounded' : verb === 'normalises' ? 'normalised' : 'normalised, bounded'} text.`,
    );
  }
  if (binary !== undefined)
    assumptions.push(
      `The host read tool: ${describeBinary(binary)} (capabilities.tool.binary); a binary file is judged on its base64 text, whatever form it travels in.`,
    );
  if (caps.reinject !== undefined) assumptions.push(describeReinject(caps.reinject));
  assumptions.push(...describeSessions(caps.sessions));
  for (const p of caps.policies ?? []) assumptions.push(describePolicy(p));
  if (caps.cap !== undefined) assumptions.push(`The shim has a fixed cap of ${caps.cap} bytes: every history uses it.`);
  const fileIdentity: FileIdentity = caps.caseInsensitive === true ? 'realpath, case folded' : 'realpath';
  assumptions.push(describeFileIdentity(fileIdentity));
  const modeFields = mode.arm !== undefined ? { arm: mode.arm } : { levers: leverList(mode.levers) };
  const header = (cap: number, seed: number, fcPath?: string): Trace['header'] => ({
    type: 'header',
    kit: KIT_VERSION,
    specVersion: SPEC_VERSION,
    cap,
    ...modeFields,
    ...(tool ? { tool } : {}),
    ...(caps.caseInsensitive === true ? { caseInsensitive: true as const } : {}),
    seed,
    seal,
    adapter: o.adapter.name,
    ...defined({ fcPath }),
  });
  const config = (cap: number) => ({ mode, cap, seal, ...(tool ? { tool } : {}), ...settle });

  const env: EngineEnv = {
    adapter: o.adapter,
    config,
    header,
    targets,
    slots: new Slots(o.jobs ?? 1),
    progress,
    ...(o.crashIsError ? { crashIsError: true } : {}),
    ...(o.onHistory ? { observe: o.onHistory } : {}),
    ...defined({ stopWhen: o.stopWhen }),
    ...(o.alsoSpec21 === true ? { legacy: true } : {}),
  };
  const moved: MovedVerdict[] = [];
  const fixedBy22: { replay: string; rules: RuleId[] }[] = [];

  // Probes and replays are not split: shard 1 runs them (a rule they fail is failed for the whole run).
  const firstShard = o.shard === undefined || o.shard.index === 1;
  if (!o.replayOnly && firstShard) {
    progress('surface probes: every declared arm');
    const probes = await runSurfaceProbes(o.adapter, seal, o.seed, o.settleTimeoutMs);
    if (o.crashIsError && probes.crashes.length > 0)
      throw new AdapterError(
        `adapter ${o.adapter.name}: the shim crashed: ${probes.crashes[0]}: a crash is not an answer`,
      );
    tally.add(probes.checks, 'probes');
    for (const f of probes.findings)
      if (targets.has(f.rule)) {
        tally.brokeIn(f.rule, 'probes', {});
        tally.fail(f.rule, f.message, {
          story: f.story,
          trace: { header: header(0, o.seed), events: [] },
          seed: o.seed,
          cap: 0,
          ...modeFields,
          source: 'surface probe',
        });
      }
  }

  for (const r of firstShard ? (o.replays ?? []) : []) {
    progress(`replay ${r.name}`);
    const h = r.trace.header;
    // Spec 2.2: a header without a tool takes the subject's declared bound (properties/replay-host.ts).
    const host = replayHost(r.name, h, caps.tool);
    if (!host.ok) throw new UsageError(`run: ${host.problem}`);
    const cfg = { mode: headerMode(h), cap: h.cap, seal: h.seal, ...defined({ tool: host.tool }), ...settle };
    // Spec 2.2: a trace of an older spec is judged as 2.1 did too; a verdict that moved is told.
    const older = specBefore(h.specVersion, '2.2');
    const v = await runHistory(env, `replay ${r.name}`, cfg, r.trace.events, older ? { legacy: true } : {});
    tally.history(v, r.trace.events, -1, 'replays');
    if (v.legacy !== undefined) {
      moved.push(...movedVerdicts(r.name, v.outcomes, v.violations, v.legacy));
      const fixed = fixedBySpec(v.violations, v.legacy);
      if (fixed.length > 0) fixedBy22.push({ replay: r.name, rules: fixed });
    }
    const story = [...leadFromNote(h.note), ...tellStory(r.trace.events, v.outcomes, v.violations, v.consequences)];
    for (const x of v.violations)
      if (targets.has(x.rule)) {
        tally.brokeIn(x.rule, 'replays', { replay: r.name });
        tally.fail(x.rule, x.message, {
          story,
          trace: { header: { ...h, ...defined({ tool: host.tool }) }, events: recorded(r.trace.events, v) },
          seed: h.seed ?? o.seed,
          ...defined({ fcPath: h.fcPath }),
          cap: h.cap,
          ...defined({ arm: h.arm }),
          source: `replay ${r.name}`,
          ...consequencesOf(v, x.rule),
          frames: v.frames,
        });
      }
  }

  // The directed corpus: every lie class, before any random search (shard 1 only, like the probes).
  const corpus =
    !o.replayOnly && firstShard && o.corpus !== false
      ? await playCorpus(
          {
            adapter: o.adapter,
            mode,
            seal,
            ...(tool ? { tool } : {}),
            ...defined({ fixedCap }),
            transport: o.transport,
            links: o.adapter.openHistory === undefined || o.adapter.mirrorsLinks === true,
            bytes: o.adapter.openHistory === undefined || o.adapter.mirrorsBytes === true,
            targets,
            seed: o.seed,
            header: (cap, note) => ({ ...header(cap, o.seed), note }),
            ...(o.crashIsError ? { crashIsError: true } : {}),
            progress,
            ...settle,
            judgeWith: (label, cfg, events) => runHistory(env, label, cfg, events),
            // As many cases under way as the random phase keeps histories (one at a time with one slot).
            ahead: env.slots.size === 1 ? 1 : env.slots.size * AHEAD_PER_SLOT,
            ...defined({ stopWhen: o.stopWhen, crossed: o.crossed }),
          },
          tally,
        )
      : undefined;

  // The random phase and the shrinking of what it found (properties/engine/).
  const sessionKind = o.session?.kind ?? (o.transport === 'in-process' ? 'in-process' : 'process');
  const links = o.adapter.openHistory === undefined || o.adapter.mirrorsLinks === true;
  const bytes = o.adapter.openHistory === undefined || o.adapter.mirrorsBytes === true;
  const { units, used, stopped } = await generatedPhase(env, tally, {
    session: {
      histories: o.replayOnly ? 0 : (o.session?.histories ?? sessionHistories(sessionKind, o.runs)),
      maxOps: SESSION_DEFAULTS[sessionKind].maxOps,
      shrinkCost: SESSION_DEFAULTS[sessionKind].shrinkCost,
      reach: SESSION_DEFAULTS[sessionKind].reach,
      transport: o.transport,
      links,
      bytes,
    },
    runs: o.replayOnly ? 0 : o.runs,
    seed: o.seed,
    transport: o.transport,
    ...defined({ fixedCap }),
    ...(o.shard ? { shard: o.shard } : {}),
    shrinkRuns: o.shrinkRuns ?? DEFAULT_SHRINK_RUNS,
  });

  const minChecks = o.minChecks ?? 1;
  const shape = { ...defined({ fixedCap }), seal };
  const rules: RuleResult[] = [...targets].map((id) => {
    const na =
      o.transport === 'process' && id === 'OFF-IDENTITY' ? PROCESS_NO_IDENTITY : notApplicable(id, mode, caps, shape);
    const unused = unusedLever(id, mode, tally.leverUse);
    const d = decide(id, {
      checks: tally.checks.get(id) ?? 0,
      failure: tally.failures.get(id),
      ...defined({ na }),
      ...defined({ unused }),
      replayOnly: o.replayOnly === true,
      minChecks,
    });
    const from = {
      checksFrom: tally.checksFrom(id),
      ...(tally.brokenBy.has(id) ? { brokenBy: tally.brokenBy.get(id)! } : {}),
    };
    if (d.failure)
      return {
        id,
        status: 'fail',
        checks: d.checks,
        ...from,
        reason: d.failure.message,
        counterexample: d.failure.counterexample,
        ...tally.mechanismsOf(id),
      };
    // A shard sees part of the histories: only the combined shards decide that a rule went unexercised.
    const reason =
      d.status === 'unexercised' && o.shard && isPartial(o)
        ? `${d.reason} in shard ${o.shard.index}/${o.shard.count} (the combined shards decide)`
        : d.reason;
    return { id, status: d.status, checks: d.checks, ...from, ...defined({ reason }) };
  });
  return {
    adapter: o.adapter.name,
    ...defined({ arm: mode.arm }),
    levers: leverList(mode.levers),
    ...(tool ? { tool } : {}),
    caps: used,
    seed: o.seed,
    runs: o.runs,
    rules,
    summary: summarize(rules),
    assumptions,
    fileIdentity,
    ...(caps.policies !== undefined ? { policies: caps.policies } : {}),
    ...(o.alsoSpec21 === true ? { failedUnder21: [...tally.failedUnder21].sort() } : {}),
    ...(moved.length > 0 ? { moved } : {}),
    ...(fixedBy22.length > 0 ? { fixedBySpec: fixedBy22 } : {}),
    claims: Object.fromEntries(tally.claims),
    efficiency: efficiencyFindings(tally.efficiency),
    leverUse: tally.leverUse,
    ...(o.shard ? { shard: { ...o.shard, ...units } } : {}),
    ...(corpus ? { corpus: { played: corpus.cases.filter((c) => c.played).length, cases: corpus.cases } } : {}),
    advisories: corpus?.advisories ?? [],
    ...(o.replayOnly
      ? {}
      : {
          coverage: coverageReport(
            tally.coverage.result(),
            offered(caps, mode, o.transport, links, bytes, tally.leverUse),
          ),
        }),
    ...stoppedEarly(corpus?.cases, stopped),
  };
}

/** What the time bound cut, when it cut anything (RunResult.stoppedEarly). */
function stoppedEarly(
  cases: readonly CaseOutcome[] | undefined,
  generated: { histories: number; planned: number; shrinkingCut: RuleId[] } | undefined,
): { stoppedEarly?: StoppedEarly } {
  const corpusNotReached = (cases ?? []).filter((c) => c.reason === NOT_REACHED).length;
  if (corpusNotReached === 0 && generated === undefined) return {};
  return {
    stoppedEarly: {
      corpusNotReached,
      histories: generated?.histories ?? 0,
      planned: generated?.planned ?? 0,
      shrinkingCut: generated?.shrinkingCut ?? [],
    },
  };
}

/** What a subject offers the conditions × edits table (properties/crossed/table.ts needs). */
function offered(
  caps: DrivenAdapter['capabilities'],
  mode: Mode,
  transport: Transport,
  links: boolean,
  bytes: boolean,
  used: LeverUse,
): Offers {
  const s = sessionOptions(caps, { histories: 0, maxOps: 0, shrinkCost: 0, transport, links, bytes });
  return {
    windows: s.windows,
    forget: s.forget,
    forgetPaths: s.forget && s.forgetPaths,
    batch: s.batch,
    links: s.links,
    binary: s.binary,
    races: s.races,
    diff: mode.levers.diff,
    pointers: used.pointer.used > 0,
    lineEnds: showsLineEnds(caps.tool),
    shownBytes: shownBytes(caps.tool, CROSSED_BIG_FILE),
  };
}
