/**
 * A session spec (shape.ts) into trace events, deterministically: the project's files are named and
 * rendered from the shape, then each operation becomes reads, writes, links, forgets, forks and
 * resumes. An operation that cannot apply at its point (a forget of a file never read, a link to a
 * deleted file) is dropped, never turned into something else, so a shrunk history stays meaningful.
 */
import type { HostToolBound } from '../../../src/core/host-tool.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import { applyEdit, HIDDEN_EDITS, ORDINARY_EDITS, type ContentEdit, type StatEffect } from '../../crossed/edits.ts';
import { cutBytes, renderFile, type FileStyle } from './content.ts';
import { fileNames, prng, spellingsOf } from './names.ts';
import type { Frac, Pick, SessionOp, SessionShape, SessionSpec, SweepSpec } from './shape.ts';

type Content = string | Uint8Array;

interface FileTrack {
  readonly path: string;
  content: Content | undefined;
  mtimeMs: number;
  /** Earlier mtimes, for an edit that restores one. */
  readonly mtimes: number[];
  lines?: { readonly of: Content; readonly n: number };
}

/** Where the host tool cuts a whole read (its line bound), for windows that follow a cut. */
export interface MaterializeOptions {
  readonly tool?: HostToolBound;
}

const T0 = 1_700_000_000_000;

/** First sizes: a Pareto tail from the median, the big files near the largest size. */
function styles(shape: SessionShape): FileStyle[] {
  const r = prng(shape.fileSalt);
  const alpha = shape.sizeTail / 100;
  const big = new Set<number>();
  for (let k = 0; k < Math.min(shape.bigFiles, shape.files); k++)
    big.add(r() < 0.5 ? Math.floor(r() * Math.min(shape.hot, shape.files)) : Math.floor(r() * shape.files));
  return Array.from({ length: shape.files }, (_, i) => {
    const u = Math.max(1e-9, r());
    const tail = Math.min(shape.sizeMax, Math.round(shape.sizeMedian * (2 * u) ** (-1 / alpha)));
    const size = big.has(i) ? Math.round(shape.sizeMax * (0.5 + r() / 2)) : r() < 0.03 ? 0 : tail;
    const wide = r() * 1000 < shape.wideShare;
    const salt = Math.floor(r() * 1e9);
    return {
      size,
      salt,
      crlf: r() * 1000 < shape.crlfShare,
      wide: wide ? 1 + Math.floor(r() * 12) : 0,
      composable: wide && r() < 0.6,
      blanks: r() * 1000 < shape.blanksShare ? 2 + Math.floor(r() * 20) : 0,
      finalNewline: r() < 0.9,
      binary: r() * 1000 < shape.binaryShare,
    };
  }).map((st, i) =>
    // Reaching: a binary (an image, an archive) is sized log-uniformly from 512 bytes to the largest size.
    st.binary && shape.far <= 1000 && !big.has(i)
      ? { ...st, size: Math.round(512 * (shape.sizeMax / 512) ** ((st.salt % 1000) / 1000)) }
      : st,
  );
}

/** A count drawn log-uniformly in [1, max] from a fraction. */
export const logCount = (u: Frac, max: number): number => Math.max(1, Math.round(Math.exp((u / 1000) * Math.log(max))));

/**
 * A run of reads: one below `from` (most reads are a single read of a request), log-uniform in
 * [1, max] above it — so long runs stay possible and the re-read share stays near real sessions'.
 */
export const runOf = (u: Frac, from: number, max: number, far = 1001): number =>
  u < from ? 1 : farCount(((u - from) * 1000) / (1000 - from), max, far);

/** A count in [1, max]: `max` itself from `far` up (a threshold at or under `max` is met), log-uniform below. */
export const farCount = (u: Frac, max: number, far: number): number =>
  far > 1000 ? logCount(u, max) : u >= far ? Math.max(1, max) : logCount((u * 1000) / far, max);

/** A byte-offset fraction of a file, log-scaled: most edits near the start, some far into it; from `far` up, in its last bytes. */
const editFrac = (u: Frac, size: number, far: number): number =>
  size <= 1
    ? 0
    : u >= far
      ? Math.max(0, size - 1 - ((u - far) % 64)) / size
      : Math.min(0.999_999, (Math.exp((u / Math.min(1000, far)) * Math.log(size)) - 1) / size);

