/**
 * Which lines a diff keeps (DIFF-COMPLETE; bounded cost, docs/BENCH.md): a monotone
 * matching of equal lines between the changed middles of the old and new text. A few edits are
 * found by Myers' O(ND) directly on the lines; otherwise lines become integer IDs, lines found
 * once on each side anchor the matching (their longest increasing run, as patience diff does),
 * and Myers runs only inside the gaps between anchors. Every step is counted against a work bound
 * (never the clock); a gap the bound cannot afford stays unmatched, which is still a complete
 * diff, only a larger one.
 */
import { imbalance, skippedPairs } from './diff-bounds.ts';
import { sameLine, type Lines } from './lines.ts';

/** The kept lines of each middle (1 = kept); kept lines pair up in order and are equal. */
export interface Alignment {
  readonly keepA: Uint8Array;
  readonly keepB: Uint8Array;
}

/** Counts work in cells (a comparison, a trace entry); `spend` is false once the bound is gone. */
export class Work {
  #left: number;
  constructor(bound: number) {
    this.#left = bound;
  }
  spend(cells: number): boolean {
    this.#left -= cells;
    return this.#left >= 0;
  }
}

/** Most edits Myers looks for in one gap (its trace holds about this squared in cells). */
export const MAX_GAP_EDITS = 1_000;

/**
 * Myers' greedy O(ND) diff of a[aLo, aHi) and b[bLo, bHi) under `eq`, marking the kept lines of a
 * shortest edit script. Gives up (marks nothing, false) past `maxEdits` edits or out of work.
 */
export function myers(
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  eq: (i: number, j: number) => boolean,
  keepA: Uint8Array,
  keepB: Uint8Array,
  maxEdits: number,
  work: Work,
): boolean {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.min(n + m, maxEdits);
  const off = maxD + 1;
  const v = new Int32Array(2 * maxD + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= maxD; d++) {
    let cells = 2 * d + 1;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      while (x < n && y < m && eq(aLo + x, bLo + y)) {
        x++;
        y++;
      }
      cells += x - x0;
      v[off + k] = x;
      if (x >= n && y >= m) {
        if (!work.spend(cells)) return false;
        backtrack(trace, d, n, m, aLo, bLo, keepA, keepB);
        return true;
      }
    }
    if (!work.spend(cells)) return false;
    trace.push(v.slice(off - d, off + d + 1));
  }
  return false;
}

/** Walks Myers' trace back from (n, m), marking the diagonal (kept) steps. */
function backtrack(
  trace: readonly Int32Array[],
  dEnd: number,
  n: number,
  m: number,
  aLo: number,
  bLo: number,
  keepA: Uint8Array,
  keepB: Uint8Array,
): void {
  let x = n;
  let y = m;
  for (let d = dEnd; d > 0; d--) {
    const prev = trace[d - 1]!; // V after round d − 1: diagonal k at index k + d − 1
    const k = x - y;
    const down = k === -d || (k !== d && prev[k - 1 + d - 1]! < prev[k + 1 + d - 1]!);
    const pk = down ? k + 1 : k - 1;
    const px = prev[pk + d - 1]!;
    const py = px - pk;
    // round d's move ends at (sx, sy); from there to (x, y) is a snake of equal lines
    const sx = down ? px : px + 1;
    const sy = down ? py + 1 : py;
    while (x > sx && y > sy) keepA[aLo + --x] = keepB[bLo + --y] = 1;
    x = px;
    y = py;
  }
  while (x > 0 && y > 0) keepA[aLo + --x] = keepB[bLo + --y] = 1;
}

/** Edits the direct try looks for, and its work per line of the middles, before IDs are built. */
export const FEW_EDITS = 64;
const FEW_WORK_PER_LINE = 4;

/**
 * Old lines [aFrom, aTo) against new lines [bFrom, bTo) by Myers directly on the text, when they
 * differ by at most FEW_EDITS lines and little work; undefined otherwise.
 */
