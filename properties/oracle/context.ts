/**
 * What a rule's judge sees (properties/rules/types.ts): for each step of an outcome, the shared
 * facts the Oracle computed once — ground truth, what the worker holds, the claim and its backing.
 * Knowledge reaches rules only through these (`known`, `shadow`, `explainedBy`), so a change to
 * how the oracle models a worker stays in models.ts and judge.ts.
 */
import type { Claim, RefusalClaim, WithheldClaim } from '../../src/core/claims.ts';
import type { WithholdPolicy } from '../../src/core/policies.ts';
import type { Mode } from '../../src/core/levers.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { Capabilities } from '../../src/core/contract.ts';
import type { ReadOutcome, StaleOutcome } from '../../src/harness/session.ts';
import type { Known, OracleMemo } from './knowledge.ts';
import type { ShadowName } from './models.ts';

/** How a rule reports, bound to that rule: a check it made, and a finding when the check fails. */
export interface Tell {
  check(times?: number): void;
  fail(message: string): void;
}

/** What every step sees of the run. */
export interface RunFacts {
  readonly mode: Mode;
  readonly cap: number;
  /** The cap lever is in force. */
  readonly capOn: boolean;
  readonly seal: string;
  readonly caps: Capabilities;
  /** Arm rules apply to shims with an arm surface (an arm and a resolver); others fail them only by a response. */
  readonly armSurface: boolean;
  /** The oracle's memos (encoded texts, applied patches, knowledge after a claim). */
  readonly memo: OracleMemo;
  /** How a claim reads in a story. */
  readonly say: (claim: Claim, response: object) => string;
}

/** A read whose tool fails now: only its error or a refusal is true (PASSTHROUGH, REFUSAL-TRUE). */
export interface FailedRead extends RunFacts {
  readonly outcome: ReadOutcome;
  /** The tool's failure code. */
  readonly code: string;
  /** The failure the worker was last given for this request, if any. */
  readonly lastFailure: string | undefined;
  /** A pointer to the failure the worker was last given for this request, and still the tool's answer. */
  readonly repeated: boolean;
}

/** A read whose tool returns content but the shim gave no text (an error, a crash) or a refusal. */
export interface RefusedRead extends RunFacts {
  readonly outcome: ReadOutcome;
  /** The refusal claimed; undefined when the shim gave no text. */
  readonly refusal: RefusalClaim | undefined;
  readonly contentBytes: Buffer;
}

/** A read answered with a claim other than a refusal: the per-read facts every read step shares. */
export interface AnsweredRead extends RunFacts {
  readonly outcome: ReadOutcome;
  readonly claim: Exclude<Claim, RefusalClaim>;
  /** The response text the worker was shown. */
  readonly text: string;
  /** Ground truth: what the tool returns now, as text and as the UTF-8 bytes a worker receives. */
  readonly content: string;
  readonly contentBytes: Buffer;
  /** What the worker holds of this request key before this response. */
  readonly known: Known | undefined;
  /** The claim's body lies in the response text (spec/SPEC.md "Claims are backed by the response text"). */
  readonly backed: boolean;
  /** The response text around the claimed body (where a notice and its seal are). */
  readonly framing: string;
}

/**
 * Spec 2.2: a read the shim says its own policy withheld (spec/SPEC.md "Withheld by the shim's
 * policy"): the policy it names as declared, whether that policy withholds this read, and the
 * pointer wordings the notice must not match.
 */
export interface WithheldRead extends AnsweredRead {
  readonly claim: WithheldClaim;
  readonly policy: WithholdPolicy | undefined;
  /** A whole read: no offset, no limit. */
  readonly whole: boolean;
  /** The declared policy withholds this read (a whole read over its size). */
  readonly applies: boolean;
  /** What reads as "unchanged": the default wording, and a driver's --pointer-pattern. */
  readonly pointerWords: readonly RegExp[];
}

/** The bytes a slice or a verbatim answer delivers. */
export interface Span {
  readonly start: number;
  readonly end: number;
  /** A slice short of the whole content. */
  readonly partial: boolean;
}

/** A backed read that delivered bytes, with what its spelling delivered before (PROGRESS). */
export interface Progressing extends AnsweredRead {
  readonly span: Span;
  /** The path as this read spelled it. */
  readonly spelling: string;
  /** The spelling that read this request key last, and how far this spelling's deliveries reach of this content. */
  readonly last: string | undefined;
  readonly delivered: number;
}

/** A claim judged against one knowledge state: the truth, a shadow model or the as-claimed model. */
export interface Against {
  readonly claim: Claim;
  readonly response: { readonly text: string };
  readonly content: string;
  readonly contentBytes: Buffer;
  readonly known: Known | undefined;
  readonly cap: number;
  readonly capOn: boolean;
  readonly memo: OracleMemo;
  /** The claim as a finding names it. */
  readonly say: (claim: Claim) => string;
}

/** A knowledge rule's verdict on a claim: undefined when the claim does not bear on the rule; a message when it fails. */
export type Checked = { readonly message?: string } | undefined;

/** A read answered with a claim, as the derived rules see it: the shadow models, and whether a shadow explains a finding. */
export interface Derivation {
  /** What the worker holds of this request key before this response (the truth). */
  readonly known: Known | undefined;
  /** The worker holds some of this request from a delivery under its own name (not only by the file's other names). */
  readonly byName: boolean;
  /** The claim relies on earlier deliveries: a pointer, a continuation, a diff. */
  readonly relies: boolean;
  /** The last event for this worker and key was a stale serve that handed over lines. */
  readonly staleLast: boolean;
  /** Workers seen so far. */
  readonly workers: number;
  readonly shadow: (name: ShadowName) => Known | undefined;
  /**
   * Whether the worker holding `shadowK` instead would make `rule`'s finding go away (a shadow
   * that differs from the truth and, for a claim that relies on nothing earlier, holds (part of) another version).
   */
  readonly explainedBy: (shadowK: Known | undefined, rule: RuleId) => boolean;
}

/** A batch of reads whose counters moved (COUNT-EXACT), once its last read is in. */
export interface CountedBatch extends RunFacts {
  readonly batch: readonly ReadOutcome[];
  /** The last read of the batch (its counter delta and callbacks cover the batch). */
  readonly outcome: ReadOutcome;
  /** counters() after the batch minus before. */
  readonly delta: NonNullable<ReadOutcome['countDelta']>;
}

/** A stale serve's answer, before its claim is judged. */
export interface StaleAnswer extends RunFacts {
  readonly outcome: StaleOutcome;
}

/** A stale serve that returned text with a claim. */
export interface StaleServe extends RunFacts {
  readonly outcome: StaleOutcome;
  readonly claim: Claim;
  readonly text: string;
  readonly framing: string;
  /** The file's lines now (none when it is gone). */
  readonly lines: readonly string[];
  /** The asked range is malformed (negative start, end before start). */
  readonly badRange: boolean;
}
