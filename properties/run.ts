/**
 * A conformance run: surface probes, saved traces, then fast-check histories per cap band. Every
 * rule gets pass / fail / n/a / unexercised with its check count; a failure gets a shrunk story
 * and a trace that replays it.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { ArmName } from '../core/arms.ts';
import type { HostToolBound } from '../core/host-tool.ts';
import { leverList, type LeverName } from '../core/levers.ts';
import { RULE_IDS, type RuleId } from '../core/rules.ts';
import { headerMode, type ReadEvent, type StaleEvent, type Trace, type TraceEvent } from '../core/trace.ts';
import { KIT_VERSION, SPEC_VERSION } from '../core/version.ts';
import { describeHostTool } from '../core/host-tool.ts';
import type { ShimAdapter } from '../adapters/contract.ts';
import { AdapterError } from '../harness/session.ts';
import { modeFor } from '../adapters/capabilities.ts';
import { notApplicable, unusedLever } from './applicability.ts';
import { efficiencyFindings, noteEfficiency, type EfficiencyFinding, type EfficiencyTally } from './efficiency.ts';
import { addLeverUse, emptyLeverUse, type LeverUse } from './lever-use.ts';
import { BANDS, FAKE_SEALS, withHostTool, type Band } from './generators/content.ts';
import { historyArb, materialize, type HistorySpec, type OpOptions } from './generators/history.ts';
import { judgeHistory, verdictSignature, type HistoryConfig, type HistoryVerdict } from './history.ts';
import { tellStory } from './story.ts';
import { runSurfaceProbes } from './surface/index.ts';
import { isPartial, PRODUCTION_WEIGHT, shardUnits, summarize, workUnits, type Shard, type ShardInfo, type WorkUnit } from './shard.ts';
import { decide, type RuleStatus } from './verdict.ts';

export type { RuleStatus };

export interface Counterexample {
  readonly story: readonly string[];
  /** The trace that replays it (events with the responses this shim gave). */
  readonly trace: Trace;
  readonly seed: number;
  readonly fcPath?: string;
  readonly cap: number;
  /** The arm of an arm-surface shim (absent for a lever shim: see the trace header's levers). */
  readonly arm?: ArmName;
  /** Where it came from: a cap band, a surface probe, or a replayed trace. */
  readonly source: string;
  /** The same history gave a different verdict when replayed. */
  readonly nondeterministic?: boolean;
  /** Position of the work unit that found it (properties/shard.ts); absent for probes and replays, which come first. */
  readonly unit?: number;
}

export interface RuleResult {
  readonly id: RuleId;
  readonly status: RuleStatus;
  readonly checks: number;
  readonly reason?: string;
  readonly counterexample?: Counterexample;
}

export interface BandUsed {
  readonly band: string;
  /** A fixed cap, or the range the band draws from. */
  readonly cap: number | string;
  readonly histories: number;
}

export interface RunResult {
  readonly adapter: string;
  /** The arm of the histories (arm-surface shims), absent for a shim that declares levers. */
  readonly arm?: ArmName;
  /** The levers in force (the arm's row, or the declared levers). */
  readonly levers: readonly LeverName[];
  /** The host tool's bound the histories ran with, when declared. */
  readonly tool?: HostToolBound;
  readonly caps: readonly BandUsed[];
  readonly seed: number;
  readonly runs: number;
  readonly rules: readonly RuleResult[];
  readonly summary: { readonly passed: number; readonly failed: number; readonly na: number; readonly unexercised: number };
  /** Assumptions the verdict rests on (e.g. a host that never compacts). */
  readonly assumptions: readonly string[];
  readonly claims: Readonly<Record<string, number>>;
  /** Waste, not lies (never changes the exit code): re-sends across alias spellings, short slices. */
  readonly efficiency: readonly EfficiencyFinding[];
  /** Per lever: responses that offered it and responses that used it (a declared lever never used is n/a, not unexercised). */
  readonly leverUse: Readonly<LeverUse>;
  /** Set when this run is one shard of a split run: its verdicts combine with combineShards(). */
  readonly shard?: ShardInfo;
}

