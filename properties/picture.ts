/**
 * The picture of a story (`run --reporter html`): per read or stale serve, the file's bytes at
 * request time, what the worker held before and after (the oracle's K), and the span the response
 * claimed. Taken while the history is judged, so it is the oracle's own view, never re-derived.
 */
import type { Claim } from '../src/core/claims.ts';
import type { RecordedResponse } from '../src/core/trace.ts';
import type { Outcome } from '../src/harness/session.ts';
import { defined } from '../src/core/defined.ts';

/** A read-only view of the oracle's K for one request: the claimed total and the held prefix's length. */
export interface Held {
  readonly total: number;
  readonly bytes: number;
}

/** The oracle's view of K (Oracle.held). */
export type HeldOf = (
  worker: string,
  path: string,
  args: Readonly<Record<string, unknown>> | undefined,
) => Held | undefined;

export interface Frame {
  /** 0-based event index (the story's step is index + 1). */
  readonly index: number;
  readonly worker: string;
  readonly path: string;
  readonly op: 'read' | 'stale';
  /** Bytes of the tool's text for this request at request time; undefined when the tool failed or the file is gone. */
  readonly size?: number;
  readonly before?: Held;
  readonly after?: Held;
  /** What the response said, as a span of bytes where it has one. */
  readonly claim: ClaimSpan;
}

export type ClaimSpan =
  | { readonly kind: 'slice'; readonly start: number; readonly end: number; readonly total: number }
  | { readonly kind: 'whole'; readonly total: number; readonly how: 'verbatim' | 'pointer' | 'diff' }
  | { readonly kind: 'lines'; readonly startLine: number; readonly endLine: number }
  | { readonly kind: 'other'; readonly what: string };

function spanOf(claim: Claim | undefined, response: RecordedResponse, size: number | undefined): ClaimSpan {
  if (claim === undefined) return { kind: 'other', what: 'error' in response ? 'an error' : 'nothing' };
  switch (claim.kind) {
    case 'slice':
      return { kind: 'slice', start: claim.start, end: claim.end, total: claim.total };
    case 'pointer':
    case 'diff':
      return { kind: 'whole', total: claim.total, how: claim.kind };
    case 'verbatim':
      return { kind: 'whole', total: size ?? 0, how: 'verbatim' };
    case 'stale':
      return { kind: 'lines', startLine: claim.startLine, endLine: claim.endLine };
    default:
      return { kind: 'other', what: claim.kind };
  }
}

/** K before an outcome is judged (call, then `frameAfter` once the oracle has judged it). */
export function heldBefore(held: HeldOf, o: Outcome): Held | undefined {
  if (o.kind === 'other') return undefined;
  return held(o.event.worker, o.event.path, o.kind === 'read' ? o.event.args : undefined);
}

export function frameAfter(
  held: HeldOf,
  o: Outcome,
  before: Held | undefined,
  utf8: (s: string) => number = (s) => Buffer.byteLength(s, 'utf8'),
): Frame | undefined {
  if (o.kind === 'other') return undefined;
  const args = o.kind === 'read' ? o.event.args : undefined;
  const after = held(o.event.worker, o.event.path, args);
  const size =
    o.kind === 'read'
      ? o.truth.ok
        ? utf8(o.truth.text)
        : undefined
      : o.fileNow === undefined
        ? undefined
        : utf8(o.fileNow.content);
  return {
    index: o.index,
    worker: o.event.worker,
    path: o.event.path,
    op: o.kind,
    ...defined({ size }),
    ...defined({ before }),
    ...defined({ after }),
    claim: spanOf(o.claim, o.response, size),
  };
}
