/** The per-worker delivery ledger (spec/SPEC.md "The delivery rule"). One instance per shim. */
import { createHash } from 'node:crypto';

export interface Entry {
  /** Bytes of the content handed to the worker, from byte 0. */
  readonly delivered: number;
  /** UTF-8 bytes of the content. */
  readonly total: number;
  /** UTF-16 index in the content where byte `delivered` falls (the next slice starts there). */
  readonly at: number;
  /** The full text, kept only while all of it was delivered (the transcript holds it anyway). */
  readonly full?: string;
  /** The text of the one partly delivered content being read through (see Ledger.set). */
  readonly kept?: string;
  /** Hash of the content, once a partly delivered entry's text is let go. */
  readonly hash?: string;
  /** The file's identity when it was delivered (ShimOptions.identify), if known. */
  readonly id?: string;
  /** Order of delivery within the worker (set by the ledger). */
  readonly seq?: number;
}

/** SHA-256 of the text's UTF-8 bytes. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

interface Key {
  readonly path: string;
  readonly args: string;
}

export class Ledger {
  readonly #byPath = new Map<string, Map<string, Entry>>();
  /** Identity → the names whose entries were delivered as that file (spec 2.2 "Knowledge"). */
  readonly #byId = new Map<string, Set<string>>();
  /** Deliveries a name's later delivery of another file replaced: they still count for their file. */
  readonly #retired = new Map<string, { name: string; args: string; e: Entry }[]>();
  #seq = 0;
  /** The one entry allowed to keep a partly delivered text (memory: one file per worker). */
  #cursor: Key | undefined;

  get(path: string, args: string): Entry | undefined {
    return this.#byPath.get(path)?.get(args);
  }

  /**
   * Records `entry`. An entry that keeps its text becomes the cursor; the previous cursor's text
   * is let go for its hash, so a worker holds at most one partly delivered text (a string
   * comparison per continuation instead of a hash of the whole file).
   */
  set(path: string, args: string, entry: Entry): void {
    if (entry.kept !== undefined) {
      const prev = this.#cursor;
      const old =
        prev === undefined || (prev.path === path && prev.args === args) ? undefined : this.get(prev.path, prev.args);
      if (prev !== undefined && old?.kept !== undefined)
        this.#put(prev.path, prev.args, {
          delivered: old.delivered,
          total: old.total,
          at: old.at,
          hash: contentHash(old.kept),
          ...(old.id !== undefined ? { id: old.id } : {}),
          ...(old.seq !== undefined ? { seq: old.seq } : {}),
        });
      this.#cursor = { path, args };
    }
    this.#put(path, args, entry);
  }

  #put(path: string, args: string, entry: Entry): void {
    let m = this.#byPath.get(path);
    if (m === undefined) this.#byPath.set(path, (m = new Map<string, Entry>()));
    const old = m.get(args);
    if (old?.id !== undefined && old.id !== entry.id) {
      const list = this.#retired.get(old.id) ?? [];
      this.#retired.set(old.id, [
        ...list.filter((r) => r.name !== path || r.args !== args),
        { name: path, args, e: old },
      ]);
    }
    m.set(args, { ...entry, seq: entry.seq ?? ++this.#seq });
    if (entry.id === undefined) return;
    let names = this.#byId.get(entry.id);
    if (names === undefined) this.#byId.set(entry.id, (names = new Set<string>()));
    names.add(path);
  }

  /**
   * The base of a claim about (path, args) (spec 2.2 "Knowledge": the latest delivery that covers
   * the request decides). This design keys by name: the request's own entry, unless a later delivery
   * of file `id` under another name covers it. The same request showing the same text is the base
   * if it showed more of it; any other that covers it and shows it otherwise leaves no base (re-send).
   */
  base(path: string, args: string, id: string | undefined): Entry | undefined {
    const own = this.get(path, args);
    if (own === undefined || id === undefined) return own;
    const later: [string, Entry][] = [];
    for (const name of this.#byId.get(id) ?? [])
      if (name !== path)
        for (const [k, e] of this.#byPath.get(name) ?? []) if (e.id === id && e.seq! > own.seq!) later.push([k, e]);
    for (const r of this.#retired.get(id) ?? []) if (r.e.seq! > own.seq!) later.push([r.args, r.e]);
    let base: Entry | undefined = own;
    for (const [k, e] of later.sort((a, b) => a[1].seq! - b[1].seq!)) {
      if (base === undefined) return undefined;
      if (k === args) base = !sameText(e, base) ? undefined : e.delivered > base.delivered ? e : base;
      else if (e.full !== undefined && covers(k, linesOf(e.full), args, base) === 'differs') base = undefined;
    }
    return base;
  }

  /**
   * Spec 2.2 "Knowledge": (path, args) just showed all of `text`, the latest delivery of every other
   * request of the path whose lines it showed. An entry it shows differently is let go (the worker
   * last saw those lines as `text` shows them), as is one it cannot be told about (not a window).
   */
  supersede(path: string, args: string, text: string): void {
    const m = this.#byPath.get(path);
    if (m === undefined || (m.size === 1 && m.has(args))) return;
    let lines: string[] | undefined;
    for (const [k, e] of [...m]) {
      if (k === args || covers(args, (lines ??= linesOf(text)), k, e) !== 'differs') continue;
      m.delete(k);
      if (this.#cursor?.path === path && this.#cursor.args === k) this.#cursor = undefined;
    }
  }

  /** FORGET-RESETS: drop every key of one path, or everything. */
  forget(path?: string): void {
    if (path === undefined) {
      this.#byPath.clear();
      this.#byId.clear();
      this.#retired.clear();
      return;
    }
    this.#byPath.delete(path); // its name only (spec 2.2)
    for (const [id, list] of this.#retired)
      this.#retired.set(
        id,
        list.filter((r) => r.name !== path),
      );
  }

  /** Bytes of full texts held (memory: one copy per fully delivered file). */
  heldBytes(): number {
    let n = 0;
    // a full entry's `delivered` is its UTF-8 total (`full.length` would count UTF-16 units)
    for (const m of this.#byPath.values()) for (const e of m.values()) if (e.full !== undefined) n += e.delivered;
    return n;
  }
}

/** A request's line window, from its canonical arguments (undefined: other arguments). */
function windowOf(args: string): { first: number; limit?: number } | undefined {
  const o = JSON.parse(args) as Record<string, unknown>;
  const { offset, limit, ...rest } = o;
  if (Object.keys(rest).length > 0) return undefined;
  if ((offset !== undefined && typeof offset !== 'number') || (limit !== undefined && typeof limit !== 'number'))
    return undefined;
  return { first: Math.max(1, offset ?? 1), ...(limit !== undefined ? { limit } : {}) };
}

/** The text's lines, each with its line end. */
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/**
 * Whether request `a`, whose text had `lines`, covers request `b` as entry `e` holds it: 'differs'
 * when it showed every line of `b` otherwise than `e` holds them (or cannot be told: not windows),
 * 'same' when it showed them as `e` does, 'no' when it did not show them all. A window that stopped
 * exactly at its limit may have reached the end of the file: for a whole entry that counts as the
 * end (letting it go only costs a re-send); a partly delivered one stays (its continuation is
 * judged against its own text, spec/SPEC.md PROGRESS).
 */
function covers(a: string, lines: string[], b: string, e: Entry): 'differs' | 'same' | 'no' {
  const wa = windowOf(a);
  const wb = windowOf(b);
  if (wa === undefined || wb === undefined) return 'differs';
  if (wb.first < wa.first) return 'no';
  const ended =
    wa.limit === undefined || lines.length < wa.limit || (lines.length === wa.limit && e.full !== undefined);
  const last = wa.first + lines.length; // one past the last line shown
  if (wb.limit === undefined ? !ended : wb.first + wb.limit > last && !ended) return 'no';
  const from = wb.first - wa.first;
  const view = lines.slice(from, wb.limit === undefined ? undefined : from + wb.limit).join('');
  return showsAs(e, view) ? 'same' : 'differs';
}

/** Whether two entries hold the same text (its whole or a prefix of it). */
function sameText(a: Entry, b: Entry): boolean {
  const ta = a.full ?? a.kept;
  const tb = b.full ?? b.kept;
  if (ta !== undefined && tb !== undefined) return ta === tb;
  return (a.hash ?? contentHash(ta!)) === (b.hash ?? contentHash(tb!));
}

/** Whether the entry holds `view` as its request's text. */
function showsAs(e: Entry, view: string): boolean {
  if (e.full !== undefined) return e.full === view;
  if (e.kept !== undefined) return e.kept === view;
  return e.hash === contentHash(view);
}
