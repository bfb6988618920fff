/**
 * The careful ledger every shortcut in this folder is built on, and the one shortcut each takes.
 *
 * The truthful design (levers: pointer; with `diff`: pointer + diff; optionally a batch read tool,
 * or a host tool that returns a binary file's bytes):
 * - one ledger per worker, made in `create` (nothing module-level);
 * - keyed on delivery: the SHA-256 of the text handed over whole, per request key — the file as the
 *   host identifies it (`ctx.fs.realpath`: links followed) plus the other arguments, keys sorted (a
 *   window is its own request);
 * - the tool is called on every read and its output compared with what was handed over; a tool
 *   error rejects and records nothing;
 * - `forget(path)` drops every request of that file under any name; `forget()` drops everything.
 *
 * A `Shortcut` changes one thing, and only under its condition: it answers "unchanged" without
 * calling the tool (or records what it did not hand over). Each is what a careful implementer does
 * to save time; each is a lie the kit must catch (docs/reference/session-band.md).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { formatPatch, OMIT_HEADERS, structuredPatch } from 'diff';
import {
  defineAdapter,
  defineBytesAdapter,
  type AdapterContext,
  type BatchPart,
  type BytesShimAdapter,
  type Capabilities,
  type Claim,
  type ReadArgs,
  type ShimAdapter,
  type ToolOutput,
} from 'readshim-conformance';

export type Shortcut =
  /** A bounded ledger of `entries` requests; an evicted request falls back to the file's stat. */
  | { readonly kind: 'lru-stat'; readonly entries: number }
  /** Whole reads over `minBytes` fingerprinted by three `block`-byte samples (first, middle, last) and the size. */
  | { readonly kind: 'sampled-big'; readonly minBytes: number; readonly block: number }
  /** Whole reads over `minBytes` trusted on the stat alone. */
  | { readonly kind: 'stat-big'; readonly minBytes: number }
  /** After `pointers` pointers in a row for a request, it is trusted on its stat. */
  | { readonly kind: 'stat-after-pointers'; readonly pointers: number }
  /** Once a worker has read `reads` times, every request it holds is trusted on its stat. */
  | { readonly kind: 'stat-after-reads'; readonly reads: number }
  /** forget(path) drops the path's whole-file request, not its line windows. */
  | { readonly kind: 'forget-misses-windows' }
  /** forget(path) follows links: it drops what was read under the file's real name, not under the link's own name. */
  | { readonly kind: 'forget-misses-links' }
  /** A batch call with an output budget: the part that crosses it is cut silently, recorded whole. */
  | { readonly kind: 'batch-budget'; readonly bytes: number }
  /** The batch tool's own cache, which forget(path) does not reach (forget() does). */
  | { readonly kind: 'batch-cache-forget' }
  /** A binary fingerprinted by its size and its first `block` bytes. */
  | { readonly kind: 'binary-head'; readonly block: number }
  /** Text hashed ASCII-folded (every character outside ASCII as '?'), beside its UTF-8 size. */
  | { readonly kind: 'ascii-fold' }
  /** Text hashed after Unicode normalisation to NFC. */
  | { readonly kind: 'nfc' }
  /** A window read of a file over `minBytes` refreshes the whole file's diff base from the disk. */
  | { readonly kind: 'diff-base-from-disk'; readonly minBytes: number }
  /** A window's fingerprint taken from the disk after the tool returned. */
  | { readonly kind: 'window-fp-from-disk' }
  /** Files with these extensions keyed on their stat. */
  | { readonly kind: 'ext-stat'; readonly exts: readonly string[] }
  /** Whole reads fingerprinted by size, mtime in whole seconds and a hash of the first `prefix` bytes, from the disk. */
  | { readonly kind: 'prefix-hash'; readonly prefix: number }
  /** Text hashed with CRLF folded to LF. */
  | { readonly kind: 'crlf-hash' }
  /** Text hashed with every line's trailing blanks trimmed (`sized`: the UTF-8 size beside it). */
  | { readonly kind: 'trim-hash'; readonly sized?: boolean };