export function fewEdits(
  a: Lines,
  aFrom: number,
  aTo: number,
  b: Lines,
  bFrom: number,
  bTo: number,
): Alignment | undefined {
  const keepA = new Uint8Array(aTo - aFrom);
  const keepB = new Uint8Array(bTo - bFrom);
  const work = new Work(FEW_WORK_PER_LINE * (keepA.length + keepB.length) + FEW_EDITS * FEW_EDITS);
  const eq = (i: number, j: number): boolean => sameLine(a, aFrom + i, b, bFrom + j);
  return myers(0, keepA.length, 0, keepB.length, eq, keepA, keepB, FEW_EDITS, work) ? { keepA, keepB } : undefined;
}

/** The changed middles as line IDs: equal lines, equal IDs. */
export interface Interned {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly ids: number;
  /** UTF-16 length of each ID's line: a lower bound on its UTF-8 bytes. */
  readonly units: Int32Array;
  /** Σ over IDs of |copies in a − copies in b| × (units + 1): patch bytes no matching avoids. */
  readonly floor: number;
}

/** FNV-1a over a line's UTF-16 units: equal lines hash equal; a match is always compared in full. */
function lineHash(l: Lines, i: number): number {
  let h = 0x811c9dc5;
  const t = l.text;
  for (let k = l.starts[i]!, e = l.starts[i + 1]!; k < e; k++) h = Math.imul(h ^ t.charCodeAt(k), 0x01000193);
  return h;
}

/**
 * Interns old lines [aFrom, aTo) and new lines [bFrom, bTo) in an open-addressing table (hash,
 * then a full comparison). Undefined as soon as new lines found nowhere in the old middle, each
 * with its marker, outweigh `bound` (a full rewrite stops early), or the floor does.
 */
export function intern(
  a: Lines,
  aFrom: number,
  aTo: number,
  b: Lines,
  bFrom: number,
  bTo: number,
  bound: number,
): Interned | undefined {
  const lines = aTo - aFrom + (bTo - bFrom);
  let size = 16;
  while (size < (lines * 3) / 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(2 * size); // [hash, ID + 1] per slot; ID + 1 = 0: empty
  const repB = new Uint8Array(lines); // each ID's first line: in b (1) or a (0), and which
  const repLine = new Int32Array(lines);
  const units = new Int32Array(lines);
  let ids = 0;
  const idOf = (l: Lines, i: number, side: number): number => {
    const h = lineHash(l, i);
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const got = table[2 * s + 1]! - 1;
      if (got < 0) {
        table[2 * s] = h;
        table[2 * s + 1] = ids + 1;
        repB[ids] = side;
        repLine[ids] = i;
        units[ids] = l.starts[i + 1]! - l.starts[i]!;
        return ids++;
      }
      if (table[2 * s] === h && sameLine(repB[got] === 1 ? b : a, repLine[got]!, l, i)) return got;
    }
  };
  const ia = new Int32Array(aTo - aFrom);
  for (let i = aFrom; i < aTo; i++) ia[i - aFrom] = idOf(a, i, 0);
  const seenInA = ids;
  const ib = new Int32Array(bTo - bFrom);
  let added = 0; // new lines found nowhere in the old middle: each one is a '+' line
  // Most new lines equal the old line after the last one matched: compare there before hashing.
  let guess = aFrom;
  for (let j = bFrom; j < bTo; j++) {
    let id: number;
    if (guess < aTo && sameLine(a, guess, b, j)) id = ia[guess++ - aFrom]!;
    else {
      id = idOf(b, j, 1);
      guess = id < seenInA ? repLine[id]! + 1 : guess + 1;
    }
    ib[j - bFrom] = id;
    if (id >= seenInA) {
      added += units[id]! + 1;
      if (added > bound) return undefined;
    }
  }
  const floor = imbalance(ia, ib, units, ids);
  return floor > bound ? undefined : { a: ia, b: ib, ids, units, floor };
}

/** Longest strictly increasing subsequence of v[0, len) (distinct values), as indices into v. */
export function increasingRun(v: Int32Array, len: number = v.length): Int32Array {
  const tails = new Int32Array(len);
  const prev = new Int32Array(len);
  let top = 0;
  for (let p = 0; p < len; p++) {
    const x = v[p]!;
    let lo = 0;
    let hi = top;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v[tails[mid]!]! < x) lo = mid + 1;
      else hi = mid;
    }
    prev[p] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = p;
    if (lo === top) top++;
  }
  const out = new Int32Array(top);
  for (let k = top - 1, p = top > 0 ? tails[top - 1]! : -1; k >= 0; k--, p = prev[p]!) out[k] = p;
  return out;
}

