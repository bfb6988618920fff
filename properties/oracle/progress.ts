/**
 * PROGRESS, exactly (spec/SPEC.md "PROGRESS"): while the content is unchanged, a slice answering
 * the spelling the worker last read of that file ends past the prefix that spelling delivered, and
 * at or after the last line end within start + cap — or at min(T, start + cap − 3) when
 * (start, start + cap] holds no line end. "About a cap per slice" is an efficiency figure, not a rule.
 */

/** The least end a slice starting at `start` must reach (a whole rest that fits must be sent whole). */
export function progressFloor(content: Uint8Array, start: number, cap: number): number {
  const T = content.length;
  if (start + cap >= T) return T;
  for (let i = start + cap; i > start; i--) if (content[i - 1] === 0x0a) return i;
  return Math.min(T, start + cap - 3);
}

/** Where a slice "about a cap" long would end: min(T, start + cap − 3) (room for a 4-byte walk-back). */
export function fullSliceEnd(total: number, start: number, cap: number): number {
  return Math.min(total, start + cap - 3);
}

interface Spellings {
  /** The content these prefixes are of. */
  against: string;
  last: string;
  readonly prefix: Map<string, number>;
}

/** Per worker and request key: which spelling read last, and how far each spelling's own deliveries reach. */
export class SpellingTracker {
  readonly #m = new Map<string, Spellings>();

  /** The spelling read last and the prefix this spelling delivered, for content `C`. */
  get(wk: string, content: string, spelling: string): { last: string | undefined; prefix: number } {
    const s = this.#m.get(wk);
    if (s === undefined || s.against !== content) return { last: s?.last, prefix: 0 };
    return { last: s.last, prefix: s.prefix.get(spelling) ?? 0 };
  }

  /** Who else delivered bytes of this content (for naming an alias). */
  deliverers(wk: string, content: string, except: string): string[] {
    const s = this.#m.get(wk);
    if (s === undefined || s.against !== content) return [];
    return [...s.prefix.entries()].filter(([sp, p]) => sp !== except && p > 0).map(([sp]) => sp);
  }

  /** A response to `spelling` delivered bytes [start, end) of `content`. */
  delivered(wk: string, content: string, spelling: string, start: number, end: number): void {
    let s = this.#m.get(wk);
    if (s === undefined || s.against !== content) {
      s = { against: content, last: spelling, prefix: new Map() };
      this.#m.set(wk, s);
    }
    s.last = spelling;
    const p = s.prefix.get(spelling) ?? 0;
    if (start <= p && end > p) s.prefix.set(spelling, end);
  }

  /** A read of `spelling` that delivered nothing new (a pointer, a diff, an error). */
  touched(wk: string, spelling: string): void {
    const s = this.#m.get(wk);
    if (s !== undefined) s.last = spelling;
  }

  /** A fork: every entry of `from` (a worker's key prefix) copied under `to`'s (spec/SPEC.md "Forks and resumed sessions"). */
  fork(from: string, to: string): void {
    for (const [k, s] of [...this.#m])
      if (k.startsWith(from)) this.#m.set(to + k.slice(from.length), { ...s, prefix: new Map(s.prefix) });
  }

  forget(match: (wk: string) => boolean): void {
    for (const k of [...this.#m.keys()]) if (match(k)) this.#m.delete(k);
  }
}