export interface RunOptions {
  readonly adapter: ShimAdapter;
  /** The arm of the histories, for an arm-surface shim (default all); a lever shim runs its declared levers. */
  readonly arm?: ArmName;
  /** A fixed cap (one band), or undefined for the three cap bands (capabilities.cap fixes it too). */
  readonly cap?: number;
  /** Histories per cap band. */
  readonly runs: number;
  readonly seed: number;
  readonly only?: readonly RuleId[];
  /** In-process adapters can have their read tool fail and race on purpose. */
  readonly transport: 'in-process' | 'process';
  /** Traces to replay before generating (saved failures, --replay). */
  readonly replays?: readonly { readonly name: string; readonly trace: Trace }[];
  /** Only replay; generate nothing (--replay). */
  readonly replayOnly?: boolean;
  /**
   * Shard i of n (1-based): run only this shard's work units (properties/shard.ts); surface probes and
   * replays run in shard 1 only. combineShards() of all n results equals the unsplit run.
   */
  readonly shard?: Shard;
  readonly onProgress?: (line: string) => void;
  /** Minimum checks per applicable rule before it counts as exercised. */
  readonly minChecks?: number;
  /**
   * Most histories the shrinking of one rule's counterexample may run (then the smallest failing
   * history so far is told). Deterministic; meant for --process, where every history starts a process.
   */
  readonly shrinkRuns?: number;
  /**
   * A rejection that carries no read-tool error (a crash) ends the run as an adapter error instead
   * of a REFUSAL-TRUE / PASSTHROUGH finding: a mutant that merely crashes is not killed (mutants).
   */
  readonly crashIsError?: boolean;
  /** How long one call of an in-process adapter may take to settle (--timeout; harness/session.ts). */
  readonly settleTimeoutMs?: number;
}

export const DEFAULT_RUNS = 150;

/** OFF-IDENTITY is about object identity, which a process shim cannot show across a pipe. */
export const PROCESS_NO_IDENTITY = 'a process shim is reached over a pipe, where object identity does not exist: OFF-IDENTITY is checked in-process only';

/** The seal the kit expects from every notice: derived from the run seed, never a fake one. */
export function sealFor(seed: number): string {
  for (let i = 0; ; i++) {
    const s = createHash('sha256').update(`readshim-seal:${seed}:${i}`).digest('hex').slice(0, 12);
    if (!FAKE_SEALS.includes(s)) return s;
  }
}

function bandFor(cap: number): Band {
  return cap <= 64 ? BANDS.tiny : cap <= 4096 ? BANDS.mid : BANDS.production;
}

/** Events with the responses the shim gave, so a trace can be audited as well as replayed. */
function recorded(events: readonly TraceEvent[], v: HistoryVerdict): TraceEvent[] {
  const byIndex = new Map(v.outcomes.map((o) => [o.index, o]));
  return events.map((e, i) => {
    const o = byIndex.get(i);
    if (o === undefined || o.kind === 'other') return e;
    return { ...(e as ReadEvent | StaleEvent), response: o.response };
  });
}

class Tally {
  readonly checks = new Map<RuleId, number>();
  readonly claims = new Map<string, number>();
  readonly failures = new Map<RuleId, { message: string; counterexample: Counterexample }>();
  readonly efficiency: EfficiencyTally = new Map();
  readonly leverUse: LeverUse = emptyLeverUse();

  add(checks: ReadonlyMap<RuleId, number>, claims?: ReadonlyMap<string, number>): void {
    for (const [r, n] of checks) this.checks.set(r, (this.checks.get(r) ?? 0) + n);
    for (const [k, n] of claims ?? []) this.claims.set(k, (this.claims.get(k) ?? 0) + n);
  }

  /** A judged history: its checks, claims, lever opportunities and efficiency notes. */
  history(v: HistoryVerdict, events: readonly TraceEvent[], unit: number): void {
    this.add(v.checks, v.claimKinds);
    addLeverUse(this.leverUse, v.leverUse);
    noteEfficiency(this.efficiency, v, events, unit);
  }

  fail(rule: RuleId, message: string, cx: Counterexample): void {
    if (!this.failures.has(rule)) this.failures.set(rule, { message, counterexample: cx });
  }
}

