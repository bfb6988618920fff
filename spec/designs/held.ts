/**
 * What a design shim's worker was last given whole, kept as these designs key it: per request, under
 * the name it asked by. Spec/SPEC.md "Knowledge" judges a claim against the latest delivery that
 * covers the request, under that name or any name of the file (`ctx.fs.realpath`), so:
 * - a later read of the same name whose text shows the request's lines differently lets the entry go;
 * - a later delivery under another name of the file vetoes the entry as a base, unless it was the
 *   same request showing the same text (these designs never point across names: they re-send).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { KitFs, ReadArgs } from '../../src/core/contract.ts';

interface Entry<T> {
  readonly name: string;
  /** The request's other arguments, canonical. */
  readonly rest: string;
  readonly args: ReadArgs;
  readonly id: string | undefined;
  readonly seq: number;
  /** SHA-256 of the text shown. */
  readonly sha: string;
  readonly value: T;
}

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** The name as asked, and the other arguments sorted (a window is its own request). */
function requestOf(args: ReadArgs): { name: string; rest: string } {
  const { path, ...rest } = args;
  const sorted = Object.fromEntries(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { name: posix.normalize(path), rest: JSON.stringify(sorted) };
}

const plain = (x: ReadArgs): boolean => Object.keys(x).every((k) => k === 'path' || k === 'offset' || k === 'limit');

/** The text's lines (each with its `\n`). */
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/**
 * What `shown` (the text of request `a`) shows of request `b`, when `a` provably showed all of it;
 * undefined when it did not or cannot be told (then the entry is let go: the safe side).
 */
function viewOf(a: ReadArgs, shown: string, b: ReadArgs): string | undefined {
  if (!plain(a) || !plain(b)) return undefined;
  const lines = linesOf(shown);
  const fa = Math.max(1, a.offset ?? 1);
  const fb = Math.max(1, b.offset ?? 1);
  const reachedEnd = a.limit === undefined || lines.length < a.limit;
  if (fb < fa) return undefined;
  if (b.limit === undefined) return reachedEnd ? lines.slice(fb - fa).join('') : undefined;
  if (!reachedEnd && fb + b.limit > fa + a.limit!) return undefined;
  return lines.slice(fb - fa, fb - fa + b.limit).join('');
}

export class Held<T> {
  readonly #m = new Map<string, Entry<T>>();
  #seq = 0;

  constructor(readonly fs: KitFs) {}

  /** The host's identity of the file a path names now (undefined: the host cannot say, or no file). */
  #id(path: string): string | undefined {
    try {
      return this.fs.realpath?.(path);
    } catch {
      return undefined;
    }
  }

  /** What the worker holds of `args` (the value last given), if this design may claim it. */
  base(args: ReadArgs): T | undefined {
    const { name, rest } = requestOf(args);
    const own = this.#m.get(`${name}\u0000${rest}`);
    if (own === undefined) return undefined;
    const id = this.#id(args.path);
    if (id !== undefined)
      for (const e of this.#m.values())
        if (e.name !== name && e.id === id && e.seq > own.seq && (e.rest !== rest || e.sha !== own.sha))
          return undefined;
    return own.value;
  }

  /** The worker now holds all of `args`'s text `text` (recorded as `value`): the latest delivery of it. */
  given(args: ReadArgs, text: string, value: T): void {
    const { name, rest } = requestOf(args);
    for (const [k, e] of [...this.#m]) {
      if (e.name !== name || e.rest === rest) continue;
      const view = viewOf(args, text, e.args);
      // A later delivery supersedes only what it covers whole; arguments other than a window: let go.
      if (view === undefined ? !plain(args) || !plain(e.args) : sha(view) !== e.sha) this.#m.delete(k);
    }
    const entry = { name, rest, args: { ...args }, id: this.#id(args.path), seq: ++this.#seq, sha: sha(text), value };
    this.#m.set(`${name}\u0000${rest}`, entry);
  }

  /** FORGET-RESETS: the entries asked under that name (spec 2.2: its name only), or all. */
  forget(path?: string): void {
    const p = path === undefined ? undefined : posix.normalize(path);
    for (const [k, e] of [...this.#m]) if (p === undefined || e.name === p) this.#m.delete(k);
  }
}
