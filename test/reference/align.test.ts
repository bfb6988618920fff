/**
 * The diff lever's line matching (reference/align.ts): Myers is minimal and stops at its bounds,
 * the longest increasing run is longest, interning gives equal lines equal IDs and declines at
 * its bounds exactly, and every alignment is a valid matching. Expectations come from brute force
 * (an LCS table, an exhaustive LIS), never from the code under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEW_EDITS,
  MAX_GAP_EDITS,
  Work,
  align,
  fewEdits,
  increasingRun,
  intern,
  myers,
  type Alignment,
} from '../../reference/align.ts';
import { linesOf, type Lines } from '../../reference/lines.ts';

/** Length of a longest common subsequence, by the textbook table. */
function lcs<T>(a: readonly T[], b: readonly T[]): number {
  const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      t[i]![j] = a[i - 1] === b[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
  return t[a.length]![b.length]!;
}

/** The kept lines pair up in order and are equal; returns how many pairs. */
function expectMatching<T>(a: ArrayLike<T>, b: ArrayLike<T>, m: Alignment): number {
  const ka = [...m.keepA.keys()].filter((i) => m.keepA[i] === 1);
  const kb = [...m.keepB.keys()].filter((j) => m.keepB[j] === 1);
  expect(ka.length).toBe(kb.length);
  for (let t = 0; t < ka.length; t++) expect(a[ka[t]!]).toBe(b[kb[t]!]);
  expect(m.keepA.every((v) => v === 0 || v === 1) && m.keepB.every((v) => v === 0 || v === 1)).toBe(true);
  return ka.length;
}

const small = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 14 });

function runMyers(
  a: readonly number[],
  b: readonly number[],
  maxEdits: number,
  work = 1e9,
): { ok: boolean; m: Alignment } {
  const keepA = new Uint8Array(a.length);
  const keepB = new Uint8Array(b.length);
  const ok = myers(0, a.length, 0, b.length, (i, j) => a[i] === b[j], keepA, keepB, maxEdits, new Work(work));
  return { ok, m: { keepA, keepB } };
}

describe('Work: cells spent against a bound', () => {
  it('answers true while the bound lasts, false once it is passed', () => {
    const w = new Work(5);
    expect(w.spend(5)).toBe(true);
    expect(w.spend(1)).toBe(false);
    expect(new Work(0).spend(1)).toBe(false);
    expect(new Work(0).spend(0)).toBe(true);
  });
});

describe('myers: a shortest edit script, or nothing', () => {
  it('keeps exactly an LCS of the two sequences', () => {
    fc.assert(
      fc.property(small, small, (a, b) => {
        const { ok, m } = runMyers(a, b, a.length + b.length);
        expect(ok).toBe(true);
        expect(expectMatching(a, b, m)).toBe(lcs(a, b));
      }),
      { seed: 1604, numRuns: 400 },
    );
  });

  it('works on a sub-range and marks only inside it', () => {
    const a = [9, 1, 2, 3, 9];
    const b = [8, 8, 1, 3, 8];
    const keepA = new Uint8Array(5);
    const keepB = new Uint8Array(5);
    expect(myers(1, 4, 2, 4, (i, j) => a[i] === b[j], keepA, keepB, 10, new Work(1e9))).toBe(true);
    expect([...keepA]).toEqual([0, 1, 0, 1, 0]);
    expect([...keepB]).toEqual([0, 0, 1, 1, 0]);
  });

  it('gives up past maxEdits (D = edits needed): D succeeds, D − 1 fails and marks nothing', () => {
    fc.assert(
      fc.property(small, small, (a, b) => {
        const d = a.length + b.length - 2 * lcs(a, b);
        expect(runMyers(a, b, d).ok).toBe(true);
        if (d > 0) {
          const { ok, m } = runMyers(a, b, d - 1);
          expect(ok).toBe(false);
          expect(m.keepA.every((v) => v === 0) && m.keepB.every((v) => v === 0)).toBe(true);
        }
      }),
      { seed: 1605, numRuns: 300 },
    );
  });

  it('gives up when the work runs out, marking nothing; more work, same answer', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8];
    const b = [8, 7, 6, 5, 4, 3, 2, 1];
    const starved = runMyers(a, b, 16, 10);
    expect(starved.ok).toBe(false);
    expect(starved.m.keepA.every((v) => v === 0)).toBe(true);
    expect(runMyers(a, b, 16, 1e6).ok).toBe(true);
  });

  it('an empty side is all inserts or all deletes', () => {
    expect(runMyers([], [1, 2], 2).ok).toBe(true);
    expect(runMyers([1, 2], [], 2).ok).toBe(true);
    expect(runMyers([1, 2], [], 1).ok).toBe(false);
  });
});

