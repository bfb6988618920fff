/**
 * The step contexts of context.ts, built field by field (no spread: the oracle builds several per
 * read, and literals of one shape keep that cheap).
 */
import type { RefusalClaim } from '../../src/core/claims.ts';
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
