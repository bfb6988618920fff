/**
 * The kit's host read tool with a declared bound (src/core/host-tool.ts; spec/SPEC.md "Host read
 * tools"): normalisation, then the line cut, the line limit, numbering, the whole-text cut, the
 * mid-line cut and the token cut.
 */
import { extname } from 'node:path';
import { estimateTokens, type HostToolBound, type HostToolUnit } from '../core/host-tool.ts';
import { splitLines, windowOf } from './lines.ts';

/** The longest prefix of `s` within `max` units (utf16 may split a surrogate pair; bytes keep whole code points). */
export function cutUnits(s: string, max: number, unit: HostToolUnit): string {
  if (unit === 'utf16') return s.length <= max ? s : s.slice(0, max);
  let used = 0;
  let i = 0;
  for (const cp of s) {
    const w = unit === 'codepoint' ? 1 : Buffer.byteLength(cp, 'utf8');
    if (used + w > max) break;
    used += w;
    i += cp.length;
  }
  return s.slice(0, i);
}

/** Units of `s` as the bound counts them. */
export function unitsOf(s: string, unit: HostToolUnit): number {
  if (unit === 'utf16') return s.length;
  if (unit === 'byte') return Buffer.byteLength(s, 'utf8');
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const endingOf = (line: string): string => (line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '');

/** The file's text as the tool shows it before any bound (`normalize`; SPEC "Host read tools", step 0). */
export function normalizedText(content: string, t: HostToolBound): string {
  let s = content;
  if (t.normalize?.includes('bom') && s.startsWith('\uFEFF')) s = s.slice(1);
  if (t.normalize?.includes('crlf')) s = s.replaceAll('\r\n', '\n');
  // SPEC "Host read tools" step 0: every row of split('\n') loses its trailing whitespace (a CRLF's \r too).
  if (t.normalize?.includes('trim-end'))
    s = s
      .split('\n')
      .map((row) => row.trimEnd())
      .join('\n');
  return s;
}

/** What the bounded tool returns for a window (offset: 1-based first line; limit: lines) of `content`. */
export function boundedText(
  content: string,
  offset: number | undefined,
  limit: number | undefined,
  t: HostToolBound,
): string {
  const text = windowText(content, offset, limit, t);
  // Step 5: the mid-line cut, decided by the file's size on disk (`cutChars`).
  const c = t.cutChars;
  const cut =
    c === undefined || Buffer.byteLength(content, 'utf8') <= c.overBytes
      ? text
      : cutUnits(text, c.at, t.unit ?? 'utf16');
  // Step 6: the partial view past a token estimate (`maxTokens`).
  return t.maxTokens === undefined ? cut : tokenCut(cut, t.maxTokens);
}

/**
 * SPEC "Host read tools" step 6: the longest run of whole lines whose estimate, ceil(UTF-8 bytes /
 * 4), is at most `maxTokens` (so at most 4 × maxTokens bytes); a first line alone over it is cut at
 * that many bytes, never inside a character (the tool always shows something).
 */
export function tokenCut(text: string, maxTokens: number): string {
  if (estimateTokens(Buffer.byteLength(text, 'utf8')) <= maxTokens) return text;
  const max = maxTokens * 4;
  let out = '';
  let used = 0;
  for (const line of splitLines(text)) {
    const b = Buffer.byteLength(line, 'utf8');
    if (used + b > max) return out === '' ? cutUnits(line, max, 'byte') : out;
    out += line;
    used += b;
  }
  return out;
}

/** Steps 0–4 of SPEC "Host read tools": normalisation, line cut, line limit, numbering, whole-text cut. */
function windowText(content: string, offset: number | undefined, limit: number | undefined, t: HostToolBound): string {
  const unit = t.unit ?? 'utf16';
  const text = normalizedText(content, t);
  const split = t.normalize?.includes('split') === true;
  const lines = split ? text.split('\n') : splitLines(text);
  const from = (offset ?? 1) - 1;
  if (from >= lines.length) return '';
  // maxLines caps every request; defaultLimit stands in only for an absent limit.
  const max = Math.min(limit ?? t.defaultLimit ?? Number.POSITIVE_INFINITY, t.maxLines ?? Number.POSITIVE_INFINITY);
  // `split`: rows joined by "\n" within the window, so only its last row goes without one.
  const window = lines.slice(from, from + max).map((row, i, all) => (split && i < all.length - 1 ? `${row}\n` : row));
  const picked = window.map((line, i) => {
    const end = endingOf(line);
    const body = line.slice(0, line.length - end.length);
    const cut = t.maxLineChars === undefined ? body : cutUnits(body, t.maxLineChars, unit);
    return `${t.lineNumbers === 'cat-n' ? `${String(from + i + 1).padStart(6)}\t` : ''}${cut}${end}`;
  });
  if (t.maxChars === undefined) return picked.join('');
  let out = '';
  let used = 0;
  for (const line of picked) {
    const w = unitsOf(line, unit);
    if (used + w > t.maxChars) return out === '' ? cutUnits(line, t.maxChars, unit) : out;
    out += line;
    used += w;
  }
  return out;
}

/** The text a request of `content` shows behind the bound `t` (none: the plain window), refusals aside. */
export function requestText(
  content: string,
  offset: number | undefined,
  limit: number | undefined,
  t: HostToolBound | undefined,
): string {
  return t === undefined ? windowOf(content, offset, limit) : boundedText(content, offset, limit, t);
}

/** One row a request showed: its 1-based line number, its text, and whether no whole-text cut shortened it. */
export interface ShownRow {
  readonly line: number;
  readonly text: string;
  readonly whole: boolean;
}

/**
 * The rows a request of `content` shows (spec/SPEC.md "Knowledge", a covering delivery): the
 * request's text cut after each "\n", numbered from its offset. A row is whole unless a cut of
 * the whole text (`maxChars`, `cutChars`, `maxTokens`) shortened it.
 */
export function rowsShown(
  content: string,
  offset: number | undefined,
  limit: number | undefined,
  t: HostToolBound | undefined,
): ShownRow[] {
  const rows = splitLines(requestText(content, offset, limit, t));
  const uncut =
    t === undefined || (t.maxChars === undefined && t.cutChars === undefined && t.maxTokens === undefined)
      ? rows
      : splitLines(windowText(content, offset, limit, { ...t, maxChars: undefined }));
  const first = offset ?? 1;
  return rows.map((text, i) => ({ line: first + i, text, whole: text === uncut[i] }));
}

/** Codes a declared refusal fails with (spec/SPEC.md "Host refusals"). */
export const REFUSAL_CODES = Object.freeze({ tooLarge: 'EFBIG', binary: 'EBINARY' });

const kb = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} bytes`;
  const v = bytes / 1024;
  return `${Number.isInteger(v) ? String(v) : v.toFixed(1)}KB`;
};

/**
 * The refusal the tool gives for a window of `content` instead of its bounded text `text`, or
 * undefined (spec/SPEC.md "Host refusals"): binary first, then the whole file's size (a request
 * without offset and limit only), then the token estimate of the text it would return.
 */
export function refusalOf(
  content: string,
  offset: number | undefined,
  limit: number | undefined,
  text: string,
  t: HostToolBound | undefined,
  path?: string,
): { code: string; message: string } | undefined {
  const r = t?.refuse;
  if (r === undefined) return undefined;
  if (r.binary === true && content.includes('\u0000'))
    return { code: REFUSAL_CODES.binary, message: 'EBINARY: this tool cannot read binary files' };
  // A file named as binary is refused whatever it holds (refuse.extensions).
  if (r.extensions !== undefined && path !== undefined && r.extensions.includes(extname(path).toLowerCase()))
    return {
      code: REFUSAL_CODES.binary,
      message: `EBINARY: this tool does not read ${extname(path).toLowerCase()} files`,
    };
  if (r.maxBytes !== undefined && offset === undefined && limit === undefined) {
    const size = Buffer.byteLength(content, 'utf8');
    if (size > r.maxBytes)
      return {
        code: REFUSAL_CODES.tooLarge,
        message: `EFBIG: File content (${kb(size)}) exceeds maximum allowed size (${kb(r.maxBytes)}). Please use offset and limit parameters to read specific portions of the file.`,
      };
  }
  if (r.maxTokens !== undefined) {
    const tokens = estimateTokens(Buffer.byteLength(text, 'utf8'));
    if (tokens > r.maxTokens)
      return {
        code: REFUSAL_CODES.tooLarge,
        message: `EFBIG: File content (${tokens} tokens) exceeds maximum allowed tokens (${r.maxTokens}). Please use offset and limit parameters to read specific portions of the file.`,
      };
  }
  return undefined;
}
