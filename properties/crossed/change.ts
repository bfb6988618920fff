/**
 * What changed between what a worker was handed and what the tool returns now, as the edit columns
 * of table.ts read it. Only the region between the common prefix and suffix is looked at (widened to
 * whole lines), so a change in a 1 MiB file costs one scan of it, not one per question.
 */
import type { Change } from './table.ts';

export interface Side {
  readonly text: string;
  /** UTF-8 bytes of the text (the base64 text's own size for a binary). */
  readonly size: number;
  readonly mtimeMs: number;
}

/** First differing UTF-16 index of two strings (their common length when one is a prefix). */
export function firstDiff(a: string, b: string): number {
  const m = Math.min(a.length, b.length);
  let lo = 0;
  // Compare in chunks first: string slices compare natively.
  for (let step = 4096; lo + step <= m && a.slice(lo, lo + step) === b.slice(lo, lo + step);) lo += step;
  while (lo < m && a.charCodeAt(lo) === b.charCodeAt(lo)) lo++;
  return lo;
}

/** Length of the common suffix, not reaching into the first `floor` units of either. */
function commonSuffix(a: string, b: string, floor: number): number {
  let k = 0;
  const m = Math.min(a.length, b.length) - floor;
  while (k < m && a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)) k++;
  return k;
}

const lineStart = (s: string, i: number): number => s.lastIndexOf('\n', i - 1) + 1;
function lineEnd(s: string, i: number): number {
  const nl = s.indexOf('\n', i);
  return nl === -1 ? s.length : nl + 1;
}

const fold = (s: string): string => s.replace(/[^\p{ASCII}]/gu, '?');
const trimLines = (s: string): string => s.replace(/[ \t]+(?=\r?\n|$)/g, '');
const lf = (s: string): string => s.replace(/\r\n/g, '\n');

/** The change from `a` (delivered) to `b` (now); `moved`: the mtime left a's since delivery. */
export function changeOf(a: Side, b: Side, binary: boolean, moved: boolean): Change {
  const same = a.text === b.text;
  const sizeKept = a.size === b.size;
  const mtimeKept = a.mtimeMs === b.mtimeMs;
  const stat = {
    same,
    binary,
    sizeKept,
    mtimeKept,
    moved: moved || !mtimeKept,
    sameSecond: Math.floor(a.mtimeMs / 1000) === Math.floor(b.mtimeMs / 1000),
  };
  if (same || binary) return { ...stat, folded: same, nfc: same, eol: same, blanks: same };
  const i = firstDiff(a.text, b.text);
  const k = commonSuffix(a.text, b.text, i);
  const from = lineStart(a.text, i);
  const midA = a.text.slice(from, lineEnd(a.text, Math.max(from, a.text.length - k)));
  const midB = b.text.slice(from, lineEnd(b.text, Math.max(from, b.text.length - k)));
  return {
    ...stat,
    folded: fold(midA) === fold(midB),
    nfc: midA.normalize('NFC') === midB.normalize('NFC'),
    eol: lf(midA) === lf(midB),
    blanks: trimLines(midA) === trimLines(midB),
  };
}

/** Bytes into the file of the first change (a binary's base64 text: 3 bytes per 4 characters). */
export function changeOffset(a: string, b: string, binary: boolean): number {
  const i = firstDiff(a, b);
  return binary ? Math.floor((i * 3) / 4) : Buffer.byteLength(a.slice(0, i), 'utf8');
}
