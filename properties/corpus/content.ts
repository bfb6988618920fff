/** Small, exact contents and events for corpus cases (plain ASCII unless a case asks otherwise). */
import type { ReadEvent, TraceEvent } from '../../src/core/trace.ts';

/** The mtime every case starts from (whole milliseconds; the kit sets every mtime itself). */
export const T0 = 1_700_000_000_000;

/** Code lines `const <tag>N = N;` of about `width` bytes each, exactly `bytes` bytes, ending with a newline when `bytes` > 0. */
export function code(bytes: number, tag: string, width = 40): string {
  let s = '';
  for (let i = 0; s.length < bytes; i++) {
    const line = `const ${tag}${i} = ${i};`;
    s += `${line.padEnd(Math.max(line.length, width - 1), ' ')}\n`;
  }
  s = s.slice(0, bytes);
  return bytes > 0 ? `${s.slice(0, -1)}\n` : '';
}

/** `n` numbered lines `<tag> line i`, each with the given ending. */
export function lines(n: number, tag: string, eol = '\n'): string {
  return Array.from({ length: n }, (_, i) => `${tag} line ${i + 1}${eol}`).join('');
}

/** The same size, one ASCII letter of line `lineIndex` (0-based) changed: an edit a size check cannot see. */
export function sameSizeEdit(text: string, lineIndex = 0): string {
  let start = 0;
  for (let i = 0; i < lineIndex; i++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    start = nl + 1;
  }
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (/[a-z]/i.test(c)) return text.slice(0, i) + (c === 'q' ? 'z' : 'q') + text.slice(i + 1);
  }
  throw new RangeError('sameSizeEdit: no ASCII letter to change');
}

/** Line `lineIndex` (0-based) replaced by `by` (its ending kept). */
export function replaceLine(text: string, lineIndex: number, by: string): string {
  const parts = text.split('\n');
  if (lineIndex >= parts.length) throw new RangeError(`replaceLine: no line ${lineIndex}`);
  parts[lineIndex] = parts[lineIndex]!.endsWith('\r') ? `${by}\r` : by;
  return parts.join('\n');
}

export const bytesOf = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * Reads a truthful shim needs to hand over all of a `bytes`-byte text at `cap`: a slice of
 * unchanged content ends at or after the last line end within the cap, or cap − 3 bytes on
 * without one (PROGRESS). `lineWidth` 0 = no line ends.
 */
export function readsToHold(bytes: number, cap: number, lineWidth: number): number {
  // Lines longer than the cap: counted as if the shim cut near the cap (a slower truthful shim
  // just ends the case before it holds the file, which costs coverage, never a verdict).
  const step = lineWidth === 0 || lineWidth > cap ? cap - 3 : Math.min(cap - 3, cap - lineWidth + 1);
  return Math.max(1, Math.ceil(bytes / Math.max(1, step)));
}

/** About `caps` caps of text: newline-free letters under a small cap, 40-byte code lines otherwise. */
export function overCap(cap: number, caps: number, tag: string): { text: string; lineWidth: number } {
  const bytes = Math.floor(cap * caps);
  if (cap < 80) {
    const unit = `${tag}abcdefghijklmnopqrstuvwxyz`;
    return { text: unit.repeat(Math.ceil(bytes / unit.length) + 1).slice(0, bytes), lineWidth: 0 };
  }
  return { text: code(bytes, tag, 40), lineWidth: 40 };
}

export const worker = (id = 'w1'): TraceEvent => ({ type: 'worker', id });
/** A subagent of `parent` (spec/SPEC.md "Forks and resumed sessions"): a fork, or a fresh one under the parent's session id. */
export const fork = (parent: string, child: string, shared?: 'fresh-shared-session'): TraceEvent =>
  shared === undefined
    ? { type: 'fork', parent, worker: child }
    : { type: 'fork', parent, worker: child, fresh: true, session: 'shared' };
export const resume = (w = 'w1'): TraceEvent => ({ type: 'resume', worker: w });
export const write = (path: string, content: string, mtimeMs: number): TraceEvent => ({
  type: 'write',
  path,
  content,
  mtimeMs,
});
export const del = (path: string): TraceEvent => ({ type: 'delete', path });
/** Spec 2.1: a write of bytes (an image), carried as base64. */
export const writeBytes = (path: string, bytes: Uint8Array, mtimeMs: number): TraceEvent => ({
  type: 'write',
  path,
  contentBase64: Buffer.from(bytes).toString('base64'),
  mtimeMs,
});

/**
 * `size` bytes (at least 40) of a PNG-like image, never valid UTF-8: the PNG signature, a header
 * that is the same for every image of this size, then a body that differs per `variant` from its
 * first byte on. Two variants share their size and their first 33 bytes.
 */
export function image(size: number, variant: number): Uint8Array {
  const out = new Uint8Array(Math.max(40, size));
  const head = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
  out.set(head);
  for (let i = head.length; i < 33; i++) out[i] = (out.length * 7 + i) & 0xff;
  for (let i = 33; i < out.length; i++) out[i] = (0x80 + ((i * 31 + variant * 97) % 0x7f)) & 0xff;
  return out;
}
/** Spec 2.1: a symlink (a retarget over an existing one) with its own mtime; a second name of a file. */
export const symlink = (path: string, target: string, mtimeMs: number): TraceEvent => ({
  type: 'symlink',
  path,
  target,
  mtimeMs,
});
export const hardlink = (path: string, existing: string): TraceEvent => ({ type: 'hardlink', path, existing });
export const forget = (w: string, path?: string): TraceEvent =>
  path === undefined ? { type: 'forget', worker: w } : { type: 'forget', worker: w, path };
export const stale = (w: string, path: string, startLine: number, endLine: number): TraceEvent => ({
  type: 'stale',
  worker: w,
  path,
  startLine,
  endLine,
});

export function read(
  path: string,
  o: {
    worker?: string;
    args?: Record<string, number>;
    fail?: string;
    race?: { content: string; mtimeMs: number };
  } = {},
): ReadEvent {
  return {
    type: 'read',
    worker: o.worker ?? 'w1',
    path,
    ...(o.args ? { args: o.args } : {}),
    ...(o.fail ? { fail: o.fail } : {}),
    ...(o.race ? { race: o.race } : {}),
  };
}

/** `n` reads of `path` by worker `o`, or with these options. */
export const reads = (n: number, path: string, o: string | Parameters<typeof read>[1] = 'w1'): ReadEvent[] =>
  Array.from({ length: n }, () => read(path, typeof o === 'string' ? { worker: o } : o));

/** A text whose `width`-byte characters start `back` bytes before each of the given byte offsets (ASCII elsewhere), `total` bytes, no newline. */
export function straddling(total: number, at: readonly { offset: number; width: 2 | 3 | 4; back: number }[]): string {
  const CH: Record<2 | 3 | 4, string> = { 2: 'é', 3: '€', 4: '😀' };
  let s = '';
  let b = 0;
  for (const a of [...at].sort((x, y) => x.offset - y.offset)) {
    const start = a.offset - a.back;
    if (start < b || start + a.width > total) continue;
    s += 'y'.repeat(start - b) + CH[a.width];
    b = start + a.width;
  }
  return s + 'y'.repeat(Math.max(0, total - b));
}

/** Spec 2.1: one call of the host's batch read tool listing `paths` (consecutive reads sharing `call`). */
export const call = (n: number, paths: readonly string[], w = 'w1'): ReadEvent[] =>
  paths.map((path) => ({ type: 'read', worker: w, path, call: n }));
