/**
 * The kit's host read tool with a declared bound (src/core/host-tool.ts; spec/SPEC.md "Host read
 * tools"): normalisation, then the line cut, the line limit, numbering, the whole-text cut, the
 * mid-line cut, the token cut, the last row's trim and the blank text; and the answers that are not
 * text (refusals, an offset past the end, a notice).
 */
import { extname } from 'node:path';
import {
  estimateTokens,
  type HostToolBound,
  type HostToolMidLineCut,
  type HostToolRefusals,
  type HostToolUnit,
} from '../core/host-tool.ts';
import { splitLines, windowOf } from './lines.ts';

/** The longest prefix of `s` within `max` units (utf16 may split a surrogate pair; bytes keep whole code points). */
export function cutUnits(s: string, max: number, unit: HostToolUnit): string {
  if (unit === 'utf16') return s.length <= max ? s : s.slice(0, max);
  // A text within `max` is whole (no more code points than UTF-16 units; bytes measured at once).
  if (unit === 'codepoint' ? s.length <= max : Buffer.byteLength(s, 'utf8') <= max) return s;
  let used = 0;
  let i = 0;
  for (const cp of s) {
    const w = unit === 'codepoint' ? 1 : utf8Width(cp.codePointAt(0)!);
    if (used + w > max) break;
    used += w;
    i += cp.length;
  }
  return s.slice(0, i);
}

/** UTF-8 bytes of one code point (a lone surrogate is written as U+FFFD: 3, as Buffer.byteLength counts it). */
const utf8Width = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

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
  const { text, whole } = windowText(content, offset, limit, t);
  // Step 5: the mid-line cut, decided by the file's size on disk (`cutChars`).
  const c = t.cutChars;
  const cut = c === undefined || Buffer.byteLength(content, 'utf8') <= c.overBytes ? text : midLineCut(text, c, t.unit);
  // Step 6: the partial view past a token estimate (`maxTokens`).
  const shown = t.maxTokens === undefined ? cut : tokenCut(cut, t.maxTokens);
  // Step 7: the last row's trailing whitespace (`trim-last`).
  const trimmed = t.normalize?.includes('trim-last') === true ? trimLastRow(shown) : shown;
  // Step 8: a whole text with nothing but whitespace is shown as the tool's own words (`blankText`).
  return t.blankText !== undefined && whole && shown === text && trimmed.trim() === '' ? t.blankText : trimmed;
}

/** `trim-last`: the text after the last "\n" loses its trailing whitespace (String.prototype.trimEnd). */
export function trimLastRow(text: string): string {
  const i = text.lastIndexOf('\n');
  return text.slice(0, i + 1) + text.slice(i + 1).trimEnd();
}

/**
 * Step 5 (`cutChars`): the text cut after `at` units; with `minLine`, the cut line (the one holding
 * the first unit not shown; a "\n" there starts the next) shows at least that many of its units,
 * fewer only when it has fewer; with `marker`, the marker follows a cut. A text within `at` is whole.
 */
