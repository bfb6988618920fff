/**
 * What a design shim's worker was last given whole, kept as these designs key it: per request, under
 * the name it asked by. Spec/SPEC.md "Knowledge" judges a claim against the latest delivery that
 * covers the request, under that name or any name of the file (`ctx.fs.realpath`), so:
 * - a later read of the same name whose text shows the request's lines differently lets the entry go
 *   (a window that stopped at its limit reached the end if the disk has no line after it);
 * - a later delivery under another name of the file vetoes the entry as a base, unless it was the
 *   same request showing the same text (these designs never point across names: they re-send);
 * - an entry replaced by a delivery of another file under its name still vetoes for its own file.
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
 * What `shown` (the text of request `a`, all of it, reaching the end of the file when `ended`)
 * shows of request `b`; undefined when it did not show all of `b`'s lines.
 */
function viewOf(a: ReadArgs, shown: string, ended: boolean, b: ReadArgs): string | undefined {
  const fa = Math.max(1, a.offset ?? 1);
  const fb = Math.max(1, b.offset ?? 1);
  const lines = linesOf(shown);
  if (fb < fa) return undefined;
  if (!ended && (b.limit === undefined || fb + b.limit > fa + lines.length)) return undefined;
  const view = lines.slice(fb - fa);
  return (b.limit === undefined ? view : view.slice(0, b.limit)).join('');
}

export class Held<T> {
  readonly #m = new Map<string, Entry<T>>();
  /** Entries replaced by a delivery of another file under their name (still deliveries of their file). */
  readonly #gone = new Map<string, Entry<T>>();
  #seq = 0;

  /** `cut`: behind a host tool that bounds what a read returns (the disk cannot tell where a read ends). */
  constructor(
    readonly fs: KitFs,
    readonly cut = false,
  ) {}

  /**
   * Whether window `a` that showed `n` lines reached the end of what its file shows: below its limit,
   * or at it with no line after it on disk now; behind a host cut it may have (letting go is safe).
   */
  #ended(a: ReadArgs, n: number): boolean {
    if (a.limit === undefined || n < a.limit || this.cut) return true;
    try {
      return linesOf(this.fs.read(a.path)).length <= Math.max(1, a.offset ?? 1) - 1 + n;
    } catch {
      return true;
    }
  }

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
      for (const e of [...this.#m.values(), ...this.#gone.values()])
        if (e.name !== name && e.id === id && e.seq > own.seq && (e.rest !== rest || e.sha !== own.sha))
          return undefined;
    return own.value;
  }

  /** The worker now holds all of `args`'s text `text` (recorded as `value`): the latest delivery of it. */
  given(args: ReadArgs, text: string, value: T): void {
    const { name, rest } = requestOf(args);
    const id = this.#id(args.path);
    const ended = this.#ended(args, linesOf(text).length);
    const drop = (k: string, e: Entry<T>): void => {
      this.#m.delete(k);
      if (e.id !== id) this.#gone.set(`${k}\u0000${e.id ?? ''}`, e);
    };
    for (const [k, e] of [...this.#m]) {
      if (e.name !== name) continue;
      if (e.rest === rest) {
        drop(k, e);
        continue;
      }
      // A later delivery supersedes only what it covers whole; arguments other than a window: let go.
      if (!plain(args) || !plain(e.args)) drop(k, e);
      else {
        const view = viewOf(args, text, ended, e.args);
        if (view !== undefined && sha(view) !== e.sha) drop(k, e);
      }
    }
    this.#m.set(`${name}\u0000${rest}`, { name, rest, args: { ...args }, id, seq: ++this.#seq, sha: sha(text), value });
  }

  /** FORGET-RESETS: the entries asked under that name (spec 2.2: its name only), or all. */
  forget(path?: string): void {
    const p = path === undefined ? undefined : posix.normalize(path);
    for (const m of [this.#m, this.#gone])
      for (const [k, e] of [...m]) if (p === undefined || e.name === p) m.delete(k);
  }
}