describe('increasingRun: a longest strictly increasing subsequence', () => {
  const naive = (v: readonly number[]): number => {
    let best = 0;
    for (let mask = 0; mask < 1 << v.length; mask++) {
      let last = -Infinity;
      let n = 0;
      let ok = true;
      for (let i = 0; i < v.length && ok; i++)
        if (mask & (1 << i)) {
          ok = v[i]! > last;
          last = v[i]!;
          n++;
        }
      if (ok) best = Math.max(best, n);
    }
    return best;
  };
  it('is as long as the longest, and increasing', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 50 }), { maxLength: 11 }), (xs) => {
        const v = Int32Array.from(xs);
        const run = [...increasingRun(v)];
        expect(run.length).toBe(naive(xs));
        for (let k = 1; k < run.length; k++) {
          expect(run[k]!).toBeGreaterThan(run[k - 1]!);
          expect(v[run[k]!]!).toBeGreaterThan(v[run[k - 1]!]!);
        }
      }),
      { seed: 1606, numRuns: 300 },
    );
  });
  it('reads only the first `len` values', () => {
    expect([...increasingRun(Int32Array.from([1, 2, 0, 3, 4]), 3)]).toEqual([0, 1]);
  });
});

/** Old and new texts from line numbers (line n is "line n\n"). */
const text = (ns: readonly number[]): string => ns.map((n) => `line ${n}\n`).join('');
const lines = (ns: readonly number[]): Lines => linesOf(text(ns));

describe('intern: equal lines, equal IDs; declines exactly at its bounds', () => {
  it('gives two lines the same ID iff they are the same text, across both sides and ranges', () => {
    const ln = fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 25 });
    fc.assert(
      fc.property(ln, ln, fc.nat(), fc.nat(), (xs, ys, s, t) => {
        const a = lines(xs);
        const b = lines(ys);
        const aFrom = xs.length === 0 ? 0 : s % xs.length;
        const bFrom = ys.length === 0 ? 0 : t % ys.length;
        const x = intern(a, aFrom, xs.length, b, bFrom, ys.length, Infinity)!;
        const all = [...xs.slice(aFrom), ...ys.slice(bFrom)];
        const ids = [...x.a, ...x.b];
        for (let i = 0; i < all.length; i++)
          for (let j = 0; j < all.length; j++) expect(ids[i] === ids[j]).toBe(all[i] === all[j]);
        expect(x.ids).toBe(new Set(all).size);
        for (let i = 0; i < all.length; i++) expect(x.units[ids[i]!]).toBe(`line ${all[i]}\n`.length);
      }),
      { seed: 1607, numRuns: 300 },
    );
  });

  it('declines once new lines absent from the old middle, with markers, pass the bound', () => {
    // new lines 7 and 8 are absent from old: 2 × ("line 7\n".length + 1) = 16
    const a = lines([1, 2]);
    const b = lines([1, 7, 8, 2]);
    expect(intern(a, 0, 2, b, 0, 4, 16)).toBeDefined();
    expect(intern(a, 0, 2, b, 0, 4, 15)).toBeUndefined();
  });

  it('declines when the floor (surplus copies) passes the bound, and reports it', () => {
    // old has 1 twice, new once: one surplus "line 1\n" → floor 8
    const a = lines([1, 1, 2]);
    const b = lines([2, 1]);
    expect(intern(a, 0, 3, b, 0, 2, 8)?.floor).toBe(8);
    expect(intern(a, 0, 3, b, 0, 2, 7)).toBeUndefined();
  });
});