/** Half the edits are of a hidden kind (kind < 50), half ordinary: a drawn number picks one. */
export const editKind = (k: number): ContentEdit =>
  k < 50 ? HIDDEN_EDITS[k % HIDDEN_EDITS.length]! : ORDINARY_EDITS[k % ORDINARY_EDITS.length]!;

const sizeOf = (c: Content): number => (typeof c === 'string' ? Buffer.byteLength(c, 'utf8') : c.length);
const sameContent = (a: Content, b: Content): boolean =>
  typeof a === 'string' || typeof b === 'string' ? a === b : Buffer.compare(a, b) === 0;

class Builder {
  readonly events: TraceEvent[] = [];
  readonly files: FileTrack[];
  /** Link slots: a symlink name and the file it names now (or a hardlink's). */
  readonly links = new Map<number, { path: string; file: number; hard: boolean }>();
  readonly workers: string[] = [];
  readonly started = new Set<string>();
  clock = T0;
  call = 0;
  /** The files drawn near the largest size (pick() sends bigShare of its picks to them). */
  readonly big: number[];

  constructor(
    readonly spec: SessionSpec,
    readonly o: MaterializeOptions,
  ) {
    const { shape } = spec;
    const names = fileNames(shape.names, shape.files);
    const st = styles(shape);
    this.big = st.flatMap((x, i) => (x.size >= shape.sizeMax / 2 ? [i] : []));
    this.files = names.map((path) => ({ path, content: undefined, mtimeMs: 0, mtimes: [] }));
    for (let w = 0; w < shape.workers; w++) this.workers.push(`w${w + 1}`);
    names.forEach((_, i) => this.write(i, renderFile(st[i]!), 'advance'));
  }

  /** A file from a pick: a big file (bigShare), a hot one (hotShare of the rest), or any other. */
  pick(f: Pick): number {
    const { hot, files, hotShare, bigShare } = this.spec.shape;
    const big = bigShare * 1000;
    if (f < big && this.big.length > 0) return this.big[Math.floor((f / big) * this.big.length)]!;
    const u = f < big ? f : f - big;
    const span = 1_000_000 - (f < big ? 0 : big);
    const h = Math.min(hot, files);
    const cut = (hotShare / 1000) * span;
    if (u < cut || h === files) return Math.floor((u / Math.max(1, cut)) * h) % h;
    return h + (Math.floor(((u - cut) / Math.max(1, span - cut)) * (files - h)) % (files - h));
  }

  worker(w: number): string {
    const id = this.workers[w % this.workers.length]!;
    if (!this.started.has(id)) {
      this.started.add(id);
      this.events.push({ type: 'worker', id });
    }
    return id;
  }

  nextMtime(f: FileTrack, s: StatEffect): number {
    if (s === 'keep' && f.content !== undefined) return f.mtimeMs;
    if (s === 'restore' && f.mtimes.length >= 2) return f.mtimes[f.mtimes.length - 2]!;
    if (s === 'same-second' && f.content !== undefined && f.mtimeMs % 1000 < 999) {
      const next = f.mtimeMs + 1;
      this.clock = Math.max(this.clock, next);
      return next;
    }
    // At least a second on, landing anywhere in a second (so a later edit can stay within it).
    this.clock += 1000 + 137;
    return this.clock;
  }

  write(i: number, content: Content, s: StatEffect): void {
    const f = this.files[i]!;
    const mtimeMs = this.nextMtime(f, s);
    f.content = content;
    f.mtimeMs = mtimeMs;
    f.mtimes.push(mtimeMs);
    delete f.lines;
    this.events.push(
      typeof content === 'string'
        ? { type: 'write', path: f.path, content, mtimeMs }
        : { type: 'write', path: f.path, contentBase64: Buffer.from(content).toString('base64'), mtimeMs },
    );
  }

  /** The names a file goes by now: its spellings, then the links that name it. */
  names(i: number): string[] {
    const out = spellingsOf(this.files[i]!.path);
    for (const l of this.links.values()) if (l.file === i) out.push(l.path);
    return out;
  }

  lineCount(f: FileTrack): number {
    const c = f.content;
    if (c === undefined || typeof c !== 'string') return 0;
    if (f.lines?.of === c) return f.lines.n;
    let n = 0;
    for (let k = c.indexOf('\n'); k !== -1; k = c.indexOf('\n', k + 1)) n++;
    if (c.length > 0 && !c.endsWith('\n')) n++;
    f.lines = { of: c, n };
    return n;
  }

