/** One history through one fresh adapter instance (one process, for a process adapter), judged response by response. */
import type { ArmName } from '../core/arms.ts';
import type { RuleId } from '../core/rules.ts';
import type { TraceEvent } from '../core/trace.ts';
import type { ShimAdapter } from '../adapters/contract.ts';
import { Session, type Outcome } from '../harness/session.ts';
import { Oracle, type Violation } from './oracle/judge.ts';

export interface HistoryConfig {
  readonly arm: ArmName;
  readonly cap: number;
  readonly seal: string;
  /** How long one adapter call may take to settle (harness/session.ts; default DEFAULT_SETTLE_MS). */
  readonly opTimeoutMs?: number;
}

export interface HistoryVerdict {
  readonly violations: readonly Violation[];
  readonly outcomes: readonly Outcome[];
  readonly checks: ReadonlyMap<RuleId, number>;
  readonly claimKinds: ReadonlyMap<string, number>;
}

export async function judgeHistory(adapter: ShimAdapter, config: HistoryConfig, events: readonly TraceEvent[]): Promise<HistoryVerdict> {
  const session = new Session(adapter, config);
  const oracle = new Oracle({ ...config, capabilities: adapter.capabilities });
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
  return { violations, outcomes, checks: oracle.checks, claimKinds: oracle.claimKinds };
}

/** A verdict reduced to what must be identical on replay (determinism check). */
export function verdictSignature(v: HistoryVerdict): string {
  return v.violations.map((x) => `${x.index}:${x.rule}:${x.message}`).join('\n');
}
