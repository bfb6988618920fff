/**
 * One shim through the workload: bytes a plain read tool would have sent, bytes the shim sent
 * (notices included), and its lies as judged by the conformance oracle (properties/oracle/judge.ts),
 * which goes on after each lie with what the worker really holds, so every lie is counted.
 */
import { RULE_IDS, type RuleId } from '../core/rules.ts';
import type { TraceEvent } from '../core/trace.ts';
import type { ShimAdapter } from '../core/contract.ts';
import { judgeHistory, type HistoryConfig } from '../../properties/history.ts';
import type { EfficiencyKind, Violation } from '../../properties/oracle/judge.ts';

/**
 * The rules whose violation means the response told the worker something false: about what it
 * holds (POINTER-FULL, SLICE-CONTINUES, DONE-TRUE, DIFF-BASE-HELD), about the file's bytes
 * (SLICE-EXACT, UTF8-WHOLE, DIFF-COMPLETE), about the file's existence (REFUSAL-TRUE), and the same
 * false claims blamed on a derived cause (FORGET-RESETS, ISOLATION, PASSTHROUGH, STALE-NO-RECORD).
 * CAP-BOUND and PROGRESS are truth rules too, but breaking them over-delivers (it costs bytes, which
 * the savings show) rather than misinforming; surface rules (seal, counters, persona, arm levers,
 * first-read verbatim) do not make a response false.
 */
export const LIE_RULES: readonly RuleId[] = Object.freeze([
  'POINTER-FULL',
  'SLICE-EXACT',
  'SLICE-CONTINUES',
  'DONE-TRUE',
  'DIFF-COMPLETE',
  'DIFF-BASE-HELD',
  'UTF8-WHOLE',
  'ISOLATION',
  'STALE-NO-RECORD',
  'FORGET-RESETS',
  'PASSTHROUGH',
  'REFUSAL-TRUE',
] satisfies RuleId[]);

export interface LieCount {
  /** Responses with at least one lie (a response counts once, however many rules it breaks). */
  readonly lies: number;
  /** Each lying response under the first of its lie rules, in rule order: sums to `lies`. */
  readonly byRule: Readonly<Partial<Record<RuleId, number>>>;
}

export function countLies(violations: readonly Violation[]): LieCount {
  const lie = new Set<RuleId>(LIE_RULES);
  const order = new Map(RULE_IDS.map((r, i) => [r, i]));
  const first = new Map<number, RuleId>();
  for (const v of violations) {
    if (!lie.has(v.rule)) continue;
    const had = first.get(v.index);
    if (had === undefined || order.get(v.rule)! < order.get(had)!) first.set(v.index, v.rule);
  }
  const byRule: Partial<Record<RuleId, number>> = {};
  for (const r of RULE_IDS) {
    let k = 0;
    for (const x of first.values()) if (x === r) k++;
    if (k > 0) byRule[r] = k;
  }
  return { lies: first.size, byRule };
}

export interface Measurement {
  readonly bytesNaive: number;
  readonly bytesDelivered: number;
  /** 100 × (1 − delivered / naive), rounded to 0.1; 0 when nothing would have been sent. */
  readonly savedPct: number;
  readonly lies: number;
  readonly lieRules: Readonly<Partial<Record<RuleId, number>>>;
  /** Read responses judged. */
  readonly responses: number;
  /** Waste the oracle found (re-sends across alias spellings, short slices): counts and bytes per kind. */
  readonly efficiency: Readonly<Partial<Record<EfficiencyKind, { readonly count: number; readonly bytes: number }>>>;
}

export function savedPct(naive: number, delivered: number): number {
  return naive === 0 ? 0 : Math.round(1000 * (1 - delivered / naive)) / 10;
}

/**
 * Runs the events through src/harness/session.ts and the oracle. A read the tool fails counts 0 bytes
 * on both sides (the same error reaches the worker either way; the bench workload has none).
 */
export async function measure(
  adapter: ShimAdapter,
  config: HistoryConfig,
  events: readonly TraceEvent[],
): Promise<Measurement> {
  const v = await judgeHistory(adapter, config, events);
  let bytesNaive = 0;
  let bytesDelivered = 0;
  let responses = 0;
  for (const o of v.outcomes) {
    if (o.kind !== 'read') continue;
    responses++;
    if (o.truth.ok) bytesNaive += Buffer.byteLength(o.truth.text, 'utf8');
    if ('text' in o.response) bytesDelivered += Buffer.byteLength(o.response.text, 'utf8');
  }
  const { lies, byRule } = countLies(v.violations);
  const efficiency: Partial<Record<EfficiencyKind, { count: number; bytes: number }>> = {};
  for (const e of v.efficiency) {
    const x = (efficiency[e.kind] ??= { count: 0, bytes: 0 });
    x.count++;
    x.bytes += e.bytes;
  }
  return {
    bytesNaive,
    bytesDelivered,
    savedPct: savedPct(bytesNaive, bytesDelivered),
    lies,
    lieRules: byRule,
    responses,
    efficiency,
  };
}
