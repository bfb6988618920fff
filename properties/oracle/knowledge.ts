/**
 * What a worker holds, per request key, from the responses alone: K = (T, P) (KIT-DESIGN.md
 * "Oracle semantics"). The same class serves the truth and the shadow models.
 */
import type { Claim } from '../../core/claims.ts';
import { keyPath } from '../../core/paths.ts';
import { sameBytes, utf8, wire } from './bytes.ts';
import { applyStrict } from './strict-patch.ts';

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
 * K after a response: 'keep' when it delivers nothing, 'drop' when it cannot be applied (a
 * continuation past P, a diff that does not apply).
 */
export function afterClaim(k: Known | undefined, claim: Claim, text: string, content: string): Known | 'keep' | 'drop' {
  switch (claim.kind) {
    case 'verbatim': {
      const P = utf8(text);
      return { T: P.length, P, against: content };
    }
    case 'slice': {
      const payload = utf8(claim.payload);
      if (claim.start === 0) return { T: claim.total, P: payload, against: content };
      if (k === undefined || claim.start > k.P.length) return 'drop';
      return { T: claim.total, P: Buffer.concat([k.P.subarray(0, claim.start), payload]), against: content };
    }
    case 'diff': {
      const r = applyStrict((k?.P ?? Buffer.alloc(0)).toString('utf8'), wire(claim.patch));
      if (!r.ok) return 'drop';
      return { T: claim.total, P: utf8(r.text), against: content };
    }
    default:
      return 'keep';
  }
}

/** Per worker, per request key. */
export class Knowledge {
  readonly #m = new Map<string, Map<string, Known>>();

  get(worker: string, key: string): Known | undefined {
    return this.#m.get(worker)?.get(key);
  }

  set(worker: string, key: string, k: Known | undefined): void {
    let w = this.#m.get(worker);
    if (w === undefined) this.#m.set(worker, (w = new Map()));
    if (k === undefined) w.delete(key);
    else w.set(key, k);
  }

  apply(worker: string, key: string, claim: Claim, text: string, content: string): void {
    const r = afterClaim(this.get(worker, key), claim, text, content);
    if (r === 'keep') return;
    this.set(worker, key, r === 'drop' ? undefined : r);
  }

  /** forget(path) empties every key of that path; forget() everything of the worker. */
  forget(worker: string, path: string | undefined): void {
    const w = this.#m.get(worker);
    if (w === undefined) return;
    if (path === undefined) w.clear();
    else for (const key of [...w.keys()]) if (keyPath(key) === path) w.delete(key);
  }
}
