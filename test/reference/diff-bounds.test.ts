/**
 * The diff lever's lower bounds, each judged exactly on its own arithmetic (they decide when the
 * lever declines before it builds a patch; spec/SPEC.md COUNT-EXACT).
 */
import { describe, expect, it } from 'vitest';
import { imbalance, lengthFloor, lengthImbalance, runFloor, skippedPairs } from '../../reference/diff-bounds.ts';
import { linesOf } from '../../reference/lines.ts';

describe('lengthFloor: |old − new| in UTF-16 units', () => {
  it('is the size change either way, and 0 for a reordering', () => {
    expect(lengthFloor('abcd', 'a')).toBe(3);
    expect(lengthFloor('a', 'abcd')).toBe(3);
    expect(lengthFloor('ab\ncd\n', 'cd\nab\n')).toBe(0);
    expect(lengthFloor('', '')).toBe(0);
  });
  it('counts units, not bytes (a lower bound on bytes): é is one unit', () => {
    expect(lengthFloor('é', '')).toBe(1);
    expect(lengthFloor('😀', '')).toBe(2);
  });
});

describe('runFloor: units of lines [from, to) plus one marker each', () => {
  const l = linesOf('ab\nc\r\ndef'); // lines "ab\n" (3), "c\r\n" (3), "def" (3)
  it('sums the lines and their markers', () => {
    expect(runFloor(l, 0, 3)).toBe(9 + 3);
    expect(runFloor(l, 1, 2)).toBe(3 + 1);
    expect(runFloor(l, 2, 3)).toBe(3 + 1);
  });
  it('an empty run costs nothing', () => {
    expect(runFloor(l, 1, 1)).toBe(0);
  });
});

describe('imbalance: Σ |copies in a − copies in b| × (units + 1) over line IDs', () => {
  const units = Int32Array.from([4, 1, 10]);
  it('counts the surplus copies of each ID on either side', () => {
    // ID 0: 2 in a, 0 in b → 2 × 5; ID 1: 1 and 3 → 2 × 2; ID 2: 1 and 1 → 0
    expect(imbalance(Int32Array.from([0, 0, 1, 2]), Int32Array.from([1, 1, 2, 1]), units, 3)).toBe(10 + 4);
  });
  it('is 0 for the same lines in any order', () => {
    expect(imbalance(Int32Array.from([0, 1, 2]), Int32Array.from([2, 0, 1]), units, 3)).toBe(0);
  });
  it('only IDs below `ids` are weighed', () => {
    expect(imbalance(Int32Array.from([0]), Int32Array.from([]), units, 1)).toBe(5);
    expect(imbalance(Int32Array.from([2]), Int32Array.from([]), units, 3)).toBe(11);
  });
});

describe('skippedPairs: 2 × (units + 1) for each pair the anchors skip', () => {
  const units = Int32Array.from([3, 5, 7, 9]);
  it('charges every pair that is not an anchor', () => {
    // pairs are IDs [0, 1, 2, 3]; anchors at pair indices 1 and 3 → pairs 0 and 2 skipped
    expect(skippedPairs(Int32Array.from([0, 1, 2, 3]), 4, Int32Array.from([1, 3]), units)).toBe(2 * 4 + 2 * 8);
  });
  it('no anchors: every pair; all anchors: nothing', () => {
    expect(skippedPairs(Int32Array.from([0, 1]), 2, Int32Array.from([]), units)).toBe(2 * 4 + 2 * 6);
    expect(skippedPairs(Int32Array.from([0, 1]), 2, Int32Array.from([0, 1]), units)).toBe(0);
  });
  it('reads only the first `pairs` entries', () => {
    expect(skippedPairs(Int32Array.from([0, 3, 3]), 1, Int32Array.from([]), units)).toBe(2 * 4);
  });
});

describe('lengthImbalance: Σ over line lengths L of |lines of length L in a − in b| × (L + 1)', () => {
  it('counts surplus lines per length over the given ranges', () => {
    // a: "ab\n" (3), "c\n" (2), "de\n" (3); b: "xy\n" (3), "long!\n" (6)
    const a = linesOf('ab\nc\nde\n');
    const b = linesOf('xy\nlong!\n');
    // length 3: 2 vs 1 → 1 × 4; length 2: 1 vs 0 → 3; length 6: 0 vs 1 → 7
    expect(lengthImbalance(a, 0, 3, b, 0, 2)).toBe(4 + 3 + 7);
    expect(lengthImbalance(a, 0, 1, b, 0, 1)).toBe(0); // same length: may match, costs nothing here
    expect(lengthImbalance(a, 1, 2, b, 0, 0)).toBe(3);
  });
  it('ranges that start past the first line: the longest line of either side still counts', () => {
    const a = linesOf('ab\n');
    const b = linesOf('x\nlong!\n');
    // a[0, 1): "ab\n" (3); b[1, 2): "long!\n" (6) → 4 + 7
    expect(lengthImbalance(a, 0, 1, b, 1, 2)).toBe(4 + 7);
    expect(lengthImbalance(b, 1, 2, a, 0, 1)).toBe(7 + 4);
  });
  it('a line far longer than the lines are many is counted the same (no table that long)', () => {
    const long = `${'z'.repeat(10_000)}\n`;
    const a = linesOf(`${long}a\n`);
    const b = linesOf(`b\n${'y'.repeat(10_000)}\n`);
    expect(lengthImbalance(a, 0, 2, b, 0, 2)).toBe(0);
    expect(lengthImbalance(a, 0, 2, b, 0, 1)).toBe(10_002);
    expect(lengthImbalance(a, 0, 1, linesOf(`${'y'.repeat(9_999)}\n`), 0, 1)).toBe(10_002 + 10_001);
  });
  it('is a lower bound: never above the bytes of a patch that removes and adds everything', () => {
    const a = linesOf('é\nab\ncd\n');
    const b = linesOf('ab\nxyz\n');
    expect(lengthImbalance(a, 0, 3, b, 0, 2)).toBeLessThanOrEqual(runFloor(a, 0, 3) + runFloor(b, 0, 2));
  });
});
