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
