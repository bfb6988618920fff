/** Byte-level ground truth helpers (judged on bytes, never by looking for U+FFFD). */

export const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');

/** A code-point boundary of `b`: not inside a multi-byte sequence. UTF8-WHOLE. */
export function isBoundary(b: Uint8Array, i: number): boolean {
  if (i === 0 || i === b.length) return true;
  if (i < 0 || i > b.length) return false;
  return ((b[i] ?? 0) & 0xc0) !== 0x80;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0;
}

/** "1,234" — numbers in stories read like the brief's. */
export const n = (x: number): string => x.toLocaleString('en-US');

/** Text as the worker receives it on the wire: UTF-8 bytes decoded (a lone surrogate is U+FFFD). */
export const wire = (s: string): string => utf8(s).toString('utf8');
