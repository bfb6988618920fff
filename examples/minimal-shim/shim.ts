/**
 * A small read shim that is not the reference: cap + pointer, keyed on delivery, with a reset
 * hook and counters. It shows what a third-party shim looks like to the kit.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';

export interface MiniShimOptions {
  readonly cap: number;
  readonly tag: string;
}

interface Seen {
  readonly digest: string;
  readonly given: number;
}

const digest = (b: Buffer): string => createHash('sha1').update(b).digest('hex');

/** Largest index ≤ i that does not split a UTF-8 sequence. */
function backToBoundary(b: Buffer, i: number): number {
  while (i > 0 && i < b.length && (b[i]! & 0xc0) === 0x80) i--;
  return i;
}

export class MiniShim {
  readonly #seen = new Map<string, Seen>();
  pointers = 0;
  cuts = 0;
  withheld = 0;

  constructor(readonly options: MiniShimOptions) {
    if (!Number.isInteger(options.cap) || options.cap < 4)
      throw new RangeError(`cap must be an integer >= 4, got ${String(options.cap)}`);
  }

  /** `text` is what the underlying read returned for `path` (+ `window`). */
  answer(path: string, window: string, text: string): string {
    const key = `${posix.normalize(path)}|${window}`;
    const buf = Buffer.from(text, 'utf8');
    const d = digest(buf);
    const prev = this.#seen.get(key);
    const from = prev !== undefined && prev.digest === d ? prev.given : 0;
    if (prev !== undefined && prev.digest === d && from >= buf.length) {
      this.pointers++;
      this.withheld += buf.length;
      return `<<${this.options.tag} same:${buf.length}>>`;
    }
    const to = backToBoundary(buf, Math.min(buf.length, from + this.options.cap));
    this.#seen.set(key, { digest: d, given: to });
    if (prev === undefined && from === 0 && to === buf.length) return text;
    if (to < buf.length) {
      this.cuts++;
      this.withheld += buf.length - to;
    }
    return `<<${this.options.tag} part:${from}:${to}:${buf.length}>>\n${buf.subarray(from, to).toString('utf8')}`;
  }

  reset(path?: string): void {
    if (path === undefined) this.#seen.clear();
    else for (const k of [...this.#seen.keys()]) if (k.startsWith(`${posix.normalize(path)}|`)) this.#seen.delete(k);
  }
}
