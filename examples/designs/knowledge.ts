/**
 * Not a design: the ledger the designs here keep, by the name the worker asked by and the request's
 * other arguments (a window is its own request). spec/SPEC.md "Knowledge" judges a claim against the
 * latest delivery that covers the request, under its name or of its file (`ctx.fs.realpath`) under
 * any name, so a design claims (pointer, diff, continuation) only from an entry no later delivery
 * superseded:
 * - `base`: a later delivery of the file under another name leaves no base (re-send: always true),
 *   unless it was the same request showing the same text;
 * - `given`: a delivery that showed all of its request lets go of the name's other requests whose
 *   lines it showed otherwise (a window that stopped at its limit may have reached the end: a whole
 *   entry goes, a partly delivered one stays and is judged by its own text).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { KitFs, ReadArgs } from 'readshim-conformance';

interface Entry<T> {
  readonly name: string;
  /** The request's other arguments, canonical. */
  readonly rest: string;
  readonly args: ReadArgs;
  /** The file's identity when delivered (undefined: the host cannot say). */
  readonly id: string | undefined;
  readonly seq: number;
  /** SHA-256 of the request's whole text. */
  readonly sha: string;
  /** All of that text was delivered (not only a part of it). */
  readonly whole: boolean;
  /** Lines of that text. */
  readonly lines: number;
  readonly value: T;
}

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
const plain = (x: ReadArgs): boolean => Object.keys(x).every((k) => k === 'path' || k === 'offset' || k === 'limit');

function requestOf(args: ReadArgs): { name: string; rest: string } {
  const { path, ...rest } = args;
  const sorted = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return { name: posix.normalize(path), rest: JSON.stringify(sorted) };
}

/** Whether request `a`, which just showed all of `text`, may have shown `e`'s lines otherwise (then `e` goes). */
const supersedes = (a: ReadArgs, text: string, e: Entry<unknown>): boolean =>
  showsOtherwise(a, text, e.args, e.sha, e.whole);

/**
 * Whether request `a`, which just showed all of `text`, may have shown the lines of request `b` (its
 * text's SHA-256 `bSha`, all of it delivered when `whole`) otherwise than `b` did: then `b`'s entry goes.
 */
export function showsOtherwise(a: ReadArgs, text: string, b: ReadArgs, bSha: string, whole: boolean): boolean {
  if (!plain(a) || !plain(b)) return true;
  const lines = linesOf(text);
  const fa = Math.max(1, a.offset ?? 1);
  const fb = Math.max(1, b.offset ?? 1);
  if (fb < fa) return false;
  const ended = a.limit === undefined || lines.length < a.limit || whole;
  if (!ended && (b.limit === undefined || fb + b.limit > fa + a.limit)) return false;
  const view = lines.slice(fb - fa, b.limit === undefined ? undefined : fb - fa + b.limit).join('');
  return sha(view) !== bSha;
}

/**
 * Whether `e`, a complete delivery of other arguments, may have shown every line of `own`'s request
 * (then it is the later view of them). A window that stopped at its limit may have reached the end:
 * that counts against a whole entry, not a partly delivered one (judged by its own text).
 */
function covers(e: Entry<unknown>, own: Entry<unknown>): boolean {
  if (!e.whole) return false;
  if (!plain(e.args) || !plain(own.args)) return true;
  const fe = Math.max(1, e.args.offset ?? 1);
  const fo = Math.max(1, own.args.offset ?? 1);
  if (fo < fe) return false;
  if (e.args.limit === undefined || e.lines < e.args.limit) return true;
  if (own.args.limit !== undefined && fo + own.args.limit <= fe + e.lines) return true;
  return e.lines === e.args.limit && own.whole;
}

export class Knowledge<T> {
  readonly #m = new Map<string, Entry<T>>();
  /** Entries replaced by a delivery of another file under their name: still deliveries of their file. */
  readonly #gone = new Map<string, Entry<T>>();
  #seq = 0;

  constructor(readonly fs: Pick<KitFs, 'realpath'>) {}

  #id(path: string): string | undefined {
    try {
      return this.fs.realpath?.(path);
    } catch {
      return undefined;
    }
  }

  /** What this design may claim the worker holds of `args` (the value last given), or undefined. */
  base(args: ReadArgs): T | undefined {
    const { name, rest } = requestOf(args);
    const own = this.#m.get(`${name}\u0000${rest}`);
    if (own === undefined) return undefined;
    const id = this.#id(args.path);
    if (id !== undefined)
      for (const e of [...this.#m.values(), ...this.#gone.values()])
        if (e.name !== name && e.id === id && e.seq > own.seq && (e.rest === rest ? e.sha !== own.sha : covers(e, own)))
          return undefined;
    return own.value;
  }

  /**
   * The worker was just given `args`'s text `text` (all of it, or with `whole` false a part of it),
   * recorded as `value`.
   */
  given(args: ReadArgs, text: string, value: T, whole = true): void {
    const { name, rest } = requestOf(args);
    const id = this.#id(args.path);
    const key = `${name}\u0000${rest}`;
    const drop = (k: string, e: Entry<T>): void => {
      this.#m.delete(k);
      if (e.id !== id) this.#gone.set(`${k}\u0000${e.id ?? ''}`, e);
    };
    const old = this.#m.get(key);
    if (old !== undefined) drop(key, old);
    if (whole) for (const [k, e] of [...this.#m]) if (e.name === name && supersedes(args, text, e)) drop(k, e);
    const lines = linesOf(text).length;
    this.#m.set(key, { name, rest, args: { ...args }, id, seq: ++this.#seq, sha: sha(text), whole, lines, value });
  }

  /** The ledger as JSON text, for a design that keeps it on the host's disk (values must be JSON). */
  toJSON(): string {
    return JSON.stringify({ seq: this.#seq, m: [...this.#m], gone: [...this.#gone] });
  }

  /** A ledger from `toJSON`'s text. */
  static fromJSON<T>(fs: Pick<KitFs, 'realpath'>, json: string): Knowledge<T> {
    const o = JSON.parse(json) as { seq: number; m: [string, Entry<T>][]; gone: [string, Entry<T>][] };
    const k = new Knowledge<T>(fs);
    k.#seq = o.seq;
    for (const [key, e] of o.m) k.#m.set(key, e);
    for (const [key, e] of o.gone) k.#gone.set(key, e);
    return k;
  }

  /** FORGET-RESETS: what was delivered under that name (spec 2.2: its name only), or everything. */
  forget(path?: string): void {
    const p = path === undefined ? undefined : posix.normalize(path);
    for (const m of [this.#m, this.#gone])
      for (const [k, e] of [...m]) if (p === undefined || e.name === p) m.delete(k);
  }
}
