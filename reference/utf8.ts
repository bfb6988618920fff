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