export async function runConformance(o: RunOptions): Promise<RunResult> {
  const caps = o.adapter.capabilities;
  const targets = new Set<RuleId>(o.only ?? RULE_IDS);
  const seal = sealFor(o.seed);
  const tally = new Tally();
  const settle = o.settleTimeoutMs !== undefined ? { opTimeoutMs: o.settleTimeoutMs } : {};
  const progress = o.onProgress ?? (() => {});
  const mode = modeFor(caps, o.arm);
  const tool = caps.tool;
  const fixedCap = o.cap ?? caps.cap;
  const assumptions: string[] = [];
  if (caps.hostNeverCompacts) assumptions.push('The adapter declares that its host never compacts or rewinds transcripts: FORGET-RESETS was not tested.');
  if (tool !== undefined) assumptions.push(`The host read tool bounds its output (${describeHostTool(tool)}): every request's content is that bounded text.`);
  if (caps.cap !== undefined) assumptions.push(`The shim has a fixed cap of ${caps.cap} bytes: every history uses it.`);
  const modeFields = mode.arm !== undefined ? { arm: mode.arm } : { levers: leverList(mode.levers) };
  const header = (cap: number, seed: number, fcPath?: string): Trace['header'] => ({
    type: 'header', kit: KIT_VERSION, specVersion: SPEC_VERSION, cap, ...modeFields, ...(tool ? { tool } : {}), seed, seal, adapter: o.adapter.name,
    ...(fcPath !== undefined ? { fcPath } : {}),
  });
  const config = (cap: number) => ({ mode, cap, seal, ...(tool ? { tool } : {}), ...settle });

  // Probes and replays are not split: shard 1 runs them (a rule they fail is failed for the whole run).
  const firstShard = o.shard === undefined || o.shard.index === 1;
  if (!o.replayOnly && firstShard) {
    progress('surface probes: every declared arm');
    const probes = await runSurfaceProbes(o.adapter, seal, o.seed, o.settleTimeoutMs);
    if (o.crashIsError && probes.crashes.length > 0) throw new AdapterError(`adapter ${o.adapter.name}: the shim crashed: ${probes.crashes[0]}: a crash is not an answer`);
    tally.add(probes.checks);
    for (const f of probes.findings)
      if (targets.has(f.rule))
        tally.fail(f.rule, f.message, { story: f.story, trace: { header: header(0, o.seed), events: [] }, seed: o.seed, cap: 0, ...modeFields, source: 'surface probe' });
  }

  for (const r of firstShard ? (o.replays ?? []) : []) {
    progress(`replay ${r.name}`);
    const h = r.trace.header;
    const cfg = { mode: headerMode(h), cap: h.cap, seal: h.seal, ...(h.tool ? { tool: h.tool } : {}), ...settle };
    const v = await judgeHistory(o.adapter, cfg, r.trace.events);
    tally.history(v, r.trace.events, -1);
    const story = tellStory(r.trace.events, v.outcomes, v.violations);
    for (const x of v.violations)
      if (targets.has(x.rule))
        tally.fail(x.rule, x.message, {
          story, trace: { header: { ...h, seal: h.seal }, events: recorded(r.trace.events, v) }, seed: h.seed ?? o.seed,
          ...(h.fcPath !== undefined ? { fcPath: h.fcPath } : {}), cap: h.cap, ...(h.arm !== undefined ? { arm: h.arm } : {}), source: `replay ${r.name}`,
        });
  }

  const bands: { band: Band; fixedCap?: number; name: string }[] = o.replayOnly
    ? []
    : fixedCap !== undefined
      ? [{ band: bandFor(fixedCap), fixedCap, name: 'fixed' }]
      : [{ band: BANDS.tiny, name: 'tiny' }, { band: BANDS.mid, name: 'mid' }, { band: BANDS.production, name: 'production' }];
  const opts: OpOptions = {
    windows: caps.windows,
    stale: caps.staleServe,
    forget: !caps.hostNeverCompacts,
    forgetPaths: caps.forgetWhole !== true,
    toolFailures: o.transport === 'in-process',
    // A process can be raced only through the protocol barrier it opts into.
    races: o.transport === 'in-process' || caps.raceBarrier === true,
    maxWorkers: 3,
    maxOps: 24,
  };
  const allUnits = workUnits(bands.map((b) => (b.band.name === 'production' ? PRODUCTION_WEIGHT : 1)), o.runs);
  const mine = o.shard ? shardUnits(allUnits, o.shard) : allUnits;
  const histories = bands.map(() => 0);
  const arbs = bands.map((b) => historyArb(withHostTool(b.fixedCap !== undefined ? { ...b.band, cap: fc.constant(b.fixedCap) } : b.band, tool), opts));

  // Every unit judges all its histories for every target rule, whatever other units found, so a
  // rule's verdict and checks are the same however the units are split across shards.
  for (const u of mine) {
    const b = bands[u.band]!;
    const arb = arbs[u.band]!;
    const bandSeed = (o.seed + (u.band + 1) * 1_000_003) | 0;
    const first = new Map<RuleId, { index: number; spec: HistorySpec; v: HistoryVerdict }>();
    /** An adapter that broke its contract (AdapterError, exit 2) or a bug: rethrown after fast-check returns. */
    let adapterError: unknown;
    let index = u.from;
    progress(`${b.name} band: histories ${u.from + 1}–${u.to} of ${o.runs}`);
    const search = fc.asyncProperty(arb, async (spec: HistorySpec) => {
      const i = index++;
      if (adapterError !== undefined) return true;
      let v: HistoryVerdict;
      const events = materialize(spec);
      try {
        v = await judgeHistory(o.adapter, config(spec.cap), events);
      } catch (e) {
        adapterError = e;
        return true;
      }
      const crashed = o.crashIsError ? v.outcomes.find((x) => x.kind === 'read' && x.crash !== undefined) : undefined;
      if (crashed?.kind === 'read') {
        adapterError = new AdapterError(`adapter ${o.adapter.name}: the shim crashed on event ${crashed.index + 1} (${crashed.crash}): a crash is not an answer`);
        return true;
      }
      tally.history(v, events, u.index);
      histories[u.band]!++;
      for (const x of v.violations) if (targets.has(x.rule) && !first.has(x.rule)) first.set(x.rule, { index: i, spec, v });
      return true;
    });
    // path starts fast-check's stream at history u.from: the same histories the unsplit band draws.
    const searched = await fc.check(search, { seed: bandSeed, path: String(u.from), numRuns: u.to - u.from });
    if (adapterError !== undefined) throw adapterError;
    if (searched.failed) throw searched.errorInstance;
    for (const rule of [...targets].filter((r) => first.has(r) && !tally.failures.has(r))) {
      const found = first.get(rule)!;
      progress(`${b.name} band: found ${rule}, shrinking`);
      const { cx, message } = await shrinkRule(o, config, header, arb, bandSeed, u, rule, found, b.name);
      tally.fail(rule, message, cx);
    }
  }
  const used: BandUsed[] = bands.map((b, i) => ({
    band: b.name, cap: b.fixedCap ?? (b.name === 'tiny' ? '4–64' : b.name === 'mid' ? '256–4096' : 24_576), histories: histories[i]!,
  }));

  const minChecks = o.minChecks ?? 1;
  const shape = { ...(fixedCap !== undefined ? { fixedCap } : {}), seal };
  const rules: RuleResult[] = [...targets].map((id) => {
    const na = o.transport === 'process' && id === 'OFF-IDENTITY' ? PROCESS_NO_IDENTITY : notApplicable(id, mode, caps, shape);
    const unused = unusedLever(id, mode, tally.leverUse);
    const d = decide(id, {
      checks: tally.checks.get(id) ?? 0, failure: tally.failures.get(id), ...(na !== undefined ? { na } : {}), ...(unused !== undefined ? { unused } : {}),
      replayOnly: o.replayOnly === true, minChecks,
    });
    if (d.failure) return { id, status: 'fail', checks: d.checks, reason: d.failure.message, counterexample: d.failure.counterexample };
    // A shard sees part of the histories: only the combined shards decide that a rule went unexercised.
    const reason = d.status === 'unexercised' && o.shard && isPartial(o) ? `${d.reason} in shard ${o.shard.index}/${o.shard.count} (the combined shards decide)` : d.reason;
    return { id, status: d.status, checks: d.checks, ...(reason !== undefined ? { reason } : {}) };
  });
  return {
    adapter: o.adapter.name, ...(mode.arm !== undefined ? { arm: mode.arm } : {}), levers: leverList(mode.levers), ...(tool ? { tool } : {}),
    caps: used, seed: o.seed, runs: o.runs, rules, summary: summarize(rules), assumptions,
    claims: Object.fromEntries(tally.claims), efficiency: efficiencyFindings(tally.efficiency), leverUse: tally.leverUse,
    ...(o.shard ? { shard: { ...o.shard, units: mine.length, totalUnits: allUnits.length } } : {}),
  };
}

