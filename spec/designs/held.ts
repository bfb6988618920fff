/**
 * What a design shim's worker was last given whole, as spec/SPEC.md "Knowledge" counts it: per
 * request, under the name it asked by, with the file's identity then (`ctx.fs.realpath`). The base
 * of a claim is the latest of the request's own entry and the same request's entries under the
 * file's other names. A read is a later delivery of every other request of the file whose lines it
 * may have shown (a window from line 1 may show the whole file; a whole read shows every window):
 * their entries are let go, since a superseded delivery never counts.
 */
import { posix } from 'node:path';
import type { KitFs, ReadArgs } from '../../src/core/contract.ts';

interface Entry<T> {
  readonly name: string;
  /** The request's other arguments, canonical. */
  readonly rest: string;
  readonly args: ReadArgs;
  readonly id: string | undefined;
  readonly seq: number;
  readonly value: T;
}

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

/** The 1-based first line a request shows. */
const firstLine = (a: ReadArgs): number => Math.max(1, a.offset ?? 1);

/** Whether `a` may show every line `b` shows: false only when it provably cannot (other arguments: it may). */
function mayCover(a: ReadArgs, b: ReadArgs): boolean {
  const plain = (x: ReadArgs): boolean => Object.keys(x).every((k) => k === 'path' || k === 'offset' || k === 'limit');
  if (!plain(a) || !plain(b)) return true;
  return firstLine(a) <= firstLine(b) && (a.limit === undefined || firstLine(a) + a.limit > firstLine(b));
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

  /** What the worker holds of `args` (the value last given), if anything. */
  base(args: ReadArgs): T | undefined {
    const { name, rest } = requestOf(args);
    const id = this.#id(args.path);
    let best = this.#m.get(`${name}\u0000${rest}`);
    if (id !== undefined)
      for (const e of this.#m.values())
        if (e.name !== name && e.rest === rest && e.id === id && (best === undefined || e.seq > best.seq)) best = e;
    return best?.value;
  }

  /** The worker now holds all of `args`'s text (`value`): the latest delivery of it and of what it may cover. */
  given(args: ReadArgs, value: T): void {
    const { name, rest } = requestOf(args);
    const id = this.#id(args.path);
    for (const [k, e] of [...this.#m])
      if (e.rest !== rest && (e.name === name || (id !== undefined && e.id === id)) && mayCover(args, e.args))
        this.#m.delete(k);
    this.#m.set(`${name}\u0000${rest}`, { name, rest, args: { ...args }, id, seq: ++this.#seq, value });
  }

  /** FORGET-RESETS: the entries asked under that name (spec 2.2: its name only), or all. */
  forget(path?: string): void {
    const p = path === undefined ? undefined : posix.normalize(path);
    for (const [k, e] of [...this.#m]) if (p === undefined || e.name === p) this.#m.delete(k);
  }
}
