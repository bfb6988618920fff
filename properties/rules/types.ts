/**
 * What a rule is: one module per rule, properties/rules/<RULE-ID>.ts, made with defineRule — its
 * ID, kind and law, its spec/SPEC.md section, the lever behind it, when it is n/a, and its judge:
 * the checks it makes, step by step, on the oracle's shared knowledge of the worker for an
 * outcome (properties/oracle/context.ts). The Oracle (properties/oracle/judge.ts) loops over the
 * registry (index.ts) at each step; surface probes (properties/surface/) judge the rest once per run.
 */
import type { ClaimKind } from '../../src/core/claims.ts';
import type { LeverName, Mode } from '../../src/core/levers.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { Capabilities } from '../../src/core/contract.ts';
import type {
  Against,
  AnsweredRead,
  Checked,
  CountedBatch,
  Derivation,
  FailedRead,
  Progressing,
  RefusedRead,
  StaleAnswer,
  StaleServe,
  Tell,
  WithheldRead,
} from '../oracle/context.ts';

export type RuleKind = 'truth' | 'surface';

export interface RunShape {
  /** The one cap every history uses (--cap or capabilities.cap), if fixed. */
  readonly fixedCap?: number;
  readonly seal: string;
}

/** What decides a rule's applicability: the levers in force, what the adapter declares, the run. */
export interface Applicability {
  readonly mode: Mode;
  readonly caps: Capabilities;
  readonly run: RunShape;
}

/** A judge's knowledge check: re-run against shadow models and the as-claimed model, so it must not report. */
export interface KnowledgeCheck {
  /** Where its finding is told among the knowledge rules' findings of one response (ascending). */
  readonly order: number;
  readonly check: (a: Against) => Checked;
  /**
   * Its finding may be blamed on a derived rule even for a claim that relies on nothing earlier
   * (a whole re-delivery that a shadow holding another version explains).
   */
  readonly blamedWhenFresh?: true;
  /** Its failure on a diff sets the as-claimed model apart from the truth (the cause of what follows: SPEC.md "Consequences"). */
  readonly causes?: true;
}

/** A rule derived by blame (spec/SPEC.md "Blame"): a knowledge rule's finding that only its model explains becomes its finding. */
export interface DerivedCheck {
  /** Asked in ascending order; the first that explains a finding takes it. */
  readonly order: number;
  /** Whether this read is a check of the rule (its model differs from the truth here). */
  readonly checked: (d: Derivation) => boolean;
  /** Whether the rule explains a finding of `rule` on this read. */
  readonly explains: (d: Derivation, rule: RuleId) => boolean;
  /** What the finding's message gains when the rule takes it. */
  readonly why: string;
}

/**
 * The checks a rule makes, by step of an outcome, in the order the Oracle takes them. Findings
 * of one outcome are told in step order; within a step in registry order (knowledge and derived
 * checks by their `order`).
 */
export interface RuleJudge {
  /** A read whose tool fails now. */
  readonly failedRead?: (r: FailedRead, t: Tell) => void;
  /** A read the shim answered with no text or a refusal while the tool returns content. */
  readonly refusedRead?: (r: RefusedRead, t: Tell) => void;
  /** Claim kinds whose body, missing from the response text, fails this rule (of a stale serve: 'stale' for any claim). */
  readonly backs?: readonly ClaimKind[];
  /** A read answered with a claim: what the levers in force and the seal allow. */
  readonly surface?: (r: AnsweredRead, t: Tell) => void;
  /** A read answered with a claim: the bytes against ground truth, needing no knowledge. */
  readonly exactness?: (r: AnsweredRead, t: Tell) => void;
  /** A backed read that delivered bytes: liveness per spelling. */
  readonly progress?: (r: Progressing, t: Tell) => void;
  /** Spec 2.2: a read the shim's own policy withheld, against the declared policy. */
  readonly withheld?: (r: WithheldRead, t: Tell) => void;
  /** A backed read: the claim against what the worker holds. */
  readonly knowledge?: KnowledgeCheck;
  /** A read answered with a claim: blame through a shadow model. */
  readonly derived?: DerivedCheck;
  /** A batch of reads whose counters moved. */
  readonly batch?: (b: CountedBatch, t: Tell) => void;
  /** A stale serve's answer; judging goes on only for text with a claim under a capping arm. */
  readonly staleAnswer?: (s: StaleAnswer, t: Tell) => void;
  /** A stale serve's notice. */
  readonly staleSurface?: (s: StaleServe, t: Tell) => void;
  /** A stale serve's claim against the file now. */
  readonly staleClaim?: (s: StaleServe, t: Tell) => void;
}

/**
 * A surface probe that judges the rule once per run against the adapter itself: its file and
 * exported function (properties/surface/; named, not imported — a probe runs histories through the oracle).
 */
export interface ProbeRef {
  readonly file: string;
  readonly symbol: string;
}

export interface RuleModule<I extends string = string, K extends RuleKind = RuleKind> {
  readonly id: I;
  readonly kind: K;
  /** The law in one sentence (the long form is in spec/SPEC.md). */
  readonly law: string;
  /** The rule's section: spec/SPEC.md#<id in lower case>. */
  readonly spec: string;
  /**
   * The lever in force that stands behind the rule, if any: declared but never used (and offered
   * often enough), it leaves the rule n/a rather than unexercised (applicability.ts unusedLever).
   */
  readonly lever?: (mode: Mode) => LeverName | undefined;
  /**
   * Every lever in force stands behind the rule: with each declared, offered often enough and never
   * used, it is n/a rather than unexercised (applicability.ts unusedLever).
   */
  readonly everyLever?: true;
  /** undefined = applicable; otherwise the reason it is n/a. A rule that is n/a still fails if a violation is observed. */
  readonly notApplicable: (a: Applicability) => string | undefined;
  /** Its checks in the oracle, per outcome. */
  readonly judge: RuleJudge;
  /** The surface probes that judge it once per run (properties/surface/). */
  readonly probes?: readonly ProbeRef[];
}

/** A rule module (the generic keeps the ID a literal type for the registry). */
export function defineRule<const I extends string, const K extends RuleKind>(rule: RuleModule<I, K>): RuleModule<I, K> {
  return Object.freeze(rule);
}

const PASSED: Checked = Object.freeze({});

/** A knowledge check's verdict: passed without a message, failed with one. */
export const checked = (message?: string): Checked => (message === undefined ? PASSED : { message });
