/**
 * What a worker holds of one request, from the responses alone: K = (T, P) (SPEC.md "Knowledge"),
 * and how a response changes it. The delivery model (deliveries.ts) keeps one K per delivery.
 */
import type { Claim, DeltaClaim } from '../../src/core/claims.ts';
import { sameBytes, wire } from './bytes.ts';
import { applyDelta } from './delta.ts';
import { LastCall, Utf8Memo } from './memo.ts';
import { applyStrict, type StrictResult } from './strict-patch.ts';

export interface Known {
  /** The last claimed total. */
  readonly total: number;
  /** The byte prefix the worker holds. */
  readonly prefix: Buffer;
  /** The content this knowledge was last updated against (PROGRESS: "unchanged"). */
  readonly against: string;
}

export function holds(k: Known | undefined, content: Buffer): boolean {
  return k !== undefined && k.prefix.length === k.total && sameBytes(k.prefix, content);
}

/** What `k` holds is of `content`'s version: the same total, and its bytes begin `content` (spec/SPEC.md "Blame"). */
export function ofVersion(k: Known, content: Buffer): boolean {
  return (
    k.total === content.length &&
    k.prefix.length <= content.length &&
    sameBytes(k.prefix, content.subarray(0, k.prefix.length))
  );
}

export function sameKnowledge(a: Known | undefined, b: Known | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.total === b.total && sameBytes(a.prefix, b.prefix);
}

/**
 * One Oracle's memos, shared by its knowledge models: one read judges the same text many times
 * (the tool's text, the payload that is that text, each model taking it in), so long texts are
 * encoded once; the judge and each model apply the same patch to the same held bytes, and take in
 * the same response over the same Known (Knowns are never changed in place), in turn.
 */
export class OracleMemo {
  readonly #bytes = new Utf8Memo();
  readonly #patch = new LastCall<[Buffer, string, 'split' | undefined], StrictResult>();
  readonly #after = new LastCall<[Known | undefined, Claim, string, string], Known | 'keep'>();
  readonly #delta = new LastCall<[Buffer, DeltaClaim], StrictResult>();

  /** The UTF-8 bytes of `s` (shared Buffers: nothing may write to them). */
  utf8(s: string): Buffer {
    return this.#bytes.of(s);
  }

  /** A diff applied strictly to the text the worker holds (DIFF-COMPLETE). */
  patched(k: Known | undefined, patch: string, lines?: 'split'): StrictResult {
    const P = k?.prefix ?? EMPTY;
    return this.#patch.get([P, patch, lines], () => applyStrict(P.toString('utf8'), wire(patch), lines));
  }

  /** A change notice applied to the text the worker holds (DIFF-COMPLETE, spec/SPEC.md "Change notices"). */
  delta(k: Known | undefined, claim: DeltaClaim): StrictResult {
    const P = k?.prefix ?? EMPTY;
    return this.#delta.get([P, claim], () => applyDelta(P.toString('utf8'), claim));
  }

  /** K after a response: what the worker really holds once it has it, lie or not. */
  afterClaim(k: Known | undefined, claim: Claim, text: string, content: string): Known | 'keep' {
    return this.#after.get([k, claim, text, content], () => takeIn(this, k, claim, text, content));
  }
}

const EMPTY = Buffer.alloc(0);

/** A diff applied strictly to the text the worker holds, outside any Oracle (no memo kept). */
export function patched(k: Known | undefined, patch: string, lines?: 'split'): StrictResult {
  return new OracleMemo().patched(k, patch, lines);
}

/** K after a response, outside any Oracle (no memo kept). */
export function afterClaim(k: Known | undefined, claim: Claim, text: string, content: string): Known | 'keep' {
  return new OracleMemo().afterClaim(k, claim, text, content);
}

/**
 * K after a response: what the worker really holds once it has it, lie or not. 'keep' when it
 * adds nothing to what the worker holds — a diff that does not apply strictly adds nothing either:
 * the worker keeps the text it held (spec/SPEC.md "How the kit keeps K honest").
 */
function takeIn(memo: OracleMemo, k: Known | undefined, claim: Claim, text: string, content: string): Known | 'keep' {
  switch (claim.kind) {
    case 'verbatim': {
      const P = memo.utf8(claim.payload ?? text);
      return { total: P.length, prefix: P, against: content };
    }
    case 'slice': {
      const payload = memo.utf8(claim.payload);
      // A continuation past P leaves a gap: the worker still holds exactly P.
      if (claim.start > 0 && (k === undefined || claim.start > k.prefix.length)) return 'keep';
      const head = k === undefined ? EMPTY : k.prefix.subarray(0, claim.start);
      // Bytes of unchanged content sent again do not make the worker forget the rest it holds.
      const end = claim.start + payload.length;
      if (
        k !== undefined &&
        k.against === content &&
        end < claim.total &&
        k.prefix.length > end &&
        sameBytes(k.prefix.subarray(claim.start, end), payload)
      )
        return { total: claim.total, prefix: k.prefix, against: content };
      return { total: claim.total, prefix: joined(memo, head, payload, content), against: content };
    }
    case 'delta':
    case 'diff': {
      const r = claim.kind === 'diff' ? memo.patched(k, claim.patch, claim.lines) : memo.delta(k, claim);
      if (!r.ok) return 'keep';
      // Usually the patch gives the content: its bytes are already encoded (utf8 keeps them).
      const P = memo.utf8(r.text === content ? content : r.text);
      return { total: claim.kind === 'diff' ? claim.total : P.length, prefix: P, against: content };
    }
    default:
      return 'keep';
  }
}

/**
 * head + payload. When they are the content's own first bytes (a truthful slice), a view of the
 * content's bytes instead of a copy: a file delivered in slices would copy its prefix each time.
 */
function joined(memo: OracleMemo, head: Buffer, payload: Buffer, content: string): Buffer {
  const contentBytes = memo.utf8(content);
  const end = head.length + payload.length;
  if (
    end <= contentBytes.length &&
    sameBytes(head, contentBytes.subarray(0, head.length)) &&
    sameBytes(payload, contentBytes.subarray(head.length, end))
  )
    return contentBytes.subarray(0, end);
  return Buffer.concat([head, payload]);
}