/**
 * Shrinks the first history of a unit that broke `rule`, for that rule alone (so the story does
 * not depend on which other rules this run or shard has already failed), then tells it up to
 * the rule's last violation. A history that does not break the rule again is nondeterminism.
 */
async function shrinkRule(
  o: RunOptions, config: (cap: number) => HistoryConfig, header: (cap: number, seed: number, fcPath?: string) => Trace['header'],
  arb: fc.Arbitrary<HistorySpec>, bandSeed: number, u: WorkUnit, rule: RuleId,
  found: { index: number; spec: HistorySpec; v: HistoryVerdict }, bandName: string,
): Promise<{ cx: Counterexample; message: string }> {
  const settle = o.settleTimeoutMs !== undefined ? { opTimeoutMs: o.settleTimeoutMs } : {};
  let calls = 0;
  let reproduced = true;
  let adapterError: unknown;
  let lastFailing = { spec: found.spec, v: found.v };
  const prop = fc.asyncProperty(arb, async (spec: HistorySpec) => {
    const firstCall = calls++ === 0;
    if (o.shrinkRuns !== undefined && calls > o.shrinkRuns + 1) return true; // budget spent: keep the smallest so far
    if (!reproduced || adapterError !== undefined) return true;
    let v: HistoryVerdict;
    try {
      v = await judgeHistory(o.adapter, config(spec.cap), materialize(spec));
    } catch (e) {
      adapterError = e;
      return true;
    }
    const bad = v.violations.some((x) => x.rule === rule);
    if (firstCall && !bad) reproduced = false;
    if (bad) lastFailing = { spec, v };
    return !bad;
  });
  const details = await fc.check(prop, { seed: bandSeed, numRuns: u.to, path: String(found.index) });
  if (adapterError !== undefined) throw adapterError;
  const spec = reproduced && details.failed ? details.counterexample![0] : found.spec;
  const fcPath = reproduced && details.failed ? details.counterexamplePath ?? undefined : String(found.index);
  const cfg = config(spec.cap);
  // Replay the shrunk history (determinism), then tell it only up to the rule's last violation.
  const full = materialize(spec);
  const again = await judgeHistory(o.adapter, cfg, full);
  const nondeterministic = !reproduced || !again.violations.some((x) => x.rule === rule);
  const base = nondeterministic ? lastFailing.v : again;
  const baseEvents = nondeterministic ? materialize(lastFailing.spec) : full;
  const last = Math.max(...base.violations.filter((x) => x.rule === rule).map((x) => x.index));
  const shownEvents = baseEvents.slice(0, last + 1);
  const v = await judgeHistory(o.adapter, cfg, shownEvents);
  const unstable = nondeterministic || verdictSignature(v) !== verdictSignature({ ...base, violations: base.violations.filter((x) => x.index <= last) });
  const story = tellStory(shownEvents, v.outcomes, v.violations);
  if (unstable) story.push('   ! the same history gave a different verdict when replayed: the shim is nondeterministic');
  const hit = (unstable ? base : v).violations.find((x) => x.rule === rule && x.index <= last)!;
  const cx: Counterexample = {
    story, trace: { header: header(spec.cap, bandSeed, fcPath), events: recorded(shownEvents, v) },
    seed: bandSeed, ...(fcPath !== undefined ? { fcPath } : {}),
    cap: spec.cap, ...(cfg.mode.arm !== undefined ? { arm: cfg.mode.arm } : {}), source: `${bandName} band`, unit: u.index, ...(unstable ? { nondeterministic: true } : {}),
  };
  return { cx, message: unstable ? `${hit.message} (nondeterministic: replaying the history gave another verdict)` : hit.message };
}
