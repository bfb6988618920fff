/**
 * Lower bounds on a patch's bytes that let the diff lever decline before it builds anything
 * (docs/BENCH.md: the diff must not stall a tool call). Each is exact about its own
 * arithmetic and counts UTF-16 units, which never exceed UTF-8 bytes; diffResponse still checks
 * the finished response against its budget.
 */
import type { Lines } from './lines.ts';

/** Kept lines cancel out, so removed minus added text is the size change: a patch carries at least that. */
export function lengthFloor(oldText: string, newText: string): number {
  return Math.abs(oldText.length - newText.length);
}

/** Lines [from, to) under a one-byte marker each: at least their units plus the markers. */
export function runFloor(l: Lines, from: number, to: number): number {
  return l.starts[to]! - l.starts[from]! + (to - from);
}

/**
 * Lines of different lengths never match, so for each length L the surplus lines of that length
 * on either side are '-' or '+' lines: Σ over L of |lines of length L in a − in b| × (L + 1), over
 * old lines [aFrom, aTo) and new lines [bFrom, bTo). No hashing: a full rewrite declines here.
 */
export function lengthImbalance(a: Lines, aFrom: number, aTo: number, b: Lines, bFrom: number, bTo: number): number {
  let longest = 0;
  for (let i = aFrom; i < aTo; i++) longest = Math.max(longest, a.starts[i + 1]! - a.starts[i]!);
  for (let j = bFrom; j < bTo; j++) longest = Math.max(longest, b.starts[j + 1]! - b.starts[j]!);
  // A table as long as the longest line, unless lines are far longer than they are many.
  const lines = aTo - aFrom + (bTo - bFrom);
  const table = longest <= 4 * lines + 64 ? new Int32Array(longest + 1) : undefined;
  const map = new Map<number, number>();
  const add = (len: number, d: number): void => {
    if (table !== undefined) table[len]! += d;
    else map.set(len, (map.get(len) ?? 0) + d);
  };
  for (let i = aFrom; i < aTo; i++) add(a.starts[i + 1]! - a.starts[i]!, 1);
  for (let j = bFrom; j < bTo; j++) add(b.starts[j + 1]! - b.starts[j]!, -1);
  let floor = 0;
  if (table !== undefined) for (let len = 0; len <= longest; len++) floor += Math.abs(table[len]!) * (len + 1);
  else for (const [len, c] of map) floor += Math.abs(c) * (len + 1);
  return floor;
}

/**
 * Copies of a line that one side has more of than the other are '-' or '+' lines in any patch:
 * Σ over line IDs [0, ids) of |copies in a − copies in b| × (units + 1).
 */
export function imbalance(a: Int32Array, b: Int32Array, units: Int32Array, ids: number): number {
  const count = new Int32Array(ids);
  for (let i = 0; i < a.length; i++) count[a[i]!]!++;
  for (let j = 0; j < b.length; j++) count[b[j]!]!--;
  let floor = 0;
  for (let n = 0; n < ids; n++) {
    const c = count[n]!;
    if (c !== 0) floor += (c < 0 ? -c : c) * (units[n]! + 1);
  }
  return floor;
}

/**
 * A line found once on each side and not among the anchors has its partner in another gap, so
 * it is a '-' and a '+' line: 2 × (units + 1) for each such pair. `ids[0, pairs)` are the pairs'
 * line IDs; `anchors` are indices into them, increasing.
 */
export function skippedPairs(ids: Int32Array, pairs: number, anchors: Int32Array, units: Int32Array): number {
  let n = 0;
  for (let p = 0, r = 0; p < pairs; p++) {
    if (r < anchors.length && anchors[r] === p) r++;
    else n += 2 * (units[ids[p]!]! + 1);
  }
  return n;
}
