/** The per-worker delivery ledger (READ-SHIM-CONTRACT.md §2). One instance per shim. */
import { createHash } from 'node:crypto';

export interface Entry {
  /** Hash of the content this entry is about. */
  readonly hash?: string;
  /** Bytes of that content handed to the worker, from byte 0. */
  readonly delivered: number;
  /** The full text, kept only while all of it was delivered (the transcript holds it anyway). */
  readonly full?: string;
}

export function contentHash(buf: Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex');
}

export class Ledger {
  readonly #byPath = new Map<string, Map<string, Entry>>();

  get(path: string, args: string): Entry | undefined {
    return this.#byPath.get(path)?.get(args);
  }

  set(path: string, args: string, entry: Entry): void {
    let m = this.#byPath.get(path);
    if (m === undefined) this.#byPath.set(path, (m = new Map()));
    m.set(args, entry);
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