/** A stack of ranges (aLo, aHi, bLo, bHi) in a growing typed array. */
class Ranges {
  #v = new Int32Array(64);
  #n = 0;
  get size(): number {
    return this.#n;
  }
  push(aLo: number, aHi: number, bLo: number, bHi: number): void {
    if (this.#n + 4 > this.#v.length) {
      const w = new Int32Array(this.#v.length * 2);
      w.set(this.#v);
      this.#v = w;
    }
    const v = this.#v;
    v[this.#n++] = aLo;
    v[this.#n++] = aHi;
    v[this.#n++] = bLo;
    v[this.#n++] = bHi;
  }
  /** Removes the top range; read it with `at(0..3)` before the next push. */
  pop(): void {
    this.#n -= 4;
  }
  at(k: number): number {
    return this.#v[this.#n + k]!;
  }
}

/**
 * Aligns the interned middles. Undefined when the lines this matching must leave out (the floor,
 * plus both copies of every line found once on each side that the top anchors skip) outweigh
 * `bound`.
 */
export function align(x: Interned, bound: number, work: Work): Alignment | undefined {
  const { a, b } = x;
  const keepA = new Uint8Array(a.length);
  const keepB = new Uint8Array(b.length);
  // Scratch indexed by ID, left all zero after each use; pairs reused range after range.
  const ca = new Int32Array(x.ids);
  const cb = new Int32Array(x.ids);
  const pb = new Int32Array(x.ids);
  const pairA = new Int32Array(Math.min(a.length, b.length));
  const pairB = new Int32Array(pairA.length);
  const pairId = new Int32Array(pairA.length);
  const eq = (i: number, j: number): boolean => a[i] === b[j];
  const ranges = new Ranges();
  ranges.push(0, a.length, 0, b.length);
  let top = true;
  while (ranges.size > 0) {
    ranges.pop();
    let aLo = ranges.at(0);
    let aHi = ranges.at(1);
    let bLo = ranges.at(2);
    let bHi = ranges.at(3);
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) keepA[aLo++] = keepB[bLo++] = 1;
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) keepA[--aHi] = keepB[--bHi] = 1;
    if (aLo === aHi || bLo === bHi) continue;
    if (!work.spend(2 * (aHi - aLo + (bHi - bLo)))) break;
    // Lines found once on each side of this range, in old order, with their new position.
    for (let i = aLo; i < aHi; i++) ca[a[i]!]!++;
    for (let j = bLo; j < bHi; j++) {
      cb[b[j]!]!++;
      pb[b[j]!] = j;
    }
    let pairs = 0;
    for (let i = aLo; i < aHi; i++) {
      const n = a[i]!;
      if (ca[n] === 1 && cb[n] === 1) {
        pairA[pairs] = i;
        pairB[pairs] = pb[n]!;
        pairId[pairs++] = n;
      }
    }
    for (let i = aLo; i < aHi; i++) ca[a[i]!] = 0;
    for (let j = bLo; j < bHi; j++) cb[b[j]!] = 0;
    if (pairs === 0) {
      myers(aLo, aHi, bLo, bHi, eq, keepA, keepB, MAX_GAP_EDITS, work);
      continue;
    }
    const run = increasingRun(pairB, pairs);
    if (top && x.floor + skippedPairs(pairId, pairs, run, x.units) > bound) return undefined;
    top = false;
    // Gaps between anchors that have lines on both sides, pushed last-first (taken in order).
    let nextA = aHi;
    let nextB = bHi;
    for (let r = run.length - 1; r >= 0; r--) {
      const i = pairA[run[r]!]!;
      const j = pairB[run[r]!]!;
      keepA[i] = keepB[j] = 1;
      if (i + 1 < nextA && j + 1 < nextB) ranges.push(i + 1, nextA, j + 1, nextB);
      nextA = i;
      nextB = j;
    }
    if (aLo < nextA && bLo < nextB) ranges.push(aLo, nextA, bLo, nextB);
  }
  return { keepA, keepB };
}
