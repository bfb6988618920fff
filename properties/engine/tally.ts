/** What a run has found so far: checks (per phase) and claims per rule, lever use, efficiency, the first failure of each rule and which phases broke it. */
import type { RuleId } from '../../src/core/rules.ts';
import type { Trace, TraceEvent } from '../../src/core/trace.ts';
import { PHASES, type CorpusSink, type Phase } from '../corpus/play.ts';
import { noteEfficiency, type EfficiencyTally } from '../efficiency.ts';
import type { HistoryVerdict } from '../history.ts';
import { addLeverUse, emptyLeverUse, type LeverUse } from '../lever-use.ts';
import type { LieClassId } from '../corpus/classes.ts';
import { CoverageTally } from '../crossed/coverage.ts';
import { MECHANISM_STORIES, type BrokenBy, type Counterexample, type Mechanism } from '../result.ts';

/** Told when a rule first fails: its counterexample's trace, final (as the result will hold it) or found (before shrinking). */
export type FailureListener = (rule: RuleId, trace: Trace, stage: 'found' | 'final') => void;

export class Tally implements CorpusSink {
  constructor(readonly onFailure?: FailureListener) {}

  readonly checks = new Map<RuleId, number>();
  /** Checks per phase (they sum to `checks`). */
  readonly byPhase = new Map<Phase, Map<RuleId, number>>(PHASES.map((p) => [p, new Map()]));
  readonly claims = new Map<string, number>();
  readonly failures = new Map<RuleId, { message: string; counterexample: Counterexample }>();
  readonly brokenBy = new Map<RuleId, BrokenBy>();
  /** Per rule, the first corpus case of each lie class that broke it (corpus order). */
  readonly #mechanisms = new Map<RuleId, Mechanism[]>();
  readonly efficiency: EfficiencyTally = new Map();
  readonly leverUse: LeverUse = emptyLeverUse();
  /** Conditions × edits reached by the corpus and the random phase (properties/crossed/). */
  readonly coverage = new CoverageTally();
  /** Rules spec 2.1 would have failed in the histories judged both ways (EngineEnv.legacy). */
  readonly failedUnder21 = new Set<RuleId>();

  add(checks: ReadonlyMap<RuleId, number>, phase: Phase, claims?: ReadonlyMap<string, number>): void {
    const mine = this.byPhase.get(phase)!;
    for (const [r, n] of checks) {
      this.checks.set(r, (this.checks.get(r) ?? 0) + n);
      mine.set(r, (mine.get(r) ?? 0) + n);
    }
    for (const [k, n] of claims ?? []) this.claims.set(k, (this.claims.get(k) ?? 0) + n);
  }

  /** A judged history: its checks, claims, lever opportunities and efficiency notes (called in history order). */
  history(v: HistoryVerdict, events: readonly TraceEvent[], unit = -1, phase: Phase = 'corpus'): void {
    this.add(v.checks, phase, v.claimKinds);
    addLeverUse(this.leverUse, v.leverUse);
    noteEfficiency(this.efficiency, v, events, unit);
    if (phase === 'corpus' || phase === 'random') this.coverage.history(v.outcomes, v.frames);
    for (const x of v.legacy ?? []) this.failedUnder21.add(x.rule);
  }

  /** The first failure of a rule stays (probes, replays, corpus, then generated work in order). */
  fail(rule: RuleId, message: string, cx: Counterexample): void {
    if (this.failures.has(rule)) return;
    this.failures.set(rule, { message, counterexample: cx });
    this.onFailure?.(rule, cx.trace, 'final');
  }

  /** A corpus case broke a rule: a mechanism, unless a case of the same lie class broke it first. */
  mechanism(rule: RuleId, lieClass: LieClassId, caseId: string, message: string, story: () => readonly string[]): void {
    const list = this.#mechanisms.get(rule) ?? [];
    if (list.some((m) => m.lieClass === lieClass)) return;
    list.push({ lieClass, case: caseId, message, ...(list.length < MECHANISM_STORIES ? { story: story() } : {}) });
    this.#mechanisms.set(rule, list);
  }

  /** A rule's mechanisms when there is more than one ({} otherwise). */
  mechanismsOf(rule: RuleId): { mechanisms?: readonly Mechanism[] } {
    const list = this.#mechanisms.get(rule) ?? [];
    return list.length > 1 ? { mechanisms: list } : {};
  }

  /** The corpus case that broke a rule (the earliest stays). */
  broke(rule: RuleId, caseId: string): void {
    this.#by(rule, (b) => (b.corpus === undefined ? { ...b, corpus: caseId } : b));
  }

  /** A probe, a replay or a random history broke a rule (random keeps the smallest budget: histories per band). */
  brokeIn(rule: RuleId, phase: 'probes' | 'replays' | 'random', detail: { replay?: string; budget?: number }): void {
    this.#by(rule, (b) =>
      phase === 'probes'
        ? { ...b, probes: true }
        : phase === 'replays'
          ? b.replays === undefined
            ? { ...b, replays: detail.replay! }
            : b
          : b.random === undefined || detail.budget! < b.random
            ? { ...b, random: detail.budget! }
            : b,
    );
  }

  #by(rule: RuleId, f: (b: BrokenBy) => BrokenBy): void {
    this.brokenBy.set(rule, f(this.brokenBy.get(rule) ?? {}));
  }

  checksFrom(rule: RuleId): Record<Phase, number> {
    return Object.fromEntries(PHASES.map((p) => [p, this.byPhase.get(p)!.get(rule) ?? 0])) as Record<Phase, number>;
  }
}
