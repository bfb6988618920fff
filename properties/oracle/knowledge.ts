/**
 * What a worker holds, per request key, from the responses alone: K = (T, P) (SPEC.md
 * "Knowledge"). The same class serves the truth and the shadow models.
 */
import type { Claim } from '../../core/claims.ts';
import { keyPath } from '../../core/paths.ts';
import { sameBytes, utf8, wire } from './bytes.ts';
import { applyStrict, type StrictResult } from './strict-patch.ts';

export interface Known {
  /** The last claimed total. */
  readonly T: number;
  /** The byte prefix the worker holds. */
  readonly P: Buffer;
  /** The content this knowledge was last updated against (PROGRESS: "unchanged"). */
  readonly against: string;
}

export function holds(k: Known | undefined, content: Buffer): boolean {
  return k !== undefined && k.P.length === k.T && sameBytes(k.P, content);
}

export function sameKnowledge(a: Known | undefined, b: Known | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.T === b.T && sameBytes(a.P, b.P);
}

/**
 * A diff applied strictly to the text the worker holds (DIFF-COMPLETE). The judge and each
 * knowledge model apply the same patch to the same held bytes in turn: the last answer is kept.
 */
export function patched(k: Known | undefined, patch: string, lines?: 'split'): StrictResult {
  const P = k?.P ?? EMPTY;
  if (lastPatch === undefined || lastPatch.P !== P || lastPatch.patch !== patch || lastPatch.lines !== lines)
    lastPatch = { P, patch, lines, r: applyStrict(P.toString('utf8'), wire(patch), lines) };
  return lastPatch.r;
}

const EMPTY = Buffer.alloc(0);
let lastPatch: { P: Buffer; patch: string; lines: 'split' | undefined; r: StrictResult } | undefined;

/**
 * K after a response: what the worker really holds once it has it, lie or not. Knowns are never
 * changed in place, so models that hold the same one share the result of the same response.
 */
export function afterClaim(k: Known | undefined, claim: Claim, text: string, content: string): Known | 'keep' {
  const m = lastAfter;
  if (m !== undefined && m.k === k && m.claim === claim && m.text === text && m.content === content) return m.r;
  const r = takeIn(k, claim, text, content);
  lastAfter = { k, claim, text, content, r };
  return r;
}

let lastAfter: { k: Known | undefined; claim: Claim; text: string; content: string; r: Known | 'keep' } | undefined;

/**
 * K after a response: what the worker really holds once it has it, lie or not. 'keep' when it
 * adds nothing to what the worker holds — a diff that does not apply strictly adds nothing either:
 * the worker keeps the text it held (spec/SPEC.md "How the kit keeps K honest").
 */
function takeIn(k: Known | undefined, claim: Claim, text: string, content: string): Known | 'keep' {
  switch (claim.kind) {
    case 'verbatim': {
      const P = utf8(claim.payload ?? text);
      return { T: P.length, P, against: content };
    }
    case 'slice': {
      const payload = utf8(claim.payload);
      // A continuation past P leaves a gap: the worker still holds exactly P.
      if (claim.start > 0 && (k === undefined || claim.start > k.P.length)) return 'keep';
      const head = k === undefined ? EMPTY : k.P.subarray(0, claim.start);
      // Bytes of unchanged content sent again do not make the worker forget the rest it holds.
      const end = claim.start + payload.length;
      if (
        k !== undefined &&
        k.against === content &&
        end < claim.total &&
        k.P.length > end &&
        sameBytes(k.P.subarray(claim.start, end), payload)
      )
        return { T: claim.total, P: k.P, against: content };
      return { T: claim.total, P: joined(head, payload, content), against: content };
    }
    case 'diff': {
      const r = patched(k, claim.patch, claim.lines);
      if (!r.ok) return 'keep';
      // Usually the patch gives the content: its bytes are already encoded (utf8 keeps them).
      return { T: claim.total, P: utf8(r.text === content ? content : r.text), against: content };
    }
    default:
      return 'keep';
  }
}

/**
 * head + payload. When they are the content's own first bytes (a truthful slice), a view of the
 * content's bytes instead of a copy: a file delivered in slices would copy its prefix each time.
 */
function joined(head: Buffer, payload: Buffer, content: string): Buffer {
  const C = utf8(content);
  const end = head.length + payload.length;
  if (
    end <= C.length &&
    sameBytes(head, C.subarray(0, head.length)) &&
    sameBytes(payload, C.subarray(head.length, end))
  )
    return C.subarray(0, end);
  return Buffer.concat([head, payload]);
}

/** Per worker, per request key. */
export class Knowledge {
  readonly #m = new Map<string, Map<string, Known>>();

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
    const r = afterClaim(this.get(worker, key), claim, text, content);
    if (r !== 'keep') this.set(worker, key, r);
  }

  /** forget(path) empties every key of that path; forget() everything of the worker. */
  forget(worker: string, path: string | undefined): void {
    const w = this.#m.get(worker);
    if (w === undefined) return;
    if (path === undefined) w.clear();
    else for (const key of [...w.keys()]) if (keyPath(key) === path) w.delete(key);
  }
}
