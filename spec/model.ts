/**
 * The executable examples of SPEC.md, as data. An example is a history (trace events) plus a
 * hand-written expectation per response, and surface probes (ARM-GUARD, PERSONA-TRUTH, ...).
 */
import type { ArmName, Levers } from '../src/core/arms.ts';
import type { RefusalReason } from '../src/core/claims.ts';
import type { HostToolBound } from '../src/core/host-tool.ts';
import { modeOfArm, modeOfLevers, type LeverName as ShimLever, type Mode } from '../src/core/levers.ts';
import type { RuleId } from '../src/core/rules.ts';
import type { TraceEvent } from '../src/core/trace.ts';
import type { Hunk } from '../src/core/patch.ts';

export type { Hunk } from '../src/core/patch.ts';

/** A problem in SPEC.md itself (exit 2): names the example and its 1-based line in the file. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly exampleId: string | undefined,
    detail: string,
  ) {
    super(`${file}:${line}: ${exampleId === undefined ? '' : `example ${exampleId}: `}${detail}`);
    this.name = 'SpecError';
  }
}

/** What a read or stale response must be. */
export type ResponseExpectation =
  /** The tool's text; `framed`: inside host framing (a verbatim claim with `payload`), else the whole response. */
  | { readonly kind: 'verbatim'; readonly framed: boolean }
  | {
      readonly kind: 'slice';
      readonly start: number;
      readonly end: number;
      readonly total: number;
      readonly done: boolean;
      readonly payload: string;
    }
  | { readonly kind: 'pointer'; readonly total: number }
  | {
      readonly kind: 'diff';
      readonly total: number;
      readonly within?: number;
      readonly hunks?: readonly Hunk[];
      readonly lines?: 'split';
    }
  | {
      readonly kind: 'stale';
      readonly startLine: number;
      readonly endLine: number;
      readonly lines: number;
      readonly truncated: boolean;
      readonly payload: string;
    }
  | { readonly kind: 'refusal'; readonly reason: RefusalReason }
  | { readonly kind: 'error'; readonly code?: string }
  /** The stale serve is off (null) under this arm. */
  | { readonly kind: 'none' };

export type LeverName = keyof Levers;
export const LEVER_NAMES: readonly LeverName[] = Object.freeze(['on', 'cap', 'pointer', 'diff', 'g1']);

export type PersonaClause =
  | { readonly kind: 'cap-number'; readonly present: boolean }
  | { readonly kind: 'diff-wording'; readonly present: boolean }
  | { readonly kind: 'sealed' }
  | { readonly kind: 'mentions'; readonly text: string };

export interface Thrown {
  readonly kind: 'throws';
  readonly errorName: 'TypeError' | 'RangeError';
  /** Substrings the error message must contain. */
  readonly mentions: readonly string[];
}

interface StepBase {
  /** 1-based line in SPEC.md. */
  readonly line: number;
}

/** A history event; reads and stale serves carry the expected response. */
export interface EventStep extends StepBase {
  readonly kind: 'event';
  readonly event: TraceEvent;
  readonly expect?: ResponseExpectation;
}

export interface CountersStep extends StepBase {
  readonly kind: 'counters';
  readonly worker: string;
  readonly pointered: number;
  readonly capped: number;
  readonly withheld: number;
  /** Expected onCount calls in order, when written. */
  readonly callbacks?: readonly number[];
}

export interface ResolveStep extends StepBase {
  readonly kind: 'resolve';
  /** The raw flag as written (for reasons). */
  readonly flagText: string;
  readonly flag: unknown;
  readonly expect: Thrown | { readonly kind: 'levers'; readonly on: readonly LeverName[] };
}

export interface PersonaStep extends StepBase {
  readonly kind: 'persona';
  readonly arm: ArmName;
  readonly cap: number;
  readonly expect: { readonly kind: 'none' } | { readonly kind: 'text'; readonly clauses: readonly PersonaClause[] };
}

export interface WrapStep extends StepBase {
  readonly kind: 'wrap';
  readonly arm: ArmName;
  readonly expect: 'same' | 'wrapped';
}

export interface CreateStep extends StepBase {
  readonly kind: 'create';
  readonly capText: string;
  readonly cap: unknown;
  readonly expect: Thrown | { readonly kind: 'ok' };
}

/**
 * Spec 2.2: a claim the shim did *not* make at the read just before, judged as if it had ("claim
 * pointer 460 => true", "claim pointer 20 => lie POINTER-FULL"): each example's true case beside
 * its lying twin (SPEC.md "How to read the examples").
 */
export type HypotheticalClaim =
  | { readonly kind: 'pointer'; readonly total: number; readonly said?: string }
  | { readonly kind: 'delta'; readonly first: number; readonly last: number; readonly body: string }
  | { readonly kind: 'delta'; readonly after: number; readonly body: string }
  | { readonly kind: 'withheld'; readonly policy: string; readonly said?: string };

export interface ClaimStep extends StepBase {
  readonly kind: 'claim';
  readonly claim: HypotheticalClaim;
  /** `true`: no rule fails at that read; `lie`: exactly these rules fail there. */
  readonly expect: { readonly kind: 'true' } | { readonly kind: 'lie'; readonly rules: readonly RuleId[] };
}

export type Step = EventStep | CountersStep | ResolveStep | PersonaStep | WrapStep | CreateStep | ClaimStep;

export interface Example {
  /** Stable ID: `<RULE-ID>/<slug>`. */
  readonly id: string;
  readonly rule: RuleId;
  /** The `## ` section the example sits in (its rule's, or a general one such as "Levers"). */
  readonly section: string;
  /** The arm of an arm example (run against the reference); undefined for a `levers=` example. */
  readonly arm: ArmName | undefined;
  /** A `levers=` example: run against the design shim in spec/designs that declares these levers. */
  readonly levers?: readonly ShimLever[];
  /** A `tool=` example: the host read tool's bound (ground truth is the bounded text). */
  readonly tool?: HostToolBound;
  readonly cap: number;
  readonly seal: string;
  /** Spec 2.2 (`policy=ID:BYTES`): a withholding policy the example's claims may name (howTo: POLICY_HOW_TO). */
  readonly policy?: { readonly id: string; readonly wholeOverBytes: number };
  /** Line of the opening fence in SPEC.md. */
  readonly line: number;
  readonly steps: readonly Step[];
}

/** The levers in force for an example's histories: its arm's row, or its declared levers. */
export function exampleMode(ex: Example): Mode {
  return ex.levers !== undefined ? modeOfLevers(ex.levers) : modeOfArm(ex.arm ?? 'cap');
}

/** A rule section of SPEC.md (`## <RULE-ID>`), with its law line when written. */
export interface RuleSection {
  readonly rule: RuleId;
  readonly line: number;
  readonly law?: string;
}

export interface ParsedSpec {
  readonly file: string;
  readonly sections: readonly RuleSection[];
  readonly examples: readonly Example[];
}

/** The words a `policy=` example's policy says to get the bytes. */
export const POLICY_HOW_TO = 'read it with offset and limit';
