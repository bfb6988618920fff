/** Byte-level ground truth helpers (judged on bytes, never by looking for U+FFFD). */

/**
 * The UTF-8 bytes of `s`. The oracle's hot path encodes through its own memo instead
 * (OracleMemo.utf8 in properties/oracle/knowledge.ts): one read judges the same text many times.
 */
export function utf8(s: string): Buffer {
  return Buffer.from(s, 'utf8');
}

/** ES2024's String.prototype.isWellFormed (Node 20 has it; the ES2023 lib does not type it). */
type WellFormed = string & { isWellFormed(): boolean };

/** A code-point boundary of `b`: not inside a multi-byte sequence. UTF8-WHOLE. */
export function isBoundary(b: Uint8Array, i: number): boolean {
  if (i === 0 || i === b.length) return true;
  if (i < 0 || i > b.length) return false;
  return ((b[i] ?? 0) & 0xc0) !== 0x80;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0;
}

/** "1,234" — numbers in stories read like SPEC.md's. */
export const n = (x: number): string =>
  Number.isSafeInteger(x) && !Object.is(x, -0) ? String(x).replace(GROUPS, ',') : x.toLocaleString('en-US');

/** Before every third digit from the right (what en-US grouping gives an integer, without ICU: efficiency notes call n() per slice). */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** Text as the worker receives it on the wire: UTF-8 bytes decoded (a lone surrogate is U+FFFD). */
export const wire = (s: string): string => ((s as WellFormed).isWellFormed() ? s : utf8(s).toString('utf8'));
