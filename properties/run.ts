/**
 * A conformance run: surface probes, saved traces, then fast-check histories per cap band. Every
 * rule gets pass / fail / n/a / unexercised with its check count; a failure gets a shrunk story
 * and a trace that replays it.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { ArmName } from '../core/arms.ts';
import { RULE_IDS, type RuleId } from '../core/rules.ts';
import type { ReadEvent, StaleEvent, Trace, TraceEvent } from '../core/trace.ts';
import { KIT_VERSION, SPEC_VERSION } from '../core/version.ts';
import type { ShimAdapter } from '../adapters/contract.ts';
import { notApplicable } from './applicability.ts';
import { BANDS, FAKE_SEALS, type Band } from './generators/content.ts';
import { historyArb, materialize, type HistorySpec, type OpOptions } from './generators/history.ts';
import { judgeHistory, verdictSignature, type HistoryVerdict } from './history.ts';
import { AdapterError } from '../harness/session.ts';
import { tellStory } from './story.ts';
import { runSurfaceProbes } from './surface/index.ts';

export type RuleStatus = 'pass' | 'fail' | 'n/a' | 'unexercised';

export interface Counterexample {
  readonly story: readonly string[];
  /** The trace that replays it (events with the responses this shim gave). */
  readonly trace: Trace;
  readonly seed: number;
  readonly fcPath?: string;
  readonly cap: number;
  readonly arm: ArmName;
  /** Where it came from: a cap band, a surface probe, or a replayed trace. */
  readonly source: string;
  /** The same history gave a different verdict when replayed. */
  readonly nondeterministic?: boolean;
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
  readonly arm: ArmName;
  readonly caps: readonly BandUsed[];
  readonly seed: number;
  readonly runs: number;
  readonly rules: readonly RuleResult[];
  readonly summary: { readonly passed: number; readonly failed: number; readonly na: number; readonly unexercised: number };
  /** Assumptions the verdict rests on (e.g. a host that never compacts). */
  readonly assumptions: readonly string[];
  readonly claims: Readonly<Record<string, number>>;
}

export interface RunOptions {
  readonly adapter: ShimAdapter;
  readonly arm: ArmName;
  /** A fixed cap (one band), or undefined for the three cap bands. */
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
  /** Shard i of n: run only every n-th band-round (CI parallelism). */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly onProgress?: (line: string) => void;
  /** Minimum checks per applicable rule before it counts as exercised. */
  readonly minChecks?: number;
}

