/**
 * The diff lever's lower bounds, each judged exactly on its own arithmetic (they decide when the
 * lever declines before diffing; READ-SHIM-CONTRACT.md §6).
 */
import { describe, expect, it } from 'vitest';
import { maxEdits, surelyTooBig, unitImbalance } from '../../reference/diff-bounds.ts';

describe('unitImbalance: Σ |count in old − count in new| over UTF-16 units, compared with room', () => {
  // 'aab' → 'abc': one 'a' fewer, one 'c' more → the patch carries at least 2 units.
  it('declines exactly when the imbalance exceeds the room', () => {
    expect(unitImbalance('aab', 'abc', 1)).toBe(true);
    expect(unitImbalance('aab', 'abc', 2)).toBe(false);
  });
  it('counts surplus on both sides, and every unit value up to U+FFFF', () => {
    expect(unitImbalance('xx', '', 1)).toBe(true); // 2 removed
    expect(unitImbalance('', 'xx', 1)).toBe(true); // 2 added
    expect(unitImbalance('\uffff', '', 0)).toBe(true);
    expect(unitImbalance('\uffff', '', 1)).toBe(false);
    expect(unitImbalance('\u0000', '', 0)).toBe(true);
  });
  it('a reordering has no imbalance, whatever its size', () => {
    expect(unitImbalance('abc\ndef\n', 'def\nabc\n', 0)).toBe(false);
    expect(unitImbalance('same', 'same', 0)).toBe(false);
  });
  it('a room below zero declines any change', () => {
    expect(unitImbalance('ab', 'ba', -1)).toBe(true);
  });
});

describe('surelyTooBig: added lines (with markers) + removed text, compared with room', () => {
  const lines = (...xs: string[]) => xs;
  it('a new line found nowhere in the old middle costs its length + 1; removed text follows from the size change', () => {
    // old middle ["ab\n"], new middle ["xyz\n"]: added = 4 + 1 = 5, addedText = 4, shrink = 3 − 4 = −1 → removed ≥ 3 → 8.
    const a = lines('ab\n');
    const b = lines('xyz\n');
    expect(surelyTooBig(a, b, 0, 1, 1, 7)).toBe(true);
    expect(surelyTooBig(a, b, 0, 1, 1, 8)).toBe(false);
  });
  it('lines that also occur in the old middle cost nothing', () => {
    const a = lines('one\n', 'two\n');
    expect(surelyTooBig(a, lines('two\n', 'one\n'), 0, 2, 2, 0)).toBe(false);
  });
  it('a pure deletion costs the removed text', () => {
    // nothing added; shrink = 5 ('gone\n') → removed ≥ 5
    expect(surelyTooBig(lines('gone\n'), lines(), 0, 1, 0, 4)).toBe(true);
    expect(surelyTooBig(lines('gone\n'), lines(), 0, 1, 0, 5)).toBe(false);
  });
  it('only the middle [from, end) counts', () => {
    const a = lines('k\n', 'old\n', 'k\n');
    const b = lines('k\n', 'new!\n', 'k\n');
    // added 6, addedText 5, shrink 4 − 5 = −1 → removed ≥ 4 → 10
    expect(surelyTooBig(a, b, 1, 2, 2, 9)).toBe(true);
    expect(surelyTooBig(a, b, 1, 2, 2, 10)).toBe(false);
  });
  it('stops early: the first added line over the room decides', () => {
    const b = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`);
    expect(surelyTooBig([], b, 0, 0, 1000, 10)).toBe(true);
  });
});

describe('maxEdits: how many of the cheapest edit lines (length + 1) fit the budget', () => {
  it('takes the cheapest lines first and stops at the first that does not fit', () => {
    const a = ['aaaa\n', 'b\n']; // costs 6, 3
    const b = ['cc\n', 'dddddd\n']; // costs 4, 8
    // sorted 3, 4, 6, 8: budget 13 → 3 + 4 + 6 = 13 → 3 edits; 12 → 2 edits
    expect(maxEdits(a, b, 0, 2, 2, 13)).toBe(3);
    expect(maxEdits(a, b, 0, 2, 2, 12)).toBe(2);
    expect(maxEdits(a, b, 0, 2, 2, 21)).toBe(4);
    expect(maxEdits(a, b, 0, 2, 2, 2)).toBe(0);
  });
  it('sorts numerically (10 after 9), and counts only the middle', () => {
    const a = ['x'.repeat(9) + '\n', 'k\n']; // 11, (k outside)
    const b = ['y'.repeat(8) + '\n', 'k\n']; // 10
    expect(maxEdits(a, b, 0, 1, 1, 10)).toBe(1);
    expect(maxEdits(a, b, 0, 1, 1, 21)).toBe(2);
    expect(maxEdits(['k\n', 'zz\n'], ['k\n', 'w\n'], 1, 2, 2, 3)).toBe(1); // cost 3 (w) fits, 4 (zz) would not
  });
});