  /** A window's arguments: a third of them right after the host tool's cut, when it has one. */
  window(f: FileTrack, u: Frac): { offset: number; limit: number } {
    const n = this.lineCount(f);
    const t = this.o.tool;
    const cut = t?.maxLines ?? t?.defaultLimit;
    const max = t?.maxLines !== undefined && t.defaultLimit === undefined ? t.maxLines : 400;
    const limit = Math.max(1, Math.min(max, logCount((u * 7) % 1001, 400)));
    if (cut !== undefined && n > cut && u % 3 === 0) return { offset: cut + 1, limit };
    return { offset: 1 + Math.floor((u / 1001) * (n + 2)), limit };
  }

  edited(i: number, kind: ContentEdit, at: Frac, salt: number): Content | undefined {
    const f = this.files[i]!;
    if (f.content === undefined) return undefined;
    const out = applyEdit(kind, f.content, editFrac(at, sizeOf(f.content), this.spec.shape.far), salt);
    return out === undefined || sameContent(out, f.content) ? undefined : out;
  }
}

export function materializeSession(spec: SessionSpec, o: MaterializeOptions = {}): TraceEvent[] {
  const b = new Builder(spec, o);
  for (const op of spec.ops) apply(b, op);
  if (spec.sweep !== undefined) sweep(b, spec.sweep);
  return b.events;
}

function read(b: Builder, w: string, i: number, sp: Frac, extra: Partial<TraceEvent & { type: 'read' }> = {}): void {
  const names = b.names(i);
  b.events.push({ type: 'read', worker: w, path: names[Math.floor((sp / 1001) * names.length)]!, ...extra });
}

function apply(b: Builder, op: SessionOp): void {
  const { shape } = b.spec;
  switch (op.op) {
    case 'read': {
      const i = b.pick(op.f);
      const f = b.files[i]!;
      const w = b.worker(op.w);
      const win = op.win > 1000 - shape.windowShare && typeof f.content === 'string';
      const args = win ? b.window(f, op.win) : undefined;
      for (let t = runOf(op.times, 700, shape.rereadMax); t > 0; t--) read(b, w, i, op.sp, args ? { args } : {});
      return;
    }
    case 'scan': {
      const w = b.worker(op.w);
      const from = b.pick(op.f);
      const count = Math.min(shape.files, farCount(op.count, shape.scanMax, shape.far));
      for (let k = 0; k < count; k++) {
        const i = (from + k) % shape.files;
        const f = b.files[i]!;
        const args = op.win && typeof f.content === 'string' ? b.window(f, (k * 37) % 1001) : undefined;
        read(b, w, i, 0, args ? { args } : {});
      }
      return;
    }
    case 'edit': {
      const i = b.pick(op.f);
      const out =
        b.files[i]!.content === undefined ? renderFresh(b, i, op.salt) : b.edited(i, editKind(op.kind), op.at, op.salt);
      if (out !== undefined) b.write(i, out, op.stat);
      return;
    }
    case 'cycle':
      return cycle(b, op);
    default:
      applyOther(b, op);
  }
}

/** Reads until a cap-sliced file is held whole, at most (the file's size over the cap, plus one). */
function readsToHold(b: Builder, i: number): number {
  const c = b.files[i]!.content;
  if (c === undefined) return 0;
  const size = typeof c === 'string' ? Buffer.byteLength(c, 'utf8') : Math.ceil(c.length / 3) * 4;
  return size > b.spec.cap ? Math.min(200, Math.ceil(size / b.spec.cap)) : 0;
}

