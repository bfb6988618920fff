/** One history through one fresh adapter instance (one process, for a process adapter), judged response by response. */
import type { HostToolBound } from '../core/host-tool.ts';
import type { Mode } from '../core/levers.ts';
import type { RuleId } from '../core/rules.ts';
import type { TraceEvent } from '../core/trace.ts';
import type { ShimAdapter } from '../adapters/contract.ts';
import { Session, type Outcome } from '../harness/session.ts';
import type { LeverUse } from './lever-use.ts';
import { Oracle, type EfficiencyNote, type Violation } from './oracle/judge.ts';

export interface HistoryConfig {
  /** The arm or the declared levers in force. */
  readonly mode: Mode;
  readonly cap: number;
  readonly seal: string;
  /** The host tool's bound (ground truth is the bounded text). */
  readonly tool?: HostToolBound;
  /** How long one adapter call may take to settle (harness/session.ts; default DEFAULT_SETTLE_MS). */
  readonly opTimeoutMs?: number;
}

export interface HistoryVerdict {
  readonly violations: readonly Violation[];
  readonly outcomes: readonly Outcome[];
  readonly checks: ReadonlyMap<RuleId, number>;
  readonly claimKinds: ReadonlyMap<string, number>;
  readonly efficiency: readonly EfficiencyNote[];
  readonly leverUse: Readonly<LeverUse>;
}

export async function judgeHistory(adapter: ShimAdapter, config: HistoryConfig, events: readonly TraceEvent[]): Promise<HistoryVerdict> {
  const session = new Session(adapter, config);
  const oracle = new Oracle({ mode: config.mode, cap: config.cap, seal: config.seal, capabilities: adapter.capabilities });
  const violations: Violation[] = [];
  const outcomes: Outcome[] = [];
  try {
    for await (const o of session.run(events)) {
      outcomes.push(o);
      violations.push(...oracle.judge(o));
    }
  } finally {
    // A process and its sandbox end with the history, whatever happened in it.
    await session.close();
  }
  return { violations, outcomes, checks: oracle.checks, claimKinds: oracle.claimKinds, efficiency: oracle.efficiency, leverUse: oracle.leverUse };
}

/** A verdict reduced to what must be identical on replay (determinism check). */
export function verdictSignature(v: HistoryVerdict): string {
  return v.violations.map((x) => `${x.index}:${x.rule}:${x.message}`).join('\n');
}