export interface LedgerOptions {
  readonly name: string;
  /** The shortcut taken; undefined: the truthful twin. */
  readonly shortcut?: Shortcut;
  /** The diff lever too (levers pointer + diff). */
  readonly diff?: boolean;
  /** A batch read tool (capabilities.batch, readMany). */
  readonly batch?: boolean;
  /** The host tool returns a binary file's bytes (capabilities.tool.binary = 'bytes'). */
  readonly binary?: boolean;
}

const sha = (...parts: (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** The size the kit judges: UTF-8 bytes of text, the base64 text of bytes. */
const judgedSize = (out: ToolOutput): number =>
  typeof out === 'string' ? Buffer.byteLength(out, 'utf8') : 4 * Math.ceil(out.length / 3);

/** The other arguments of a request, keys sorted: a window is its own request. */
function argsOf(args: ReadArgs): string {
  const rest = Object.keys(args)
    .filter((k) => k !== 'path' && args[k] !== undefined)
    .sort();
  return JSON.stringify(rest.map((k) => [k, args[k]]));
}

/** Lines [offset, offset + limit) of a text, 1-based, endings kept. */
function windowOf(text: string, offset = 1, limit = Number.POSITIVE_INFINITY): string {
  let at = 0;
  for (let row = 1; row < offset && at < text.length; row++) {
    const nl = text.indexOf('\n', at);
    at = nl === -1 ? text.length : nl + 1;
  }
  let end = at;
  for (let k = 0; k < limit && end < text.length; k++) {
    const nl = text.indexOf('\n', end);
    end = nl === -1 ? text.length : nl + 1;
  }
  return text.slice(at, end);
}

/** The longest prefix of `s` (whole code points) within `max` UTF-8 bytes. */
function takeBytes(s: string, max: number): string {
  const b = Buffer.from(s, 'utf8');
  if (b.length <= max) return s;
  let end = max;
  while (end > 0 && (b[end]! & 0xc0) === 0x80) end--;
  return b.subarray(0, end).toString('utf8');
}

const stub = (bytes: number): string => `File unchanged since last read (${bytes} bytes).`;
const STUB = /^File unchanged since last read \((\d+) bytes\)\.$/;
const DIFF_HEAD = /^File changed since last read \(now (\d+) bytes\); the change against the version you hold:\n/;

function diffResponse(path: string, before: string, after: string): string | undefined {
  const p = structuredPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, {
    context: 3,
    maxEditLength: 200,
  });
  if (p === undefined) return undefined;
  const patch = `--- a/${path}\n+++ b/${path}\n${formatPatch(p, OMIT_HEADERS)}`;
  return `File changed since last read (now ${Buffer.byteLength(after)} bytes); the change against the version you hold:\n${patch}`;
}

interface Stat {
  readonly mtimeMs: number;
  readonly size: number;
}
const statEq = (a: Stat | undefined, b: Stat | undefined): boolean =>
  a !== undefined && b !== undefined && a.mtimeMs === b.mtimeMs && a.size === b.size;

interface Entry {
  readonly key: string;
  readonly file: string;
  readonly args: string;
  /** The names (resolved spellings) this request was handed over under. */
  readonly names: Set<string>;
  /** The design's fingerprint of what was handed over whole. */
  fp: string;
  bytes: number;
  /** The text itself (the diff base), kept by the diff design only. */
  text?: string;
  /** The file's stat taken just before the read that delivered (or confirmed) it. */
  stat?: Stat;
  pointersInRow: number;
  /** sampled-big and prefix-hash: their fingerprint of what was handed over. */
  sample?: string;
}

/** What the ledger reads of the disk (the shortcuts that look there instead of calling the tool). */
class Disk {
  constructor(private readonly ctx: AdapterContext<ToolOutput>) {}
  stat(path: string): Stat | undefined {
    try {
      const s = this.ctx.fs.stat(path);
      return { mtimeMs: s.mtimeMs, size: s.size };
    } catch {
      return undefined;
    }
  }
  bytes(path: string): Uint8Array | undefined {
    try {
      return this.ctx.fs.readBytes?.(path) ?? Buffer.from(this.ctx.fs.read(path), 'utf8');
    } catch {
      return undefined;
    }
  }
  text(path: string): string | undefined {
    try {
      return this.ctx.fs.read(path);
    } catch {
      return undefined;
    }
  }
  /** The host's identity of the file a path names (its realpath), or its resolved spelling. */
  identity(path: string): string {
    const spelling = posix.normalize(path);
    try {
      return this.ctx.fs.realpath?.(path) ?? spelling;
    } catch {
      return spelling;
    }
  }
}

/** The design's fingerprint of an output: SHA-256, unless the shortcut folds something away first. */
function fingerprint(s: Shortcut | undefined, out: ToolOutput): string {
  if (typeof out !== 'string')
    return s?.kind === 'binary-head' ? `head:${out.length}:${sha(out.subarray(0, s.block))}` : `bin:${sha(out)}`;
  switch (s?.kind) {
    case 'ascii-fold':
      return `fold:${Buffer.byteLength(out)}:${sha(out.replace(/[^\p{ASCII}]/gu, '?'))}`;
    case 'nfc':
      return `nfc:${sha(out.normalize('NFC'))}`;
    case 'crlf-hash':
      return `crlf:${sha(out.replace(/\r\n/g, '\n'))}`;
    case 'trim-hash':
      return `trim:${s.sized === true ? Buffer.byteLength(out) : ''}:${sha(out.replace(/[ \t]+(?=\r?\n|$)/g, ''))}`;
    default:
      return `txt:${sha(out)}`;
  }
}

const samplesOf = (b: Uint8Array, block: number): string => {
  const mid = Math.max(0, Math.floor(b.length / 2) - Math.floor(block / 2));
  return `${b.length}:${sha(b.subarray(0, block), b.subarray(mid, mid + block), b.subarray(Math.max(0, b.length - block)))}`;
};
const prefixOf = (st: Stat, b: Uint8Array, prefix: number): string =>
  `${st.size}:${Math.floor(st.mtimeMs / 1000)}:${sha(b.subarray(0, prefix))}`;

export function capabilitiesOf(o: LedgerOptions): Capabilities {
  return {
    levers: o.diff === true ? ['pointer', 'diff'] : ['pointer'],
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
    ...(o.batch === true ? { batch: true } : {}),
    ...(o.binary === true ? { tool: { binary: 'bytes' as const } } : {}),
  };
}

export function decode(text: string): Claim {
  const m = STUB.exec(text);
  if (m) return { kind: 'pointer', total: Number(m[1]) };
  const d = DIFF_HEAD.exec(text);
  if (d) return { kind: 'diff', patch: text.slice(d[0].length), total: Number(d[1]) };
  return { kind: 'verbatim' };
}

/** A shim with the ledger and its shortcut (none: the truthful twin). */
export function ledgerShim(o: LedgerOptions): ShimAdapter | BytesShimAdapter {
  const capabilities = capabilitiesOf(o);
  const create = (ctx: AdapterContext<ToolOutput>) => new WorkerLedger(ctx, o).shim();
  if (o.binary === true) return defineBytesAdapter({ name: o.name, capabilities, create, decode });
  return defineAdapter({
    name: o.name,
    capabilities,
    create: (ctx: AdapterContext) => create(ctx) as never,
    decode,
  });
}

/** One worker's ledger. */
class WorkerLedger {
  /** Map order: least recently used first. */
  readonly #ledger = new Map<string, Entry>();
  /** lru-stat: what an evicted request leaves behind (its stat and size). */
  readonly #evicted = new Map<string, { stat: Stat; bytes: number; file: string; names: Set<string> }>();
  /** The batch tool's own cache of whole files (batch-cache-forget keeps it past forget(path)). */
  readonly #batchCache = new Map<string, { fp: string; bytes: number; file: string; names: Set<string> }>();
  /** Per name: the file its latest delivery showed (a pointer across a retarget is judged by what the name showed). */
  readonly #shownBy = new Map<string, string>();
  #reads = 0;
  readonly #disk: Disk;
  readonly #s: Shortcut | undefined;

  constructor(
    private readonly ctx: AdapterContext<ToolOutput>,
    private readonly o: LedgerOptions,
  ) {
    this.#disk = new Disk(ctx);
    this.#s = o.shortcut;
  }

  shim() {
    return {
      read: (args: ReadArgs) => this.read(args),
      forget: (path?: string) => this.forget(path),
      ...(this.o.batch === true
        ? { readMany: ({ paths }: { readonly paths: readonly string[] }) => this.readMany(paths) }
        : {}),
    };
  }

  async read(args: ReadArgs): Promise<ToolOutput> {
    this.#reads++;
    const key = `${this.#disk.identity(args.path)}\n${argsOf(args)}`;
    const fast = this.#shortcut(args, key);
    if (fast !== undefined) return fast;
    const stat = this.#disk.stat(args.path); // taken before the read: never a version not handed over
    const out = await this.ctx.read(args); // a tool error rejects here and records nothing
    return this.#answer(args, out, stat);
  }

  /** Marks a request most recently used; a bounded ledger (lru-stat) evicts past its bound. */
  #touch(e: Entry): void {
    this.#ledger.delete(e.key);
    this.#ledger.set(e.key, e);
    if (this.#s?.kind !== 'lru-stat') return;
    while (this.#ledger.size > this.#s.entries) {
      const [k, old] = this.#ledger.entries().next().value as [string, Entry];
      this.#ledger.delete(k);
      // The shortcut: the evicted request keeps its stat.
      if (old.stat !== undefined)
        this.#evicted.set(k, { stat: old.stat, bytes: old.bytes, file: old.file, names: old.names });
    }
  }

  /** The shortcut's condition and check: a pointer without calling the tool, or undefined. */
  #shortcut(args: ReadArgs, key: string): string | undefined {
    const s = this.#s;
    if (s === undefined) return undefined;
    const whole = argsOf(args) === '[]';
    const e = this.#ledger.get(key);
    const st = (): Stat | undefined => this.#disk.stat(args.path);
    let ok = false;
    switch (s.kind) {
      case 'lru-stat': {
        const ev = e === undefined ? this.#evicted.get(key) : undefined;
        if (ev !== undefined && statEq(st(), ev.stat)) return stub(ev.bytes);
        return undefined;
      }
      case 'sampled-big': {
        const now = st();
        if (whole && e?.sample !== undefined && now !== undefined && now.size > s.minBytes) {
          const b = this.#disk.bytes(args.path);
          ok = b !== undefined && samplesOf(b, s.block) === e.sample;
        }
        break;
      }
      case 'stat-big': {
        const now = st();
        ok = whole && e !== undefined && now !== undefined && now.size > s.minBytes && statEq(now, e.stat);
        break;
      }
      case 'stat-after-pointers':
        ok = e !== undefined && e.pointersInRow >= s.pointers && statEq(st(), e.stat);
        break;
      case 'stat-after-reads':
        ok = e !== undefined && this.#reads > s.reads && statEq(st(), e.stat);
        break;
      case 'ext-stat':
        ok = e !== undefined && s.exts.some((x) => posix.normalize(args.path).endsWith(x)) && statEq(st(), e.stat);
        break;
      case 'prefix-hash': {
        const now = st();
        const b = now === undefined ? undefined : this.#disk.bytes(args.path);
        ok = whole && e?.sample !== undefined && b !== undefined && prefixOf(now!, b, s.prefix) === e.sample;
        break;
      }
      default:
        return undefined;
    }
    if (!ok || e === undefined) return undefined;
    e.pointersInRow++;
    this.#touch(e);
    return stub(e.bytes);
  }

  /** The truthful answer to a returned output: a pointer, a diff, or the output itself (recorded). */
  #answer(args: ReadArgs, out: ToolOutput, stat: Stat | undefined): ToolOutput {
    const name = posix.normalize(args.path);
    const file = this.#disk.identity(args.path);
    const a = argsOf(args);
    const key = `${file}\n${a}`;
    const fp = fingerprint(this.#s, out);
    const bytes = judgedSize(out);
    // A name that last showed another file (a link retargeted since): nothing it holds by that name is this file.
    const e = this.#moved(name, file) ? undefined : this.#ledger.get(key);
    this.#evicted.delete(key);
    if (e !== undefined && e.fp === fp) {
      e.pointersInRow++;
      e.names.add(name);
      this.#remember(e, out, stat);
      this.#touch(e);
      return stub(bytes);
    }
    let response: ToolOutput = out;
    if (this.o.diff === true && e?.text !== undefined && typeof out === 'string') {
      const d = diffResponse(name, e.text, out);
      if (d !== undefined && Buffer.byteLength(d) <= bytes) response = d;
    }
    let recorded = fp;
    // window-fp-from-disk: the window the worker holds is read back from the disk after the tool returned.
    if (this.#s?.kind === 'window-fp-from-disk' && a !== '[]' && typeof out === 'string') {
      const disk = this.#disk.text(args.path);
      if (disk !== undefined) recorded = fingerprint(this.#s, windowOf(disk, args.offset, args.limit));
    }
    const n: Entry = {
      key,
      file,
      args: a,
      names: new Set([name]),
      fp: recorded,
      bytes,
      pointersInRow: 0,
      ...(this.o.diff === true && typeof out === 'string' ? { text: out } : {}),
    };
    this.#remember(n, out, stat);
    this.#ledger.set(key, n);
    this.#touch(n);
    this.#supersede(key, file, args, out);
    if (a === '[]') this.#batchCache.set(key, { fp: recorded, bytes, file, names: n.names });
    if (this.#s?.kind === 'diff-base-from-disk' && a !== '[]') this.#refreshBase(args.path, file, this.#s.minBytes);
    return response;
  }

  /** Whether `name` last showed another file than `file` (and from now on, it shows `file`). */
  #moved(name: string, file: string): boolean {
    const was = this.#shownBy.get(name);
    this.#shownBy.set(name, file);
    return was !== undefined && was !== file;
  }

  /**
   * A delivery is the latest of every other request of the file whose lines it showed (spec/SPEC.md
   * "Knowledge"): their entries go unless it showed those lines as they were handed over. A window
   * that stopped at its limit may have reached the end: a request past it compares unequal and goes
   * (only a re-send). Requests other than windows, and binary outputs: every other entry goes.
   */
  #supersede(key: string, file: string, args: ReadArgs, out: ToolOutput): void {
    const first = Math.max(1, args.offset ?? 1);
    for (const m of [this.#ledger, this.#batchCache])
      for (const [k, e] of m) {
        if (e.file !== file || k === key) continue;
        const other = Object.fromEntries(JSON.parse(k.slice(k.indexOf('\n') + 1)) as [string, unknown][]);
        const { offset, limit, ...rest } = other as { offset?: number; limit?: number };
        const from = Math.max(1, offset ?? 1);
        if (typeof out === 'string' && Object.keys(rest).length === 0 && from < first) continue; // not shown
        const same =
          typeof out === 'string' &&
          Object.keys(rest).length === 0 &&
          fingerprint(this.#s, windowOf(out, from - first + 1, limit)) === e.fp;
        if (!same) m.delete(k);
      }
  }

  /** What an entry keeps for the shortcuts that read the disk instead of the tool. */
  #remember(e: Entry, out: ToolOutput, stat: Stat | undefined): void {
    e.stat = stat;
    const s = this.#s;
    if (typeof out !== 'string' || e.args !== '[]' || s === undefined) return;
    if (s.kind === 'sampled-big' && Buffer.byteLength(out) > s.minBytes)
      e.sample = samplesOf(Buffer.from(out, 'utf8'), s.block);
    if (s.kind === 'prefix-hash' && stat !== undefined) e.sample = prefixOf(stat, Buffer.from(out, 'utf8'), s.prefix);
  }

  /** diff-base-from-disk: the whole file's entry takes the disk's text as what the worker holds. */
  #refreshBase(path: string, file: string, minBytes: number): void {
    const whole = this.#ledger.get(`${file}\n[]`);
    const disk = this.#disk.text(path);
    if (whole === undefined || disk === undefined || Buffer.byteLength(disk) <= minBytes) return;
    whole.text = disk;
    whole.fp = fingerprint(this.#s, disk);
    whole.bytes = judgedSize(disk);
  }

  async readMany(paths: readonly string[]): Promise<BatchPart[]> {
    const parts: BatchPart[] = [];
    let left = this.#s?.kind === 'batch-budget' ? this.#s.bytes : Number.POSITIVE_INFINITY;
    for (const path of paths) {
      this.#reads++;
      const args = { path };
      const key = `${this.#disk.identity(path)}\n[]`;
      const fast = this.#shortcut(args, key);
      if (fast !== undefined) {
        parts.push(fast);
        continue;
      }
      const stat = this.#disk.stat(path);
      let out: ToolOutput;
      try {
        out = await this.ctx.read(args);
      } catch (e) {
        parts.push({ error: e instanceof Error ? e.message : String(e) });
        continue;
      }
      if (typeof out !== 'string') throw new TypeError('the batch design takes text only');
      const cached = this.#batchCache.get(key);
      const moved =
        this.#shownBy.get(posix.normalize(path)) !== undefined &&
        this.#shownBy.get(posix.normalize(path)) !== this.#disk.identity(path);
      if (cached !== undefined && !moved && cached.fp === fingerprint(this.#s, out)) {
        parts.push(stub(cached.bytes));
        continue;
      }
      let part = this.#answer(args, out, stat) as string;
      // batch-budget: the part that crosses the call's budget is cut silently (and recorded whole).
      if (Buffer.byteLength(part) > left) part = takeBytes(part, left);
      left -= Buffer.byteLength(part);
      parts.push(part);
    }
    return parts;
  }

  forget(path?: string): void {
    if (path === undefined) {
      this.#ledger.clear();
      this.#evicted.clear();
      this.#batchCache.clear();
      return;
    }
    const name = posix.normalize(path);
    const file = this.#disk.identity(path);
    const truly = (e: { file: string; names: Set<string> }): boolean =>
      e.file === file || e.file === name || e.names.has(name);
    const drops = (e: { file: string; names: Set<string> }, args: string): boolean => {
      if (this.#s?.kind === 'forget-misses-links') return e.file === file && e.names.has(file); // the real name only
      if (this.#s?.kind === 'forget-misses-windows') return truly(e) && args === '[]'; // windows survive
      return truly(e);
    };
    for (const [k, e] of this.#ledger) if (drops(e, e.args)) this.#ledger.delete(k);
    for (const [k, e] of this.#evicted) if (drops(e, k.slice(k.indexOf('\n') + 1))) this.#evicted.delete(k);
    if (this.#s?.kind !== 'batch-cache-forget')
      for (const [k, e] of this.#batchCache) if (drops(e, '[]')) this.#batchCache.delete(k);
  }
}

/** A shortcut's threshold: SHORTCUT_THRESHOLD when set (envelope experiments), else the default. */
export function threshold(fallback: number): number {
  const v = process.env.SHORTCUT_THRESHOLD;
  return v === undefined || v === '' ? fallback : Number(v);
}
