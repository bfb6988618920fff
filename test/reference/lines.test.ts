/**
 * The line model of the diff lever and the stale serve (reference/lines.ts), checked against the
 * test's own reading of it (support.ts `lines`: a line ends with '\n', a final line may not).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commonPrefix,
  commonSuffix,
  lacksNewline,
  lineAt,
  linesOf,
  runBytes,
  sameLine,
  splitLines,
} from '../../reference/lines.ts';
import { bytes, lines } from './support.ts';

const CHUNK = fc.constantFrom('a', 'b', '\n', '\r\n', 'é', '€', '😀', ' ', 'x'.repeat(20), '\ud800');
const text = fc.array(CHUNK, { maxLength: 60 }).map((xs) => xs.join(''));

describe('linesOf / splitLines / lineAt', () => {
  it('cuts after every \\n; a final line without one is a line; "" has none', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a')).toEqual(['a']);
    expect(splitLines('a\n')).toEqual(['a\n']);
    expect(splitLines('a\r\nb')).toEqual(['a\r\n', 'b']);
    expect(splitLines('\n\n')).toEqual(['\n', '\n']);
    const l = linesOf('ab\ncd');
    expect(l.count).toBe(2);
    expect([...l.starts]).toEqual([0, 3, 5]);
    expect(lineAt(l, 1)).toBe('cd');
  });

  it("agrees with the test's own line model on any text", () => {
    fc.assert(
      fc.property(text, (t) => {
        const l = linesOf(t);
        expect(splitLines(t)).toEqual(lines(t));
        expect(l.count).toBe(lines(t).length);
        expect(l.starts[l.count]).toBe(t.length);
      }),
      { seed: 1601, numRuns: 300 },
    );
  });
});

describe('lacksNewline: only the last line of a text that does not end in \\n', () => {
  it('is true for that line only', () => {
    const l = linesOf('a\nb');
    expect(lacksNewline(l, 0)).toBe(false);
    expect(lacksNewline(l, 1)).toBe(true);
    const m = linesOf('a\nb\n');
    expect(lacksNewline(m, 1)).toBe(false);
  });
});

describe('sameLine: equal texts of two lines, endings included', () => {
  it('compares length and every unit', () => {
    const x = linesOf('abc\nabd\nab\r\nab\n');
    const y = linesOf('ab\nabc\n');
    expect(sameLine(x, 0, y, 1)).toBe(true);
    expect(sameLine(x, 1, y, 1)).toBe(false); // same length, last unit differs
    expect(sameLine(x, 3, y, 0)).toBe(true);
    expect(sameLine(x, 2, y, 0)).toBe(false); // CRLF vs LF
  });
  it('agrees with string equality on any pair of lines', () => {
    fc.assert(
      fc.property(text, text, (s, t) => {
        const x = linesOf(s);
        const y = linesOf(t);
        for (let i = 0; i < x.count; i++)
          for (let j = 0; j < y.count; j++) expect(sameLine(x, i, y, j)).toBe(lineAt(x, i) === lineAt(y, j));
      }),
      { seed: 1602, numRuns: 100 },
    );
  });
});

describe('runBytes: UTF-8 bytes of a run of lines', () => {
  it('is exact for short runs (line by line) and long runs (one substring), with multi-byte text', () => {
    const t = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? `é€😀 ${i}\n` : `line ${i}\r\n`)).join('') + 'end 😀';
    const l = linesOf(t);
    const ls = lines(t);
    for (const [from, to] of [
      [0, 0],
      [0, 1],
      [2, 9],
      [2, 10],
      [3, 11],
      [0, 21],
      [13, 21],
    ] as const)
      expect(runBytes(l, from, to)).toBe(bytes(ls.slice(from, to).join('')));
  });
});

describe('commonPrefix / commonSuffix: longest shared start and end, in UTF-16 units', () => {
  const naivePrefix = (x: string, y: string): number => {
    let i = 0;
    while (i < x.length && i < y.length && x[i] === y[i]) i++;
    return i;
  };
  const naiveSuffix = (x: string, y: string): number => {
    let i = 0;
    while (i < x.length && i < y.length && x[x.length - 1 - i] === y[y.length - 1 - i]) i++;
    return i;
  };

  it('finds a difference at any distance (each doubling step and its halving)', () => {
    const base = 'abcdefghij'.repeat(200);
    for (const at of [0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 191, 192, 500, 1000, 1999]) {
      const other = `${base.slice(0, at)}#${base.slice(at + 1)}`;
      expect(commonPrefix(base, other)).toBe(at);
      expect(commonSuffix(base, other)).toBe(base.length - 1 - at);
    }
  });

  it('one text a prefix (or suffix) of the other, equal texts, empty texts', () => {
    expect(commonPrefix('abc', 'abcdef')).toBe(3);
    expect(commonPrefix('abcdef', 'abc')).toBe(3);
    expect(commonSuffix('def', 'abcdef')).toBe(3);
    expect(commonPrefix('x'.repeat(300), 'x'.repeat(300))).toBe(300);
    expect(commonSuffix('x'.repeat(300), 'x'.repeat(300))).toBe(300);
    expect(commonPrefix('', 'a')).toBe(0);
    expect(commonSuffix('a', '')).toBe(0);
  });

  it('agrees with a unit-by-unit scan on any pair', () => {
    const long = fc
      .tuple(text, fc.nat({ max: 400 }), text, text)
      .map(([s, n, t, u]) => [`${'q'.repeat(n)}${s}`, `${'q'.repeat(n)}${t}${u}`] as const);
    fc.assert(
      fc.property(fc.oneof(fc.tuple(text, text), long), ([x, y]) => {
        expect(commonPrefix(x, y)).toBe(naivePrefix(x, y));
        expect(commonSuffix(x, y)).toBe(naiveSuffix(x, y));
      }),
      { seed: 1603, numRuns: 400 },
    );
  });
});
