/**
 * Hunks from a line matching (reference/hunks.ts): context and merging as `diff -u` does, header
 * numbers, "\ No newline at end of file", and sizes that are exact before any text is built.
 * Expected patches are written by hand.
 */
import { FILE_HEADERS_ONLY, formatPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTEXT, hunkBytes, hunksOf, regionsOf } from '../../reference/hunks.ts';
import { linesOf } from '../../reference/lines.ts';
import { bytes, strictApply } from './support.ts';

const rows = (from: number, to: number, f = (i: number): string => `r${i}`): string =>
  Array.from({ length: to - from + 1 }, (_, k) => `${f(from + k)}\n`).join('');

/** The hunks of `regions` as patch text (no file headers). */
function hunkText(old: string, neu: string, regions: number[]): string {
  const text = formatPatch(
    {
      oldFileName: 'a/f',
      newFileName: 'b/f',
      oldHeader: undefined,
      newHeader: undefined,
      hunks: hunksOf(linesOf(old), linesOf(neu), regions),
    },
    FILE_HEADERS_ONLY,
  );
  return text.slice('--- a/f\n+++ b/f\n'.length);
}

describe('regionsOf: runs of unkept lines, in file coordinates', () => {
  it('pairs kept lines in order and reports what lies between', () => {
    const keepA = Uint8Array.from([1, 0, 0, 1, 1, 0]);
    const keepB = Uint8Array.from([1, 0, 1, 1, 0, 0]);
    expect(regionsOf(keepA, keepB, 10)).toEqual([11, 13, 11, 12, 15, 16, 14, 16]);
  });
  it('nothing kept is one region; everything kept is none', () => {
    expect(regionsOf(new Uint8Array(2), new Uint8Array(3), 0)).toEqual([0, 2, 0, 3]);
    expect(regionsOf(Uint8Array.from([1, 1]), Uint8Array.from([1, 1]), 0)).toEqual([]);
  });
});