export function midLineCut(text: string, c: HostToolMidLineCut, unit: HostToolUnit = 'utf16'): string {
  const head = cutUnits(text, c.at, unit);
  if (head.length === text.length) return text;
  let end = head.length;
  if (c.minLine !== undefined) {
    const start = text[end] === '\n' ? end + 1 : text.lastIndexOf('\n', end - 1) + 1;
    const lineEnd = text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
    const least = start + cutUnits(text.slice(start, lineEnd), c.minLine, unit).length;
    end = Math.max(end, least);
  }
  return text.slice(0, end) + (c.marker ?? '');
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

/** The lines the tool counts in its normalised text: rows of split("\n") under `split`, else lines with their endings. */
function toolLines(text: string, t: HostToolBound): string[] {
  return t.normalize?.includes('split') === true ? text.split('\n') : splitLines(text);
}

/**
 * Steps 0–4 of SPEC "Host read tools": normalisation, line cut, line limit, numbering, whole-text
 * cut; `whole`: the window spans the file from its first line to its last.
 */
function windowText(
  content: string,
  offset: number | undefined,
  limit: number | undefined,
  t: HostToolBound,
): { text: string; whole: boolean } {
  const unit = t.unit ?? 'utf16';
  const text = normalizedText(content, t);
  const split = t.normalize?.includes('split') === true;
  const from = (offset ?? 1) - 1;
  const plain = plainWindow(text, from, limit, t);
  if (plain !== undefined) return plain;
  const lines = toolLines(text, t);
  if (from >= lines.length) return { text: '', whole: from === 0 };
  // maxLines caps every request; defaultLimit stands in only for an absent limit.
  const max = Math.min(limit ?? t.defaultLimit ?? Number.POSITIVE_INFINITY, t.maxLines ?? Number.POSITIVE_INFINITY);
  const whole = from === 0 && max >= lines.length;
  return { text: pickedText(lines, from, max, split, t, unit), whole };
}

/**
 * Steps 1–4 when none of them changes a row (no line cut, numbering, whole-text cut or `split`):
 * the window cut at line ends, without splitting every line of a large file. Undefined otherwise.
 */
function plainWindow(
  text: string,
  from: number,
  limit: number | undefined,
  t: HostToolBound,
): { text: string; whole: boolean } | undefined {
  if (t.maxLineChars !== undefined || t.lineNumbers === 'cat-n' || t.maxChars !== undefined) return undefined;
  if (t.normalize?.includes('split') === true) return undefined;
  const max = Math.min(limit ?? t.defaultLimit ?? Number.POSITIVE_INFINITY, t.maxLines ?? Number.POSITIVE_INFINITY);
  const finite = max !== Number.POSITIVE_INFINITY;
  if (!Number.isSafeInteger(from) || from < 0 || (finite && !(Number.isSafeInteger(max) && max >= 0))) return undefined;
  let count = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  if (from >= count) return { text: '', whole: from === 0 };
  return { text: windowOf(text, from + 1, finite ? max : undefined), whole: from === 0 && max >= count };
}

/** Steps 1–4 over the window's lines. */
function pickedText(
  lines: readonly string[],
  from: number,
  max: number,
  split: boolean,
  t: HostToolBound,
  unit: HostToolUnit,
): string {
  // `split`: rows joined by "\n" within the window, so only its last row goes without one.
  const window = lines.slice(from, from + max).map((row, i, all) => (split && i < all.length - 1 ? `${row}\n` : row));
  const pick = (line: string, i: number): string => {
    const end = endingOf(line);
    const body = line.slice(0, line.length - end.length);
    const cut = t.maxLineChars === undefined ? body : cutUnits(body, t.maxLineChars, unit);
    return `${t.lineNumbers === 'cat-n' ? `${String(from + i + 1).padStart(6)}\t` : ''}${cut}${end}`;
  };
  if (t.maxChars === undefined) return window.map(pick).join('');
  // Rows are picked as the whole-text cut reaches them: the rows after it are never shown.
  let out = '';
  let used = 0;
  for (let i = 0; i < window.length; i++) {
    const line = pick(window[i]!, i);
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
      : splitLines(windowText(content, offset, limit, { ...t, maxChars: undefined }).text);
  const first = offset ?? 1;
  return rows.map((text, i) => ({ line: first + i, text, whole: text === uncut[i] }));
}

/**
 * Codes a declared refusal fails with (spec/SPEC.md "Host refusals"); spec 2.2: an offset past the
 * end (`tool.pastEnd`) and a notice instead of content (`tool.notice`).
 */
export const REFUSAL_CODES = Object.freeze({
  tooLarge: 'EFBIG',
  binary: 'EBINARY',
  pastEnd: 'ERANGE',
  notice: 'ENOTICE',
});

/** The notice the kit's tool gives for a first line over `tool.notice.firstLineOverBytes` (SPEC "A notice instead of content"). */
export function noticeText(line: number, bytes: number, max: number): string {
  return `[Line ${line} is ${bytes} bytes, over the read tool's ${max}-byte limit: no content shown. Read it another way.]`;
}

/** The kit's own notice as a pattern (what a shim that passes it on shows). */
export const NOTICE_PATTERN = String.raw`^(?:ENOTICE: )?\[Line \d+ is \d+ bytes, over the read tool's \d+-byte limit: no content shown\. Read it another way\.\]$`;

/** Whether `text` is the declared tool's notice, passed on (`tool.notice.pattern`, else the kit's own). */
export function isToolNotice(text: string, t: HostToolBound | undefined): boolean {
  if (t?.notice === undefined) return false;
  return new RegExp(t.notice.pattern ?? NOTICE_PATTERN).test(text);
}

/** Whether a NUL lies within the first `within` UTF-8 bytes of `content` (anywhere, without a bound). */
function nulWithin(content: string, within: number | undefined): boolean {
  const at = content.indexOf('\u0000');
  if (at === -1) return false;
  return within === undefined || Buffer.byteLength(content.slice(0, at), 'utf8') < within;
}

/**
 * The failure the tool gives for the window itself (spec 2.2), or undefined: an offset past the last
 * line (`pastEnd`), a first line over the notice's bound (`notice`).
 */
function windowFailure(
  content: string,
  offset: number | undefined,
  t: HostToolBound,
): { code: string; message: string } | undefined {
  if (t.pastEnd === undefined && t.notice === undefined) return undefined;
  const lines = toolLines(normalizedText(content, t), t);
  const from = (offset ?? 1) - 1;
  // The first line always exists (an empty file has one, empty): only a later offset is past the end.
  if (t.pastEnd === 'error' && from > 0 && from >= lines.length)
    return {
      code: REFUSAL_CODES.pastEnd,
      message: `ERANGE: offset ${from + 1} is beyond end of file (${lines.length} lines total)`,
    };
  const first = lines[from];
  if (t.notice === undefined || first === undefined) return undefined;
  const bytes = Buffer.byteLength(first.slice(0, first.length - endingOf(first).length), 'utf8');
  return bytes > t.notice.firstLineOverBytes
    ? { code: REFUSAL_CODES.notice, message: `ENOTICE: ${noticeText(from + 1, bytes, t.notice.firstLineOverBytes)}` }
    : undefined;
}

const kb = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} bytes`;
  const v = bytes / 1024;
  return `${Number.isInteger(v) ? String(v) : v.toFixed(1)}KB`;
};

/**
 * The refusal the tool gives for a window of `content` instead of its bounded text `text`, or
 * undefined (spec/SPEC.md "Host refusals"): binary first, then the window's own failure (an offset
 * past the end, a notice), then the whole file's size (a request without offset and limit only),
 * then the token estimate of the text it would return.
 */
/** Whether the tool sniffs this file for a NUL (spec 2.2: not a file it shows as text by name, nor one that starts with a BOM under bomIsText). */
function sniffs(r: HostToolRefusals, content: string, path: string | undefined): boolean {
  if (r.bomIsText === true && content.startsWith('\uFEFF')) return false;
  return path === undefined || r.textExtensions?.includes(extname(path).toLowerCase()) !== true;
}

export function refusalOf(
  content: string,
  offset: number | undefined,
  limit: number | undefined,
  text: string,
  t: HostToolBound | undefined,
  path?: string,
): { code: string; message: string } | undefined {
  const r = t?.refuse;
  if (t === undefined) return undefined;
  if (r?.binary === true && sniffs(r, content, path) && nulWithin(content, r.binaryWithin))
    return { code: REFUSAL_CODES.binary, message: 'EBINARY: this tool cannot read binary files' };
  // A file named as binary is refused whatever it holds (refuse.extensions).
  if (r?.extensions !== undefined && path !== undefined && r.extensions.includes(extname(path).toLowerCase()))
    return {
      code: REFUSAL_CODES.binary,
      message: `EBINARY: this tool does not read ${extname(path).toLowerCase()} files`,
    };
  const own = windowFailure(content, offset, t);
  if (own !== undefined || r === undefined) return own;
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

/** Spec 2.2 "A host's page": the tool's text estimates over `pageOverTokens`, ceil(UTF-16 units / 4). */
export function pageable(text: string, t: HostToolBound | undefined): boolean {
  return t?.pageOverTokens !== undefined && Math.ceil(text.length / 4) > t.pageOverTokens;
}

/**
 * The host's page of a pageable text that `shown` is (spec 2.2 "A host's page"): its first K rows
 * of split("\n"), 1 ≤ K < all of them, the last without its ending (and, under `trim-last`, its
 * trailing whitespace) — or undefined when `shown` is not such a page.
 */
export function hostPage(text: string, shown: string, t: HostToolBound | undefined): string | undefined {
  if (!pageable(text, t) || shown === '' || shown.length >= text.length) return undefined;
  const k = shown.split('\n').length;
  const rows = text.split('\n');
  if (k >= rows.length) return undefined;
  const page = rows.slice(0, k).join('\n');
  return (t?.normalize?.includes('trim-last') === true ? trimLastRow(page) : page) === shown ? shown : undefined;
}
