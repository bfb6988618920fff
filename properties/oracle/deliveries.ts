/**
 * What a worker holds, as deliveries (spec/SPEC.md "Knowledge"): every response a worker was given
 * is kept under the name it asked by, the file identity then, the request and the text it showed.
 * A claim about request R is judged against the latest live delivery that covers R, among those
 * made under R's name or of R's identity now. The same class serves the truth and the shadows.
 */
import type { Claim } from '../../src/core/claims.ts';
import type { ShownRow } from '../../src/harness/host-tool.ts';
import { requestKey } from '../../src/core/paths.ts';
import { sameBytes } from './bytes.ts';
import { OracleMemo, type Known } from './knowledge.ts';

/** One request as the oracle judges it. */
export interface Req {
  readonly worker: string;
  /** The name it was requested under (World.nameOf: resolved, case folded where declared, links not followed). */
  readonly name: string;
  /** Canonical JSON of the other arguments ('{}' for a whole read). */
  readonly argsKey: string;
  readonly offset?: number;
  readonly limit?: number;
  /** The file's identity now (World.realpath; the name when there is none). */
  readonly identity: string;
  /** The identity's text now (World.versionOf): undefined for bytes that are not text or no file. */
  readonly version: string | undefined;
  /** The host tool's text for R now. */
  readonly content: string;
  /** The event index (later deliveries have larger ones). */
  readonly seq: number;
}