describe('hunksOf: context, merging, headers', () => {
  const old = rows(1, 20);
  it(`${CONTEXT} lines of context around a change; header counts both sides`, () => {
    const neu = old.replace('r10\n', 'R10\n');
    expect(CONTEXT).toBe(3);
    expect(hunkText(old, neu, [9, 10, 9, 10])).toBe('@@ -7,7 +7,7 @@\n r7\n r8\n r9\n-r10\n+R10\n r11\n r12\n r13\n');
  });

  it('two changes 6 equal lines apart share one hunk; 7 apart make two', () => {
    const six = hunkText(old, old, [4, 5, 4, 5, 11, 12, 11, 12]); // lines 5 and 12: 6 lines between
    expect(six.match(/^@@/gm)).toHaveLength(1);
    expect(six.split('\n')[0]).toBe('@@ -2,14 +2,14 @@');
    const seven = hunkText(old, old, [4, 5, 4, 5, 12, 13, 12, 13]); // lines 5 and 13: 7 between
    expect(seven.match(/^@@/gm)).toHaveLength(2);
    expect(seven).toContain('@@ -2,7 +2,7 @@\n');
    expect(seven).toContain('@@ -10,7 +10,7 @@\n');
  });

  it('less context at the edges of the file', () => {
    expect(hunkText(old, old, [0, 1, 0, 1]).split('\n')[0]).toBe('@@ -1,4 +1,4 @@');
    expect(hunkText(old, old, [19, 20, 19, 20]).split('\n')[0]).toBe('@@ -17,4 +17,4 @@');
    expect(hunkText(old, old, [1, 2, 1, 2]).split('\n')[0]).toBe('@@ -1,5 +1,5 @@');
  });

  it('a side with no lines names the line before it (0 for an empty file)', () => {
    expect(hunkText('', 'a\nb\n', [0, 0, 0, 2])).toBe('@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect(hunkText('a\nb\n', '', [0, 2, 0, 0])).toBe('@@ -1,2 +0,0 @@\n-a\n-b\n');
    // a pure insertion after line 10 of 20: 3 lines of context each side, none removed
    const neu = old.replace('r10\n', 'r10\nnew\n');
    expect(hunkText(old, neu, [10, 10, 10, 11])).toBe('@@ -8,6 +8,7 @@\n r8\n r9\n r10\n+new\n r11\n r12\n r13\n');
  });

  it('marks a last line without a newline, on either side, and keeps CRs', () => {
    expect(hunkText('a\r\nb', 'a\r\nc', [1, 2, 1, 2])).toBe(
      '@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n',
    );
    expect(hunkText('a\nb', 'a\nb\n', [1, 2, 1, 2])).toBe(
      '@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n',
    );
    expect(hunkText('x\ny', 'z\ny', [0, 1, 0, 1])).toBe('@@ -1,2 +1,2 @@\n-x\n+z\n y\n\\ No newline at end of file\n');
  });
});

describe('hunkBytes: the exact size of the hunks, or undefined past the bound', () => {
  const LINE = fc.constantFrom('a', 'bb', 'é€', '😀x', '', 'line\r', 'x'.repeat(30));
  const textArb = fc
    .tuple(fc.array(LINE, { maxLength: 40 }), fc.boolean())
    .map(([ls, eol]) => (ls.length === 0 ? '' : ls.join('\n') + (eol ? '\n' : '')));
  /** A random matching as keep flags with equal counts, whose kept lines we make equal. */
  const pair = fc.tuple(
    textArb,
    textArb,
    fc.array(fc.boolean(), { maxLength: 40 }),
    fc.array(fc.boolean(), { maxLength: 40 }),
  );

  it("equals the formatted hunks' UTF-8 length, for any regions", () => {
    fc.assert(
      fc.property(pair, ([s, t, fa, fb]) => {
        const a = linesOf(s);
        const b = linesOf(t);
        const keepA = Uint8Array.from({ length: a.count }, (_, i) => (fa[i] ? 1 : 0));
        const keepB = Uint8Array.from({ length: b.count }, (_, j) => (fb[j] ? 1 : 0));
        // equal kept counts (sizes do not need kept lines to be equal text)
        let ka = keepA.reduce((x, y) => x + y, 0);
        let kb = keepB.reduce((x, y) => x + y, 0);
        for (let i = keepA.length - 1; i >= 0 && ka > kb; i--)
          if (keepA[i]) {
            keepA[i] = 0;
            ka--;
          }
        for (let j = keepB.length - 1; j >= 0 && kb > ka; j--)
          if (keepB[j]) {
            keepB[j] = 0;
            kb--;
          }
        const r = regionsOf(keepA, keepB, 0);
        const size = bytes(hunkText(s, t, r));
        expect(hunkBytes(a, b, r, Infinity)).toBe(size);
        expect(hunkBytes(a, b, r, size)).toBe(size);
        if (size > 0) expect(hunkBytes(a, b, r, size - 1)).toBeUndefined();
      }),
      { seed: 1610, numRuns: 400 },
    );
  });

  it('a block of many lines is measured exactly too (one substring)', () => {
    const s = rows(1, 50, (i) => `é row ${i}`);
    const t = rows(1, 50, (i) => `€ ROW ${i}`);
    const r = [0, 50, 0, 50];
    expect(hunkBytes(linesOf(s), linesOf(t), r, Infinity)).toBe(bytes(hunkText(s, t, r)));
  });
});

describe('hunks applied: what regions describe is what the patch does', () => {
  it('the hunks of a true matching turn old into new under a strict applier', () => {
    const old = rows(1, 30);
    const neu = old.replace('r3\n', '').replace('r15\n', 'r15\nX\nY\n').replace('r29\n', 'R29\n');
    // old lines 3, and 29 changed; two lines added after 15
    const r = [2, 3, 2, 2, 15, 15, 14, 16, 28, 29, 29, 30];
    const patch = `--- a/f\n+++ b/f\n${hunkText(old, neu, r)}`;
    expect(strictApply(old, patch)).toBe(neu);
  });
});
