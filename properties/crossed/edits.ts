/**
 * Edits, as the session band draws them and the crossed corpus names them. A content edit changes a
 * file at a position (a fraction of its length, so a shrunk file keeps the edit meaningful); the
 * hidden kinds change only what a shortcut may not look at (one character for another of the same
 * size, only characters outside ASCII, only the Unicode form, only line ends, only trailing blanks,
 * bytes of a binary far from its start). Each edit's effect on the stat is drawn apart (StatEffect).
 */
import { SWAPS } from '../generators/session/content.ts';

export type ContentEdit =
  | 'ascii'
  | 'multibyte'
  | 'form'
  | 'line-endings'
  | 'blanks'
  | 'bytes'
  | 'append'
  | 'insert-line'
  | 'delete-line'
  | 'replace-line'
  | 'truncate';

/** The hidden kinds: the size is kept (form, line ends and blanks change it, but only in that way). */
export const HIDDEN_EDITS: readonly ContentEdit[] = Object.freeze([
  'ascii',
  'multibyte',
  'form',
  'line-endings',
  'blanks',
  'bytes',
]);
export const ORDINARY_EDITS: readonly ContentEdit[] = Object.freeze([
  'append',
  'insert-line',
  'delete-line',
  'replace-line',
  'truncate',
]);

/**
 * How an edit moves the mtime: forward by a second or more, forward within the same whole second,
 * kept, or restored to the mtime the file had before its previous write.
 */
export type StatEffect = 'advance' | 'same-second' | 'keep' | 'restore';
export const STAT_EFFECTS: readonly StatEffect[] = Object.freeze(['advance', 'same-second', 'keep', 'restore']);

const isAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The first index at or after `from` (wrapping to the start) where `ok` holds, or -1. */
function findFrom(s: string, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < s.length; i++) if (ok(i)) return i;
  for (let i = 0; i < Math.min(from, s.length); i++) if (ok(i)) return i;
  return -1;
}

const lineStartAt = (s: string, i: number): number => s.lastIndexOf('\n', i - 1) + 1;
function lineEndAt(s: string, i: number): number {
  const nl = s.indexOf('\n', i);
  return nl === -1 ? s.length : nl;
}

/** One ASCII letter or digit becomes another: the same size, new content. */
function ascii(s: string, at: number): string | undefined {
  const i = findFrom(s, at, (k) => isAlnum(s.charCodeAt(k)));
  if (i === -1) return undefined;
  return s.slice(0, i) + (s[i] === 'Q' ? 'Z' : 'Q') + s.slice(i + 1);
}

/** One character outside ASCII becomes another of the same UTF-8 size: ASCII untouched. */
function multibyte(s: string, at: number): string | undefined {
  const i = findFrom(
    s,
    at,
    (k) => s.charCodeAt(k) > 127 && SWAPS.has(s.slice(k, k + (s.charCodeAt(k) >= 0xd800 ? 2 : 1))),
  );
  if (i === -1) return undefined;
  const ch = s.slice(i, i + (s.charCodeAt(i) >= 0xd800 ? 2 : 1));
  return s.slice(0, i) + SWAPS.get(ch)! + s.slice(i + ch.length);
}

/** One line's precomposed letters decomposed (or a decomposed line composed): only the Unicode form changes. */
function form(s: string, at: number): string | undefined {
  const i = findFrom(s, at, (k) => {
    const c = s.charCodeAt(k);
    return c > 127 && c < 0x2000 && s[k]!.normalize('NFD') !== s[k];
  });
  const j = i !== -1 ? i : findFrom(s, at, (k) => s.charCodeAt(k) >= 0x300 && s.charCodeAt(k) <= 0x36f);
  if (j === -1) return undefined;
  const from = lineStartAt(s, j);
  const to = lineEndAt(s, j);
  const row = s.slice(from, to);
  const other = i !== -1 ? row.normalize('NFD') : row.normalize('NFC');
  return other === row ? undefined : s.slice(0, from) + other + s.slice(to);
}

/** The line ends from the line at the offset on converted: CRLF to LF when the file has one, else LF to CRLF. */
function lineEndings(s: string, at: number): string | undefined {
  const from = lineStartAt(s, Math.min(at, Math.max(0, s.length - 1)));
  const tail = s.slice(from);
  if (!tail.includes('\n')) return undefined;
  const out = s.includes('\r\n') ? tail.replace(/\r\n/g, '\n') : tail.replace(/\n/g, '\r\n');
  return out === tail ? undefined : s.slice(0, from) + out;
}