export const DEFAULT_RUNS = 150;

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

  add(checks: ReadonlyMap<RuleId, number>, claims?: ReadonlyMap<string, number>): void {
    for (const [r, n] of checks) this.checks.set(r, (this.checks.get(r) ?? 0) + n);
    for (const [k, n] of claims ?? []) this.claims.set(k, (this.claims.get(k) ?? 0) + n);
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
  const progress = o.onProgress ?? (() => {});
  const header = (cap: number, seed: number, fcPath?: string): Trace['header'] => ({
    type: 'header', kit: KIT_VERSION, specVersion: SPEC_VERSION, cap, arm: o.arm, seed, seal, adapter: o.adapter.name,
    ...(fcPath !== undefined ? { fcPath } : {}),
  });

  if (!o.replayOnly) {
    progress('surface probes: every declared arm');
    const probes = await runSurfaceProbes(o.adapter, seal, o.seed);
    tally.add(probes.checks);
    for (const f of probes.findings)
      if (targets.has(f.rule))
        tally.fail(f.rule, f.message, { story: f.story, trace: { header: header(0, o.seed), events: [] }, seed: o.seed, cap: 0, arm: o.arm, source: 'surface probe' });
  }

  for (const r of o.replays ?? []) {
    progress(`replay ${r.name}`);
    const h = r.trace.header;
    const cfg = { arm: h.arm, cap: h.cap, seal: h.seal };
    const v = await judgeHistory(o.adapter, cfg, r.trace.events);
    tally.add(v.checks, v.claimKinds);
    const story = tellStory(r.trace.events, v.outcomes, v.violations);
    for (const x of v.violations)
      if (targets.has(x.rule))
        tally.fail(x.rule, x.message, {
          story, trace: { header: { ...h, seal: h.seal }, events: recorded(r.trace.events, v) }, seed: h.seed ?? o.seed,
          ...(h.fcPath !== undefined ? { fcPath: h.fcPath } : {}), cap: h.cap, arm: h.arm, source: `replay ${r.name}`,
        });
  }

  const bands: { band: Band; fixedCap?: number; name: string }[] = o.replayOnly
    ? []
    : o.cap !== undefined
      ? [{ band: bandFor(o.cap), fixedCap: o.cap, name: 'fixed' }]
      : [{ band: BANDS.tiny, name: 'tiny' }, { band: BANDS.mid, name: 'mid' }, { band: BANDS.production, name: 'production' }];
  const used: BandUsed[] = [];
  const opts: OpOptions = {
    windows: caps.windows,
    stale: caps.staleServe,
    forget: !caps.hostNeverCompacts,
    toolFailures: o.transport === 'in-process',
    races: o.transport === 'in-process',
    maxWorkers: 3,
    maxOps: 24,
  };

  for (const [bi, b] of bands.entries()) {
    if (o.shard && bi % o.shard.count !== o.shard.index - 1) continue;
    const bandSeed = (o.seed + (bi + 1) * 1_000_003) | 0;
    const band: Band = b.fixedCap !== undefined ? { ...b.band, cap: fc.constant(b.fixedCap) } : b.band;
    const arb = historyArb(band, opts);
    let histories = 0;
    const open = new Set(targets);
    for (const r of tally.failures.keys()) open.delete(r);
    for (let round = 0; round < 6 && open.size > 0; round++) {
      let shrinking = false;
      let count = 0;
      let adapterError: unknown;
      let lastFailing: { spec: HistorySpec; v: HistoryVerdict } | undefined;
      const prop = fc.asyncProperty(arb, async (spec: HistorySpec) => {
        if (adapterError !== undefined) return true;
        const events = materialize(spec);
        let v: HistoryVerdict;
        try {
          v = await judgeHistory(o.adapter, { arm: o.arm, cap: spec.cap, seal }, events);
        } catch (e) {
          if (!(e instanceof AdapterError)) throw e;
          adapterError = e;
          return true;
        }
        if (!shrinking) {
          tally.add(v.checks, v.claimKinds);
          histories++;
          if (++count % 50 === 0) progress(`${b.name} band: ${count}/${o.runs} histories`);
        }
        const bad = v.violations.some((x) => open.has(x.rule));
        if (bad) {
          shrinking = true;
          lastFailing = { spec, v };
        }
        return !bad;
      });
      progress(`${b.name} band: ${o.runs} histories${round > 0 ? ` (searching on, round ${round + 1})` : ''}`);
      const details = await fc.check(prop, { seed: bandSeed + round, numRuns: o.runs });
      if (adapterError !== undefined) throw adapterError;
      if (!details.failed || lastFailing === undefined) {
        if (details.failed) throw details.errorInstance;
        break;
      }
      const spec = details.counterexample?.[0] ?? lastFailing.spec;
      const cfg = { arm: o.arm, cap: spec.cap, seal };
      // Replay the shrunk history (determinism), then tell it only up to its last violation.
      const full = materialize(spec);
      const first = await judgeHistory(o.adapter, cfg, full);
      const hit = first.violations.filter((x) => open.has(x.rule));
      const nondeterministic = hit.length === 0;
      const base = nondeterministic ? lastFailing.v : first;
      const baseEvents = nondeterministic ? materialize(lastFailing.spec) : full;
      const last = Math.max(...base.violations.filter((x) => open.has(x.rule)).map((x) => x.index));
      const shownEvents = baseEvents.slice(0, last + 1);
      const v = await judgeHistory(o.adapter, cfg, shownEvents);
      const unstable = nondeterministic || verdictSignature(v) !== verdictSignature({ ...base, violations: base.violations.filter((x) => x.index <= last) });
      const story = tellStory(shownEvents, v.outcomes, v.violations);
      if (unstable) story.push('   ! the same history gave a different verdict when replayed: the shim is nondeterministic');
      const cx: Counterexample = {
        story, trace: { header: header(spec.cap, bandSeed + round, details.counterexamplePath ?? undefined), events: recorded(shownEvents, v) },
        seed: bandSeed + round, ...(details.counterexamplePath ? { fcPath: details.counterexamplePath } : {}),
        cap: spec.cap, arm: o.arm, source: `${b.name} band`, ...(unstable ? { nondeterministic: true } : {}),
      };
      for (const x of (unstable ? base : v).violations)
        if (open.has(x.rule) && x.index <= last) {
          tally.fail(x.rule, unstable ? `${x.message} (nondeterministic: replaying the history gave another verdict)` : x.message, cx);
          open.delete(x.rule);
        }
      progress(`${b.name} band: found ${[...new Set(v.violations.map((x) => x.rule))].join(', ')}`);
    }
    used.push({ band: b.name, cap: b.fixedCap ?? (b.name === 'tiny' ? '4–64' : b.name === 'mid' ? '256–4096' : 24_576), histories });
  }

  const assumptions: string[] = [];
  if (caps.hostNeverCompacts) assumptions.push('The adapter declares that its host never compacts or rewinds transcripts: FORGET-RESETS was not tested.');
  const minChecks = o.minChecks ?? 1;
  const rules: RuleResult[] = [...targets].map((id) => {
    const checks = tally.checks.get(id) ?? 0;
    const failure = tally.failures.get(id);
    if (failure) return { id, status: 'fail', checks, reason: failure.message, counterexample: failure.counterexample };
    const na = notApplicable(id, o.arm, caps);
    if (o.replayOnly && checks === 0) return { id, status: 'n/a', checks, reason: 'the replayed trace does not exercise it' };
    if (na !== undefined && checks === 0) return { id, status: 'n/a', checks, reason: na };
    if (na?.startsWith('ASSUMED')) return { id, status: 'n/a', checks, reason: na };
    if (checks < minChecks) return { id, status: 'unexercised', checks, reason: checks === 0 ? 'no check of this rule ran' : `only ${checks} checks ran (minimum ${minChecks})` };
    return { id, status: 'pass', checks };
  });
  const summary = {
    passed: rules.filter((r) => r.status === 'pass').length,
    failed: rules.filter((r) => r.status === 'fail').length,
    na: rules.filter((r) => r.status === 'n/a').length,
    unexercised: rules.filter((r) => r.status === 'unexercised').length,
  };
  return {
    adapter: o.adapter.name, arm: o.arm, caps: used, seed: o.seed, runs: o.runs, rules, summary, assumptions,
    claims: Object.fromEntries(tally.claims),
  };
}