function cycle(b: Builder, op: SessionOp & { op: 'cycle' }): void {
  const { shape } = b.spec;
  const i = b.pick(op.f);
  const f = b.files[i]!;
  if (f.content === undefined) return;
  const w = b.worker(op.w);
  const win = op.win > 1000 - shape.windowShare && typeof f.content === 'string';
  const args = win ? b.window(f, op.win) : undefined;
  const extra = args ? { args } : {};
  const before = runOf(op.before, 700, shape.rereadMax, shape.far) + (win ? 0 : readsToHold(b, i));
  for (let t = 0; t < before; t++) read(b, w, i, op.sp, extra);
  if (op.gap > 500) {
    const count = Math.min(shape.files - 1, farCount((op.gap - 500) * 2, shape.scanMax, shape.far));
    for (let k = 1; k <= count; k++) read(b, w, (i + k) % shape.files, 0);
  }
  if (op.forget !== undefined) {
    const names = b.names(i);
    b.events.push({ type: 'forget', worker: w, path: names[Math.floor((op.forget / 1001) * names.length)]! });
  }
  const out = b.edited(i, editKind(op.kind), op.at, op.salt);
  if (out !== undefined) b.write(i, out, op.stat);
  const after = logCount(op.after, 8);
  if (op.call && args === undefined) {
    const call = ++b.call;
    const paths = [b.files[i]!.path];
    for (let k = 1; k < 1 + (op.salt % 4); k++) {
      const other = b.files[(i + k) % shape.files]!;
      if (other.content !== undefined && !paths.includes(other.path)) paths.push(other.path);
    }
    for (const p of paths) b.events.push({ type: 'read', worker: w, path: p, call });
    for (let t = 1; t < after; t++) read(b, w, i, op.sp);
    return;
  }
  for (let t = 0; t < after; t++) read(b, w, i, op.sp, extra);
}

/**
 * Reaching, last: worker `w` reads `count` files from a pick until each is held (a file that takes
 * more than eight reads is left out), a tool run then changes each with a hidden edit (the kinds in
 * turn from `kind`; a binary's bytes) anywhere in it, keeping its mtime, and the worker reads them
 * all again — one by one, or in one batch call. Every file of the run, whatever its name, extension
 * or size, is in the chain an mtime-keyed shortcut misses.
 */
function sweep(b: Builder, s: SweepSpec): void {
  const { shape } = b.spec;
  const w = b.worker(s.w);
  const from = b.pick(s.f);
  const count = Math.min(shape.files, farCount(s.count, shape.files, shape.far));
  const held: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = (from + k) % shape.files;
    const hold = readsToHold(b, i);
    if (b.files[i]!.content === undefined || hold > 8) continue;
    for (let t = 0; t <= hold; t++) b.events.push({ type: 'read', worker: w, path: b.files[i]!.path });
    held.push(i);
  }
  const edited = held.filter((i, j) => {
    const c = b.files[i]!.content!;
    const at = ((s.salt + j * 389) % 1000) / 1000;
    for (let d = 0; d < HIDDEN_EDITS.length; d++) {
      const kind = typeof c === 'string' ? HIDDEN_EDITS[(s.kind + j + d) % HIDDEN_EDITS.length]! : 'bytes';
      const out = applyEdit(kind, c, at, s.salt + j);
      if (out !== undefined && !sameContent(out, c)) {
        b.write(i, out, 'keep');
        return true;
      }
    }
    return false;
  });
  const call = s.call ? { call: ++b.call } : {};
  for (const i of edited) b.events.push({ type: 'read', worker: w, path: b.files[i]!.path, ...call });
}

/** A deleted file written again: a small new text. */
function renderFresh(b: Builder, i: number, salt: number): Content {
  return cutBytes(`// ${b.files[i]!.path} again (${salt})\nexport const again = ${salt};\n`, 4096);
}

/** A batch call: several files in one call, each listed once, whole, and only files that exist. */
function batchCall(b: Builder, op: Extract<SessionOp, { op: 'call' }>): void {
  const { shape } = b.spec;
  const w = b.worker(op.w);
  const from = b.pick(op.f);
  const count = Math.min(shape.files, 1 + farCount(op.count, shape.callMax, shape.far));
  const call = ++b.call;
  const seen = new Set<string>();
  for (let k = 0; k < count; k++) {
    const i = (from + k) % shape.files;
    // A call lists each file once, whole, and only files that exist (a binary as any other).
    if (b.files[i]!.content === undefined || seen.has(b.files[i]!.path)) continue;
    seen.add(b.files[i]!.path);
    b.events.push({ type: 'read', worker: w, path: b.files[i]!.path, call });
  }
}

