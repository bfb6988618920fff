/** One history through one fresh adapter instance (one process, for a process adapter), judged response by response. */
import { defined } from '../src/core/defined.ts';
import type { HostToolBound } from '../src/core/host-tool.ts';
import type { Mode } from '../src/core/levers.ts';
import type { RuleId } from '../src/core/rules.ts';
import type { TraceEvent } from '../src/core/trace.ts';
import type { DrivenAdapter } from '../src/core/contract.ts';
import { Utf8Lengths } from '../src/core/utf8-length.ts';
import { Session, type Outcome } from '../src/harness/session.ts';
import type { LeverUse } from './lever-use.ts';
import { frameAfter, heldBefore, type Frame, type HeldOf } from './picture.ts';
import { Oracle, type Consequence, type EfficiencyNote, type Violation } from './oracle/judge.ts';

export interface HistoryConfig {
  /** The arm or the declared levers in force. */
  readonly mode: Mode;
  readonly cap: number;
  readonly seal: string;
  /** The host tool's bound (ground truth is the bounded text). */
  readonly tool?: HostToolBound;
  /** How long one adapter call may take to settle (src/harness/session.ts; default DEFAULT_SETTLE_MS). */
  readonly opTimeoutMs?: number;
}

export interface HistoryVerdict {
  readonly violations: readonly Violation[];
  /** Findings that follow from an earlier failure (spec/SPEC.md "Consequences"): told, never counted. */
  readonly consequences: readonly Consequence[];
  readonly outcomes: readonly Outcome[];
  readonly checks: ReadonlyMap<RuleId, number>;
  readonly claimKinds: ReadonlyMap<string, number>;
  readonly efficiency: readonly EfficiencyNote[];
  readonly leverUse: Readonly<LeverUse>;
  /** Per read and stale serve: the file, what the worker held before and after, the claimed span (reports' pictures). */
  readonly frames: readonly Frame[];
  /** With JudgeOptions.legacy: the violations spec 2.1 would have found in the same outcomes. */
  readonly legacy?: readonly Violation[];
}

export interface JudgeOptions {
  /** Called before event i is applied (progress: the request now pending). */
  readonly onStep?: (index: number) => void;
  /** Stop once this goal is met: the rest of the history cannot unmeet it (a shrink candidate). */
  readonly until?: Goal;
  /** Judge the same outcomes as spec 2.1 did too (a verdict that moved with 2.2 is told). */
  readonly legacy?: boolean;
}

/** What a shrink candidate must show: the rule broken, and each of these rules following from it. */
export interface Goal {
  readonly rule: RuleId;
  readonly follows?: readonly RuleId[];
}

/** Whether a history (or its judged prefix) meets the goal. */
export function meets(v: Pick<HistoryVerdict, 'violations' | 'consequences'>, g: Goal): boolean {
  return (
    v.violations.some((x) => x.rule === g.rule) &&
    (g.follows ?? []).every((r) => v.consequences.some((c) => c.rule === r && c.cause.rule === g.rule))
  );
}

/** The rules that follow from a rule's failures in a history (sorted). */
export function followsFrom(v: Pick<HistoryVerdict, 'consequences'>, rule: RuleId): RuleId[] {
  return [...new Set(v.consequences.filter((c) => c.cause.rule === rule).map((c) => c.rule))].sort();
}

/** Events judged between two turns of the event loop (never changes a verdict). */
const YIELD_EVERY = 64;
const YIELD_MS = 20;

export async function judgeHistory(
  adapter: DrivenAdapter,
  config: HistoryConfig,
  events: readonly TraceEvent[],
  o: JudgeOptions = {},
): Promise<HistoryVerdict> {
  const session = new Session(adapter, config);
  const oracle = new Oracle({
    mode: config.mode,
    cap: config.cap,
    seal: config.seal,
    capabilities: adapter.capabilities,
    ...defined({ tool: config.tool }),
  });
  const old = o.legacy === true ? new Oracle({ ...oracle.config, semantics: '2.1' }) : undefined;
  const legacy: Violation[] = [];
  const violations: Violation[] = [];
  const outcomes: Outcome[] = [];
  const frames: Frame[] = [];
  const held: HeldOf = (w, path, args) => oracle.held(w, path, args);
  const lengths = new Utf8Lengths();
  const utf8 = (s: string): number => lengths.of(s);
  try {
    let yielded = performance.now();
    for (let i = 0, sinceYield = 0; i < events.length;) {
      // A long history is one chain of microtasks in process: a turn of the event loop every
      // YIELD_EVERY events or YIELD_MS lets timers fire (the settle timeout, the watching thread's
      // heartbeat). When to yield never changes what is judged.
      if (++sinceYield >= YIELD_EVERY || performance.now() - yielded > YIELD_MS) {
        sinceYield = 0;
        await new Promise<void>((r) => setImmediate(r));
        yielded = performance.now();
      }
      o.onStep?.(i);
      const out = await session.step(events, i);
      for (const x of out) {
        outcomes.push(x);
        const before = heldBefore(held, x);
        violations.push(...oracle.judge(x));
        if (old !== undefined) legacy.push(...old.judge(x));
        const f = frameAfter(held, x, before, utf8);
        if (f !== undefined) frames.push(f);
      }
      i += out.length;
      if (o.until !== undefined && meets({ violations, consequences: oracle.consequences }, o.until)) break;
    }
  } finally {
    // A process and its sandbox end with the history, whatever happened in it.
    await session.close();
  }
  // A breach after the last reply (a line printed while nothing was asked) still ends the run.
  if (session.breach !== undefined) throw session.breach;
  return {
    violations,
    consequences: oracle.consequences,
    outcomes,
    checks: oracle.checks,
    claimKinds: oracle.claimKinds,
    efficiency: oracle.efficiency,
    leverUse: oracle.leverUse,
    frames,
    ...(old !== undefined ? { legacy } : {}),
  };
}

/** A verdict reduced to what must be identical on replay (determinism check). */
export function verdictSignature(v: HistoryVerdict): string {
  return v.violations.map((x) => `${x.index}:${x.rule}:${x.message}`).join('\n');
}
