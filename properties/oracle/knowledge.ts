/**
 * What a worker holds, per request key, from the responses alone: K = (T, P) (SPEC.md
 * "Knowledge"). The same class serves the truth and the shadow models.
 */
import type { Claim } from '../../src/core/claims.ts';
import { keyPath } from '../../src/core/paths.ts';
import { sameBytes, wire } from './bytes.ts';
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

  /** The UTF-8 bytes of `s` (shared Buffers: nothing may write to them). */
  utf8(s: string): Buffer {
    return this.#bytes.of(s);
  }

  /** A diff applied strictly to the text the worker holds (DIFF-COMPLETE). */
  patched(k: Known | undefined, patch: string, lines?: 'split'): StrictResult {
    const P = k?.prefix ?? EMPTY;
    return this.#patch.get([P, patch, lines], () => applyStrict(P.toString('utf8'), wire(patch), lines));
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
    case 'diff': {
      const r = memo.patched(k, claim.patch, claim.lines);
      if (!r.ok) return 'keep';
      // Usually the patch gives the content: its bytes are already encoded (utf8 keeps them).
      return { total: claim.total, prefix: memo.utf8(r.text === content ? content : r.text), against: content };
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

/** Per worker, per request key. */
export class Knowledge {
  readonly #m = new Map<string, Map<string, Known>>();

  /** The memos of the Oracle this model belongs to (a model of its own otherwise). */
  constructor(readonly memo: OracleMemo = new OracleMemo()) {}

  get(worker: string, key: string): Known | undefined {
    return this.#m.get(worker)?.get(key);
  }

  set(worker: string, key: string, k: Known | undefined): void {
    let w = this.#m.get(worker);
    if (w === undefined) this.#m.set(worker, (w = new Map<string, Known>()));
    if (k === undefined) w.delete(key);
    else w.set(key, k);
  }

  /** Applies a response: K becomes what the worker holds once it has it. */
  apply(worker: string, key: string, claim: Claim, text: string, content: string): void {
    const r = this.memo.afterClaim(this.get(worker, key), claim, text, content);
    if (r !== 'keep') this.set(worker, key, r);
  }

  /** A fork (spec/SPEC.md "Forks and resumed sessions"): the child starts holding what the parent holds now. */
  fork(parent: string, child: string): void {
    const w = this.#m.get(parent);
    // Knowns are never changed in place: the child's map shares them, and later deliveries to either replace them.
    if (w === undefined) this.#m.delete(child);
    else this.#m.set(child, new Map(w));
  }

  /** forget(path) empties every key of that path; forget() everything of the worker. */
  forget(worker: string, path: string | undefined): void {
    const w = this.#m.get(worker);
    if (w === undefined) return;
    if (path === undefined) w.clear();
    else for (const key of [...w.keys()]) if (keyPath(key) === path) w.delete(key);
  }
}