/** A request's other arguments as the model keys them (requestKey's, without the path) and its window. */
export function requestArgs(args: Readonly<Record<string, unknown>> | undefined): {
  argsKey: string;
  offset?: number;
  limit?: number;
} {
  const key = requestKey('.', args);
  const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
  const offset = num(args?.offset);
  const limit = num(args?.limit);
  return {
    argsKey: key.slice(key.indexOf('\u0000') + 1),
    ...(offset !== undefined ? { offset } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

/** What the host tool shows of a version: a request's text and its rows (built from the history's bound). */
export interface HostView {
  text(version: string, offset: number | undefined, limit: number | undefined): string;
  rows(version: string, offset: number | undefined, limit: number | undefined): readonly ShownRow[];
}

/** One delivery to one worker: what it holds of one (name, request, identity). */
export interface Holding {
  readonly name: string;
  readonly argsKey: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly identity: string;
  readonly version: string | undefined;
  readonly seq: number;
  readonly known: Known;
  /** The whole text the request showed at `version`, byte for byte: only such a delivery covers another request. */
  readonly complete: boolean;
}

/** Which delivery K came from (a verdict that moved names it). */
export type Source = 'own' | 'covering';

export interface Backed {
  readonly known: Known;
  readonly from: Holding;
  readonly source: Source;
}

/**
 * How a model judges (the spec's, by default). `covering: false` judges as spec 2.1 did: only a
 * request's own deliveries back it (the verdict-move report judges old traces both ways).
 */
export interface DeliveryRules {
  readonly covering?: boolean;
}

/** One worker's live deliveries, indexed by name and by identity (each list in delivery order). */
interface Ledger {
  readonly byName: Map<string, Holding[]>;
  readonly byIdentity: Map<string, Holding[]>;
}

/** Delivery order across workers (a fork's copies keep their places). */
const ORDER = new WeakMap<Holding, number>();
let delivered = 0;

const add = (m: Map<string, Holding[]>, key: string, h: Holding): void => {
  const l = m.get(key);
  if (l === undefined) m.set(key, [h]);
  else l.push(h);
};
const drop = (m: Map<string, Holding[]>, key: string, gone: (h: Holding) => boolean): void => {
  const l = m.get(key)?.filter((h) => !gone(h));
  if (l === undefined || l.length === 0) m.delete(key);
  else m.set(key, l);
};
const byOrder = (a: Holding, b: Holding): number => ORDER.get(a)! - ORDER.get(b)!;

export class Deliveries {
  readonly #m = new Map<string, Ledger>();

  constructor(
    readonly memo: OracleMemo,
    readonly host: HostView,
    readonly rules: DeliveryRules = {},
  ) {}

  /** K for R: undefined when the worker holds none of it. */
  backing(r: Req): Known | undefined {
    return this.backed(r)?.known;
  }

  /** The worker's deliveries under R's name or of R's identity, in delivery order. */
  #candidates(r: Req): readonly Holding[] {
    const l = this.#m.get(r.worker);
    if (l === undefined) return [];
    const named = l.byName.get(r.name) ?? [];
    const same = (l.byIdentity.get(r.identity) ?? []).filter((h) => h.name !== r.name);
    return same.length === 0 ? named : [...named, ...same].sort(byOrder);
  }

  /**
   * K for R and the delivery it came from: the latest candidate that covers R decides; an older
   * view of the very same text is not shortened by a later partial re-send of it.
   */
  backed(r: Req): Backed | undefined {
    let best: Backed | undefined;
    const views: Backed[] = [];
    for (const h of this.#candidates(r)) {
      const v = this.#view(h, r);
      if (v === undefined) continue;
      views.push(v);
      if (best === undefined || h.seq > best.from.seq) best = v;
    }
    if (best === undefined) return undefined;
    for (const v of views) {
      const k = v.known;
      const b = best.known;
      if (
        k.against === b.against &&
        k.prefix.length > b.prefix.length &&
        sameBytes(k.prefix.subarray(0, b.prefix.length), b.prefix)
      )
        best = v;
    }
    return best;
  }

  /** Whether the worker holds any of R from a delivery made under R's own name (spec/SPEC.md "Blame"). */
  heldByName(r: Req): boolean {
    return (this.#m.get(r.worker)?.byName.get(r.name) ?? []).some((h) => this.#view(h, r) !== undefined);
  }

  /** h seen from R: its own request, or R's text at h's version when h showed every row of it. */
  #view(h: Holding, r: Req): Backed | undefined {
    if (h.argsKey === r.argsKey) return { known: h.known, from: h, source: 'own' };
    if (!h.complete || h.version === undefined || this.rules.covering === false) return undefined;
    const mine = this.host.rows(h.version, h.offset, h.limit);
    const theirs = this.host.rows(h.version, r.offset, r.limit);
    if (!covers(mine, theirs)) return undefined;
    const text = this.host.text(h.version, r.offset, r.limit);
    const P = this.memo.utf8(text);
    return { known: { total: P.length, prefix: P, against: text }, from: h, source: 'covering' };
  }

  /** A response to R, lie or not: R's own delivery becomes what the worker holds after it. */
  apply(r: Req, claim: Claim, text: string): void {
    const next = this.memo.afterClaim(this.backing(r), claim, text, r.content);
    if (next !== 'keep') this.set(r, next);
  }

  #ledger(worker: string): Ledger {
    let l = this.#m.get(worker);
    if (l === undefined) this.#m.set(worker, (l = { byName: new Map(), byIdentity: new Map() }));
    return l;
  }

  /** R's own delivery is now `k` (undefined: removed). */
  set(r: Req, k: Known | undefined): void {
    const l = this.#ledger(r.worker);
    const gone = (h: Holding): boolean => h.name === r.name && h.argsKey === r.argsKey && h.identity === r.identity;
    drop(l.byName, r.name, gone);
    drop(l.byIdentity, r.identity, gone);
    if (k === undefined) return;
    const complete = k.prefix.length === k.total && sameBytes(k.prefix, this.memo.utf8(r.content));
    const h: Holding = {
      name: r.name,
      argsKey: r.argsKey,
      ...(r.offset !== undefined ? { offset: r.offset } : {}),
      ...(r.limit !== undefined ? { limit: r.limit } : {}),
      identity: r.identity,
      version: r.version,
      seq: r.seq,
      known: k,
      complete,
    };
    ORDER.set(h, delivered++);
    add(l.byName, h.name, h);
    add(l.byIdentity, h.identity, h);
  }

  /** forget(name) removes the worker's deliveries made under that name; forget() all of them. */
  forget(worker: string, name: string | undefined): void {
    if (name === undefined) {
      this.#m.delete(worker);
      return;
    }
    const l = this.#m.get(worker);
    const named = l?.byName.get(name);
    if (l === undefined || named === undefined) return;
    l.byName.delete(name);
    for (const id of new Set(named.map((h) => h.identity))) drop(l.byIdentity, id, (h) => h.name === name);
  }

  /** A fork (spec/SPEC.md "Forks and resumed sessions"): the child holds what the parent holds now. */
  fork(parent: string, child: string): void {
    const l = this.#m.get(parent);
    // Holdings are never changed in place: the copies share them.
    const copy = (m: Map<string, Holding[]>): Map<string, Holding[]> => new Map([...m].map(([k, v]) => [k, [...v]]));
    if (l === undefined) this.#m.delete(child);
    else this.#m.set(child, { byName: copy(l.byName), byIdentity: copy(l.byIdentity) });
  }

  /** Every live delivery of a worker, in delivery order (tests, pictures). */
  of(worker: string): readonly Holding[] {
    const l = this.#m.get(worker);
    return l === undefined ? [] : [...l.byName.values()].flat().sort(byOrder);
  }
}

/**
 * Every row R shows is a whole row h showed, at the same line number, byte for byte; R's last row
 * may be a start of h's (R cut it, or `split` shows a window's last row without its "\n").
 */
export function covers(h: readonly ShownRow[], r: readonly ShownRow[]): boolean {
  if (r.length === 0 || h.length === 0) return false;
  const first = h[0]!.line;
  return r.every((x, i) => {
    const y = h[x.line - first];
    if (y === undefined || y.line !== x.line || !y.whole) return false;
    return i === r.length - 1 ? y.text.startsWith(x.text) : y.text === x.text;
  });
}

/**
 * A HostView over one history's bound (rows and texts memoised per version and window: one read asks
 * several times). 64 entries: a read is weighed against every delivery of its file the worker holds (two
 * windows each), and a smaller ring, asked in a cycle longer than itself, never hit.
 */
export function hostView(
  text: (content: string, offset: number | undefined, limit: number | undefined) => string,
  rows: (content: string, offset: number | undefined, limit: number | undefined) => readonly ShownRow[],
): HostView {
  const memo: { version: string; offset?: number; limit?: number; rows: readonly ShownRow[] }[] = [];
  let next = 0;
  const texts: { version: string; offset?: number; limit?: number; text: string }[] = [];
  let nextText = 0;
  return {
    text(version, offset, limit) {
      for (const m of texts) if (m.offset === offset && m.limit === limit && m.version === version) return m.text;
      const out = text(version, offset, limit);
      texts[nextText] = { version, offset, limit, text: out };
      nextText = (nextText + 1) % 64;
      return out;
    },
    rows(version, offset, limit) {
      for (const m of memo) if (m.offset === offset && m.limit === limit && m.version === version) return m.rows;
      const out = rows(version, offset, limit);
      memo[next] = { version, offset, limit, rows: out };
      next = (next + 1) % 64;
      return out;
    },
  };
}
