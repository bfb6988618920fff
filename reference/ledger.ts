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
        });
      this.#cursor = { path, args };
    }
    this.#put(path, args, entry);
  }

  #put(path: string, args: string, entry: Entry): void {
    let m = this.#byPath.get(path);
    if (m === undefined) this.#byPath.set(path, (m = new Map<string, Entry>()));
    m.set(args, entry);
  }

  /**
   * Spec 2.2 "Knowledge": a window from the first line that ended before its limit showed the whole
   * file, superseding what other requests of the path delivered whole. Their full entries (the bases
   * of a pointer or diff) go unless the window's text contains theirs. Partly delivered entries stay.
   */
  dropSuperseded(path: string, args: string, text: string): void {
    const m = this.#byPath.get(path);
    if (m === undefined) return;
    for (const [k, e] of m) if (k !== args && e.full !== undefined && !text.includes(e.full)) m.delete(k);
  }

  /** FORGET-RESETS: drop every key of one path, or everything. */
  forget(path?: string): void {
    if (path === undefined) this.#byPath.clear();
    else this.#byPath.delete(path);
  }

  /** Bytes of full texts held (memory: one copy per fully delivered file). */
  heldBytes(): number {
    let n = 0;
    // a full entry's `delivered` is its UTF-8 total (`full.length` would count UTF-16 units)
    for (const m of this.#byPath.values()) for (const e of m.values()) if (e.full !== undefined) n += e.delivered;
    return n;
  }
}
