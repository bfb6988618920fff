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
  /** Identity → the paths whose entries were delivered as that file (spec 2.2 "Knowledge"). */
  readonly #byId = new Map<string, Set<string>>();
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
    if (entry.full !== undefined) this.shown(path, args, entry.id, entry.full);
  }

  /**
   * The worker was just given all of (path, args)'s `text`: a later complete delivery than any entry
   * of the file under other arguments whose lines it may have shown (a window from line 1 may show
   * the whole file; a whole read shows every window), so such an entry is no longer the base of a
   * claim (spec/SPEC.md "Knowledge": a superseded delivery never counts). Kept only when its lines
   * of `text` are the text it holds.
   */
  shown(path: string, args: string, id: string | undefined, text: string): void {
    const names = new Set([path, ...(id === undefined ? [] : (this.#byId.get(id) ?? []))]);
    for (const name of names) {
      const m = this.#byPath.get(name);
      if (m === undefined) continue;
      for (const [other, e] of [...m]) {
        if (other === args || (name !== path && e.id !== id) || !mayCover(args, other)) continue;
        if (showsSame(e, viewOf(text, args, other)) || agreesWhereBothShow(e, text, args, other)) continue;
        m.delete(other);
        if (this.#cursor?.path === name && this.#cursor.args === other) this.#cursor = undefined;
      }
    }
  }

  #put(path: string, args: string, entry: Entry): void {
    let m = this.#byPath.get(path);
    if (m === undefined) this.#byPath.set(path, (m = new Map<string, Entry>()));
    m.set(args, { ...entry, seq: entry.seq ?? ++this.#seq });
    if (entry.id === undefined) return;
    let names = this.#byId.get(entry.id);
    if (names === undefined) this.#byId.set(entry.id, (names = new Set<string>()));
    names.add(path);
  }

  /**
   * The base a claim about (path, args) is made against (spec 2.2 "Knowledge"): the latest of the
   * request's own entry and the complete deliveries of the same request under another name of the
   * file `id` names now.
   */
  latest(path: string, args: string, id: string | undefined): Entry | undefined {
    let best = this.get(path, args);
    if (id === undefined) return best;
    for (const other of this.#byId.get(id) ?? []) {
      if (other === path) continue;
      const e = this.get(other, args);
      if (e?.id === id && e.full !== undefined && (best === undefined || e.seq! > best.seq!)) best = e;
    }
    return best;
  }

  /** FORGET-RESETS: drop every key of one path (its name only, spec 2.2), or everything. */
  forget(path?: string): void {
    if (path === undefined) {
      this.#byPath.clear();
      this.#byId.clear();
    } else this.#byPath.delete(path);
  }

  /** Bytes of full texts held (memory: one copy per fully delivered file). */
  heldBytes(): number {
    let n = 0;
    // a full entry's `delivered` is its UTF-8 total (`full.length` would count UTF-16 units)
    for (const m of this.#byPath.values()) for (const e of m.values()) if (e.full !== undefined) n += e.delivered;
    return n;
  }
}

/** A request's line window, from its canonical arguments (undefined: arguments other than a window). */
function windowOf(args: string): { offset: number; limit?: number } | undefined {
  let o: unknown;
  try {
    o = JSON.parse(args);
  } catch {
    return undefined;
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return undefined;
  const { offset, limit, ...rest } = o as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  if (offset !== undefined && typeof offset !== 'number') return undefined;
  if (limit !== undefined && typeof limit !== 'number') return undefined;
  return { offset: Math.max(1, offset ?? 1), ...(limit !== undefined ? { limit } : {}) };
}

/**
 * The lines of `text` (what `args` showed) that `other` shows, if `args` showed all of them; undefined
 * when the requests are not plain windows.
 */
function viewOf(text: string, args: string, other: string): string | undefined {
  const a = windowOf(args);
  const b = windowOf(other);
  if (a === undefined || b === undefined) return undefined;
  let from = 0;
  for (let n = a.offset; n < b.offset && from < text.length; n++) {
    const nl = text.indexOf('\n', from);
    from = nl === -1 ? text.length : nl + 1;
  }
  let to = from;
  for (let n = 0; (b.limit === undefined || n < b.limit) && to < text.length; n++) {
    const nl = text.indexOf('\n', to);
    to = nl === -1 ? text.length : nl + 1;
  }
  return text.slice(from, to);
}

/** A text's rows, without their line ends. */
function rowsOf(text: string): string[] {
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  return rows;
}

/**
 * A window that stopped at its limit may not have reached the file's end, so it need not have shown
 * every line of `other`: kept when the lines both show agree (the file as the entry holds it).
 */
function agreesWhereBothShow(e: Entry, text: string, args: string, other: string): boolean {
  const a = windowOf(args);
  const b = windowOf(other);
  if (a?.limit === undefined || b === undefined) return false;
  const shown = rowsOf(text);
  if (shown.length < a.limit) return false; // it reached the end: it showed every line of `other`
  const held = e.full ?? e.kept;
  // A partly delivered text let go for its hash cannot be compared: its progress is kept (PROGRESS).
  if (held === undefined) return true;
  const mine = rowsOf(held);
  const end = Math.min(a.offset + a.limit, b.limit === undefined ? Infinity : b.offset + b.limit);
  for (let line = b.offset; line < end; line++) if (shown[line - a.offset] !== mine[line - b.offset]) return false;
  return true;
}

/** Whether an entry holds exactly `view` (a text let go compares by hash). */
function showsSame(e: Entry, view: string | undefined): boolean {
  if (view === undefined) return false;
  const held = e.full ?? e.kept;
  return held !== undefined ? held === view : e.hash === contentHash(view);
}

/** Whether the lines `args` shows may include every line `other` shows: false only when it provably cannot. */
function mayCover(args: string, other: string): boolean {
  const a = windowOf(args);
  const b = windowOf(other);
  if (a === undefined || b === undefined) return true;
  return a.offset <= b.offset && (a.limit === undefined || a.offset + a.limit > b.offset);
}
