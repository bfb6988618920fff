/** UTF-8 byte helpers (UTF8-WHOLE). */

/** The largest code-point boundary ≤ `i` in `buf` (walks back over continuation bytes). */
export function boundaryAtOrBefore(buf: Uint8Array, i: number): number {
  let j = Math.min(Math.max(i, 0), buf.length);
  // buf[buf.length] is undefined: & 0xc0 gives 0, so the end is a boundary.
  while (j > 0 && ((buf[j] ?? 0) & 0xc0) === 0x80) j--;
  return j;
}

/** End of a slice that starts at `start` and carries at most `cap` bytes, on a boundary. */
export function sliceEnd(buf: Uint8Array, start: number, cap: number): number {
  return boundaryAtOrBefore(buf, Math.min(start + cap, buf.length));
}

/**
 * The UTF-16 index in `text` where byte `byte` of its UTF-8 falls, rounded down to a code point
 * (a lone surrogate is 3 bytes, as Buffer encodes it). Walks the text: for offsets the ledger
 * does not already know.
 */
export function unitIndex(text: string, byte: number): number {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const n = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + n > byte) break;
    bytes += n;
    i += pair ? 2 : 1;
  }
  return i;
}
