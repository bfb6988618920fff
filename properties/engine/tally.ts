/** What a run has found so far: checks and claims per rule, lever use, efficiency, the first failure of each rule. */
import type { RuleId } from '../../core/rules.ts';
import type { TraceEvent } from '../../core/trace.ts';
import { noteEfficiency, type EfficiencyTally } from '../efficiency.ts';
import type { HistoryVerdict } from '../history.ts';
import { addLeverUse, emptyLeverUse, type LeverUse } from '../lever-use.ts';
import type { Counterexample } from '../run.ts';

export class Tally {
  readonly checks = new Map<RuleId, number>();
  readonly claims = new Map<string, number>();
  readonly failures = new Map<RuleId, { message: string; counterexample: Counterexample }>();
  readonly efficiency: EfficiencyTally = new Map();
  readonly leverUse: LeverUse = emptyLeverUse();

  add(checks: ReadonlyMap<RuleId, number>, claims?: ReadonlyMap<string, number>): void {
    for (const [r, n] of checks) this.checks.set(r, (this.checks.get(r) ?? 0) + n);
    for (const [k, n] of claims ?? []) this.claims.set(k, (this.claims.get(k) ?? 0) + n);
  }

  /** A judged history: its checks, claims, lever opportunities and efficiency notes (called in history order). */
  history(v: HistoryVerdict, events: readonly TraceEvent[], unit: number): void {
    this.add(v.checks, v.claimKinds);
    addLeverUse(this.leverUse, v.leverUse);
    noteEfficiency(this.efficiency, v, events, unit);
  }

  /** The first failure of a rule stays (probes, replays, then generated work in order). */
  fail(rule: RuleId, message: string, cx: Counterexample): void {
    if (!this.failures.has(rule)) this.failures.set(rule, { message, counterexample: cx });
  }
}