/** A read raced by a write that lands right after the tool returned, then re-reads. */
function race(b: Builder, op: Extract<SessionOp, { op: 'race' }>): void {
  const i = b.pick(op.f);
  const f = b.files[i]!;
  if (typeof f.content !== 'string') return;
  const w = b.worker(op.w);
  const out = b.edited(i, editKind(op.kind), op.at, op.at);
  if (typeof out !== 'string') return;
  const args = op.win ? b.window(f, op.at) : undefined;
  const mtimeMs = b.nextMtime(f, op.stat);
  read(b, w, i, 0, { ...(args ? { args } : {}), race: { content: out, mtimeMs } });
  f.content = out;
  f.mtimeMs = mtimeMs;
  f.mtimes.push(mtimeMs);
  delete f.lines;
  for (let t = logCount(op.after, 4) - 1; t > 0; t--) read(b, w, i, 0, args ? { args } : {});
}

function applyOther(b: Builder, op: SessionOp): void {
  switch (op.op) {
    case 'call':
      return batchCall(b, op);
    case 'link':
      return link(b, op.slot, b.pick(op.f), op.hard);
    case 'forget': {
      const w = b.worker(op.w);
      if (op.f === undefined) {
        b.events.push({ type: 'forget', worker: w });
        return;
      }
      const links = [...b.links.values()].filter((l) => b.files[l.file]!.content !== undefined);
      if (b.spec.shape.far <= 1000 && op.sp < 500 && links.length > 0)
        return linkForgotten(b, w, links[op.sp % links.length]!);
      const i = b.pick(op.f);
      const names = b.names(i);
      b.events.push({ type: 'forget', worker: w, path: names[Math.floor((op.sp / 1001) * names.length)]! });
      return;
    }
    case 'fork': {
      const parent = b.worker(op.w);
      const child = `w${b.workers.length + 1}`;
      b.workers.push(child);
      b.started.add(child);
      b.events.push({
        type: 'fork',
        parent,
        worker: child,
        ...(op.fresh ? { fresh: true as const } : {}),
        ...(op.shared ? { session: 'shared' as const } : {}),
      });
      return;
    }
    case 'resume':
      b.events.push({ type: 'resume', worker: b.worker(op.w) });
      return;
    case 'race':
      return race(b, op);
    case 'stale': {
      const i = b.pick(op.f);
      const n = b.lineCount(b.files[i]!);
      const startLine = Math.floor((op.at / 1001) * (n + 3));
      b.events.push({
        type: 'stale',
        worker: b.worker(op.w),
        path: b.files[i]!.path,
        startLine,
        endLine: startLine + op.span,
      });
      return;
    }
    case 'fail':
      read(b, b.worker(op.w), b.pick(op.f), 0, { fail: 'EIO' });
      return;
    case 'delete': {
      const i = b.pick(op.f);
      const f = b.files[i]!;
      if (f.content === undefined || [...b.links.values()].some((l) => l.file === i)) return;
      f.content = undefined;
      b.events.push({ type: 'delete', path: f.path });
      return;
    }
    default:
      return;
  }
}

/**
 * Reaching: the host compacts what the worker read by a link's name, and the worker reads it again
 * by that name (the chain a forget that follows links to the file's real name misses).
 */
function linkForgotten(b: Builder, w: string, l: { path: string; file: number }): void {
  const hold = 1 + readsToHold(b, l.file);
  for (let t = 0; t < hold; t++) b.events.push({ type: 'read', worker: w, path: l.path });
  b.events.push({ type: 'forget', worker: w, path: l.path }, { type: 'read', worker: w, path: l.path });
}

/** A symlink in slot `slot` made (or retargeted) to file `i`; a hardlink is made once per slot. */
function link(b: Builder, slot: number, i: number, hard: boolean): void {
  const f = b.files[i]!;
  if (f.content === undefined) return;
  const have = b.links.get(slot);
  const ext = f.path.includes('.') ? f.path.slice(f.path.lastIndexOf('.')) : '';
  if (have !== undefined) {
    if (have.hard || hard) return;
    b.links.set(slot, { ...have, file: i });
    b.events.push({ type: 'symlink', path: have.path, target: f.path, mtimeMs: b.nextMtime(f, 'advance') });
    return;
  }
  const path = `link-${slot}${hard ? '-hard' : ''}${ext}`;
  b.links.set(slot, { path, file: i, hard });
  b.events.push(
    hard
      ? { type: 'hardlink', path, existing: f.path }
      : { type: 'symlink', path, target: f.path, mtimeMs: b.nextMtime(f, 'advance') },
  );
}