/** The end of a line's text (before '\r\n' or '\n') and where its trailing blanks start. */
function rowAt(s: string, start: number): { end: number; blanks: number } {
  let end = lineEndAt(s, start);
  if (end > start && s[end - 1] === '\r') end--;
  let k = end;
  while (k > start && (s[k - 1] === ' ' || s[k - 1] === '\t')) k--;
  return { end, blanks: k };
}

/**
 * Trailing blanks only. An even `salt`: the line at the offset loses its trailing blanks, or (a line
 * without) gets two spaces. An odd one: the first line from the offset with trailing blanks hands
 * them to the line after it — the size kept.
 */
function blanks(s: string, at: number, salt: number): string | undefined {
  if (s.length === 0) return undefined;
  let start = lineStartAt(s, Math.min(at, s.length - 1));
  if (salt % 2 === 1)
    for (let tries = 0; tries < 100_000 && start < s.length; tries++) {
      const r = rowAt(s, start);
      const next = lineEndAt(s, start) + 1;
      if (r.blanks < r.end && next < s.length) {
        const n = rowAt(s, next);
        return s.slice(0, r.blanks) + s.slice(r.end, n.end) + s.slice(r.blanks, r.end) + s.slice(n.end);
      }
      start = next;
    }
  start = lineStartAt(s, Math.min(at, s.length - 1));
  const r = rowAt(s, start);
  return r.blanks < r.end ? s.slice(0, r.blanks) + s.slice(r.end) : `${s.slice(0, r.end)}  ${s.slice(r.end)}`;
}

/** One byte of a binary changed at the offset: the same size. */
function bytes(b: Uint8Array, at: number): Uint8Array | undefined {
  if (b.length === 0) return undefined;
  const out = new Uint8Array(b);
  const i = Math.min(at, b.length - 1);
  out[i] = out[i]! ^ 0x5a;
  return out;
}

function ordinary(kind: ContentEdit, s: string, at: number, salt: number): string | undefined {
  const eol = s.includes('\r\n') ? '\r\n' : '\n';
  switch (kind) {
    case 'append':
      return `${s}${s === '' || s.endsWith('\n') ? '' : eol}// appended ${salt}${eol}`;
    case 'insert-line': {
      const i = lineStartAt(s, Math.min(at, s.length));
      return `${s.slice(0, i)}const inserted${salt} = ${salt};${eol}${s.slice(i)}`;
    }
    case 'delete-line': {
      if (s.length === 0) return undefined;
      const i = lineStartAt(s, Math.min(at, s.length - 1));
      const e = lineEndAt(s, i);
      return s.slice(0, i) + s.slice(Math.min(s.length, e + 1));
    }
    case 'replace-line': {
      const i = lineStartAt(s, Math.min(at, Math.max(0, s.length - 1)));
      let e = lineEndAt(s, i);
      if (e > i && s[e - 1] === '\r') e--;
      return `${s.slice(0, i)}const replaced${salt} = ${salt};${s.slice(e)}`;
    }
    case 'truncate':
      return s.length === 0 ? undefined : s.slice(0, at);
    default:
      return undefined;
  }
}

/**
 * The content after a content edit at `frac` of its length (0 ≤ frac < 1), or undefined when the
 * file has nothing this edit changes (a binary for a text edit, no character outside ASCII, …).
 */
export function applyEdit(
  kind: ContentEdit,
  cur: string | Uint8Array,
  frac: number,
  salt: number,
): string | Uint8Array | undefined {
  if (typeof cur !== 'string') return kind === 'bytes' ? bytes(cur, Math.floor(frac * cur.length)) : undefined;
  const at = Math.floor(frac * cur.length);
  switch (kind) {
    case 'ascii':
      return ascii(cur, at);
    case 'multibyte':
      return multibyte(cur, at);
    case 'form':
      return form(cur, at);
    case 'line-endings':
      return lineEndings(cur, at);
    case 'blanks':
      return blanks(cur, at, salt);
    case 'bytes':
      return undefined;
    default:
      return ordinary(kind, cur, at, salt);
  }
}
