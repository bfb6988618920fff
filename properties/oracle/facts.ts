/**
 * The step contexts of context.ts, built field by field (no spread: the oracle builds several per
 * read, and literals of one shape keep that cheap).
 */
import type { RefusalClaim, WithheldClaim } from '../../src/core/claims.ts';
import { policyApplies } from '../../src/core/policies.ts';
import { DEFAULT_POINTER_PATTERN } from '../../src/core/pointer-words.ts';
import type { ReadOutcome, StaleOutcome } from '../../src/harness/session.ts';
import type {
  AnsweredRead,
  CountedBatch,
  FailedRead,
  Progressing,
  RefusedRead,
  RunFacts,
  Span,
  StaleAnswer,
  WithheldRead,
} from './context.ts';

export function failedRead(
  f: RunFacts,
  outcome: ReadOutcome,
  code: string,
  lastFailure: string | undefined,
  repeated: boolean,
): FailedRead {
  const { mode, cap, capOn, seal, caps, armSurface, memo, say } = f;
  return { mode, cap, capOn, seal, caps, armSurface, memo, say, outcome, code, lastFailure, repeated };
}

export function refusedRead(
  f: RunFacts,
  outcome: ReadOutcome,
  refusal: RefusalClaim | undefined,
  contentBytes: Buffer,
): RefusedRead {
  const { mode, cap, capOn, seal, caps, armSurface, memo, say } = f;
  return { mode, cap, capOn, seal, caps, armSurface, memo, say, outcome, refusal, contentBytes };
}

export function progressing(
  r: AnsweredRead,
  span: Span,
  spelling: string,
  last: string | undefined,
  delivered: number,
): Progressing {
  const { mode, cap, capOn, seal, caps, armSurface, memo, say } = r;
  const { outcome, claim, text, content, contentBytes, known, backed, framing } = r;
  return {
    mode,
    cap,
    capOn,
    seal,
    caps,
    armSurface,
    memo,
    say,
    outcome,
    claim,
    text,
    content,
    contentBytes,
    known,
    backed,
    framing,
    span,
    spelling,
    last,
    delivered,
  };
}

export function countedBatch(f: RunFacts, batch: readonly ReadOutcome[], outcome: ReadOutcome): CountedBatch {
  const { mode, cap, capOn, seal, caps, armSurface, memo, say } = f;
  return { mode, cap, capOn, seal, caps, armSurface, memo, say, batch, outcome, delta: outcome.countDelta! };
}

export function staleAnswer(f: RunFacts, outcome: StaleOutcome): StaleAnswer {
  const { mode, cap, capOn, seal, caps, armSurface, memo, say } = f;
  return { mode, cap, capOn, seal, caps, armSurface, memo, say, outcome };
}

const DEFAULT_POINTER = new RegExp(DEFAULT_POINTER_PATTERN, 'i');

/** Spec 2.2: a withheld read, with the policy it names and whether that policy withholds it. */
export function withheldRead(r: AnsweredRead, claim: WithheldClaim): WithheldRead {
  const policy = r.caps.policies?.find((p) => p.id === claim.policy);
  const args = r.outcome.event.args;
  const whole = args?.offset === undefined && args?.limit === undefined;
  const applies = policy !== undefined && policyApplies(policy, whole, r.contentBytes.length);
  const own = r.caps.pointerPattern;
  const pointerWords = own === undefined ? [DEFAULT_POINTER] : [DEFAULT_POINTER, new RegExp(own, 'i')];
  return { ...r, claim, policy, whole, applies, pointerWords };
}