describe('fewEdits: Myers on the lines themselves, for a few edits only', () => {
  it('finds the matching when the middles differ by up to FEW_EDITS lines', () => {
    const xs = Array.from({ length: 200 }, (_, i) => i);
    const ys = xs.map((n, i) => (i >= 50 && i < 50 + FEW_EDITS / 2 ? 1000 + n : n)); // D = FEW_EDITS
    const m = fewEdits(lines(xs), 0, xs.length, lines(ys), 0, ys.length);
    expect(m).toBeDefined();
    expect(expectMatching(xs, ys, m!)).toBe(200 - FEW_EDITS / 2);
  });
  it('gives up past FEW_EDITS', () => {
    const xs = Array.from({ length: 200 }, (_, i) => i);
    const ys = xs.map((n, i) => (i >= 50 && i <= 50 + FEW_EDITS / 2 ? 1000 + n : n)); // D = FEW_EDITS + 2
    expect(fewEdits(lines(xs), 0, xs.length, lines(ys), 0, ys.length)).toBeUndefined();
  });
  it('matches only inside the given ranges', () => {
    const m = fewEdits(lines([5, 1, 2]), 1, 3, lines([9, 9, 2]), 2, 3)!;
    expect([...m.keepA]).toEqual([0, 1]);
    expect([...m.keepB]).toEqual([1]);
  });
});

describe('align: anchors, gaps, and its bounds', () => {
  const ids = (xs: readonly number[], ys: readonly number[]) =>
    intern(lines(xs), 0, xs.length, lines(ys), 0, ys.length, Infinity)!;

  it('is always a valid matching, and an LCS when every line is unique', () => {
    const perm = fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 });
    fc.assert(
      fc.property(perm, perm, (xs, ys) => {
        const m = align(ids(xs, ys), Infinity, new Work(1e9))!;
        expect(expectMatching(xs, ys, m)).toBe(lcs(xs, ys));
      }),
      { seed: 1608, numRuns: 300 },
    );
  });

  it('with repeated lines (no unique anchors) Myers matches the gaps', () => {
    fc.assert(
      fc.property(small, small, (xs, ys) => {
        const m = align(ids(xs, ys), Infinity, new Work(1e9))!;
        expectMatching(xs, ys, m);
      }),
      { seed: 1609, numRuns: 300 },
    );
    const m = align(ids([1, 2, 1, 2], [2, 1, 2, 1]), Infinity, new Work(1e9))!;
    expect(expectMatching([1, 2, 1, 2], [2, 1, 2, 1], m)).toBe(3);
  });

  it('anchors first, then the gaps: a moved block keeps the longer side', () => {
    const xs = Array.from({ length: 40 }, (_, i) => i);
    const ys = [...xs.slice(0, 5), ...xs.slice(15, 35), ...xs.slice(5, 15), ...xs.slice(35)];
    const m = align(ids(xs, ys), Infinity, new Work(1e9))!;
    expect(expectMatching(xs, ys, m)).toBe(30); // the 10-line block is the one re-sent
  });

  it('declines when the floor plus the skipped unique pairs pass the bound', () => {
    // [1, 2] → [2, 1]: one anchor, one skipped pair: 2 × ("line 1\n".length + 1) = 16
    const x = ids([1, 2], [2, 1]);
    expect(align(x, 16, new Work(1e9))).toBeDefined();
    expect(align(x, 15, new Work(1e9))).toBeUndefined();
  });

  it('out of work, ranges stay unmatched (a larger but valid patch)', () => {
    const xs = [1, 2, 3, 4, 5, 6];
    const ys = [0, 1, 2, 3, 4, 5, 6, 7];
    const m = align(ids(xs, ys), Infinity, new Work(0))!;
    expect(expectMatching(xs, ys, m)).toBe(0);
    expect(expectMatching(xs, ys, align(ids(xs, ys), Infinity, new Work(1e9))!)).toBe(6);
  });

  it('a gap with no unique lines that needs more than MAX_GAP_EDITS edits stays unmatched', () => {
    // no line is found once on each side; matching the two 3s needs 2 × 700 + 4 edits
    const xs = [...Array<number>(700).fill(1), 3, 3, 5, 5];
    const ys = [...Array<number>(700).fill(2), 3, 3, 6, 6];
    expect(MAX_GAP_EDITS).toBeLessThan(2 * 700 + 4);
    expect(expectMatching(xs, ys, align(ids(xs, ys), Infinity, new Work(1e9))!)).toBe(0);
    // the same gap within the bound is matched
    const xs2 = [...Array<number>(100).fill(1), 3, 3, 5, 5];
    const ys2 = [...Array<number>(100).fill(2), 3, 3, 6, 6];
    expect(expectMatching(xs2, ys2, align(ids(xs2, ys2), Infinity, new Work(1e9))!)).toBe(2);
  });
});
