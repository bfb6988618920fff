/** The host read tool's bound (spec/SPEC.md "Host read tools"): the exact text a bounded tool returns. */
import { describe, expect, it } from 'vitest';
import { describeHostTool, hostToolProblem, windowLimitMax } from '../../../src/core/host-tool.ts';
import { tokenCut, boundedText, cutUnits } from '../../../src/harness/host-tool.ts';
import { World } from '../../../src/harness/world.ts';

const lines = (n: number, eol = '\n'): string => Array.from({ length: n }, (_, i) => `l${i + 1}${eol}`).join('');

describe('line limit', () => {
  it('at most maxLines lines from the start; a file of exactly maxLines lines is whole, with or without a final newline', () => {
    expect(boundedText(lines(5), undefined, undefined, { maxLines: 3 })).toBe('l1\nl2\nl3\n');
    expect(boundedText(lines(3), undefined, undefined, { maxLines: 3 })).toBe(lines(3));
    expect(boundedText('l1\nl2\nl3', undefined, undefined, { maxLines: 3 })).toBe('l1\nl2\nl3');
    expect(boundedText('l1\nl2\nl3\nl4', undefined, undefined, { maxLines: 3 })).toBe('l1\nl2\nl3\n');
  });
  it('a window composes: min(limit, maxLines) lines from offset; past the end and an empty file give ""', () => {
    expect(boundedText(lines(10), 4, 5, { maxLines: 2 })).toBe('l4\nl5\n');
    expect(boundedText(lines(10), 4, 1, { maxLines: 2 })).toBe('l4\n');
    expect(boundedText(lines(10), 11, undefined, { maxLines: 2 })).toBe('');
    expect(boundedText('', undefined, undefined, { maxLines: 2, maxLineChars: 1, maxChars: 1 })).toBe('');
  });
});

describe('line cut', () => {
  it('cuts the body after maxLineChars units and keeps its ending (\\n or \\r\\n, not counted)', () => {
    expect(boundedText('abcdef\r\nxy\n', undefined, undefined, { maxLineChars: 3 })).toBe('abc\r\nxy\n');
    expect(boundedText('abcdef', undefined, undefined, { maxLineChars: 3 })).toBe('abc');
  });
  it('a lone \\r is not a line end', () => {
    expect(boundedText('ab\rcdef\n', undefined, undefined, { maxLineChars: 4 })).toBe('ab\rc\n');
  });
  it('units: utf16 may split a surrogate pair; codepoint and byte keep whole characters', () => {
    const s = 'a😀b';
    expect(cutUnits(s, 2, 'utf16')).toBe('a\ud83d');
    expect(cutUnits(s, 2, 'codepoint')).toBe('a😀');
    expect(cutUnits(s, 4, 'byte')).toBe('a');
    expect(cutUnits(s, 5, 'byte')).toBe('a😀');
    expect(boundedText('é€😀x\n', undefined, undefined, { maxLineChars: 3, unit: 'codepoint' })).toBe('é€😀\n');
    expect(boundedText('é€😀x\n', undefined, undefined, { maxLineChars: 5, unit: 'byte' })).toBe('é€\n');
  });
});

describe('whole-text cut and numbering', () => {
  it('maxChars cuts at a line end, keeping at least one line (itself cut)', () => {
    expect(boundedText('aaaa\nbbbb\ncccc\n', undefined, undefined, { maxChars: 11 })).toBe('aaaa\nbbbb\n');
    expect(boundedText('aaaaaaaa\nb\n', undefined, undefined, { maxChars: 4 })).toBe('aaaa');
  });
  it('order: line cut, then maxLines, then numbering, then maxChars', () => {
    const t = boundedText('abcdef\nxyz\nq\n', 2, undefined, { maxLineChars: 2, maxLines: 1, lineNumbers: 'cat-n' });
    expect(t).toBe('     2\txy\n');
    expect(boundedText('a\nb\n', undefined, undefined, { lineNumbers: 'cat-n', maxChars: 9 })).toBe('     1\ta\n');
  });
  it('the kit read tool applies the bound; without one it returns the window verbatim', () => {
    const bounded = new World({ maxLines: 2 });
    bounded.write('a.ts', lines(4), 1);
    expect(bounded.toolResult({ path: 'a.ts' })).toEqual({ ok: true, text: 'l1\nl2\n' });
    const plain = new World();
    plain.write('a.ts', lines(4), 1);
    expect(plain.toolResult({ path: 'a.ts' })).toEqual({ ok: true, text: lines(4) });
  });
});

describe('declaring a bound', () => {
  it('rejects what is not a bound, naming the key', () => {
    expect(hostToolProblem({ maxLines: 2000, maxLineChars: 2000 })).toBeUndefined();
    expect(hostToolProblem({ maxLines: 0 })).toMatch(/maxLines must be an integer >= 1/);
    expect(hostToolProblem({ unit: 'chars' })).toMatch(/unit must be one of utf16\|codepoint\|byte/);
    expect(hostToolProblem({ maxline: 3 })).toMatch(/unknown key "maxline"/);
    expect(hostToolProblem({ lineNumbers: true })).toMatch(/lineNumbers must be "cat-n"/);
  });
});

describe('normalisation (tool.normalize): the text the tool shows, before any bound', () => {
  it('crlf shows every "\\r\\n" as "\\n" (a lone "\\r" stays); bom drops a leading U+FEFF only', () => {
    expect(boundedText('a\r\nb\rc\r\n', undefined, undefined, { normalize: ['crlf'] })).toBe('a\nb\rc\n');
    expect(boundedText('\uFEFFa\r\n', undefined, undefined, { normalize: ['bom'] })).toBe('a\r\n');
    expect(boundedText('a\uFEFF\n', undefined, undefined, { normalize: ['bom'] })).toBe('a\uFEFF\n');
    expect(boundedText('\uFEFFa\r\n', undefined, undefined, { normalize: ['crlf', 'bom'] })).toBe('a\n');
    expect(boundedText('\uFEFFa\r\n', undefined, undefined, {})).toBe('\uFEFFa\r\n');
  });
  it('comes first: the line cut and maxChars count the normalised text, windows count its lines', () => {
    expect(boundedText('abc\r\ndef\r\n', undefined, undefined, { normalize: ['crlf'], maxChars: 8 })).toBe(
      'abc\ndef\n',
    );
    expect(boundedText('\uFEFFabc\n', undefined, undefined, { normalize: ['bom'], maxLineChars: 3 })).toBe('abc\n');
    expect(boundedText('l1\r\nl2\r\nl3\r\n', 2, 1, { normalize: ['crlf'] })).toBe('l2\n');
  });
  it('the kit read tool returns the normalised text: a rewrite of the line ends alone leaves it the same', () => {
    const w = new World({ normalize: ['crlf'] });
    w.write('a.ts', 'x\r\ny\r\n', 1);
    const before = w.toolResult({ path: 'a.ts' });
    w.write('a.ts', 'x\ny\n', 2);
    expect(w.toolResult({ path: 'a.ts' })).toEqual(before);
    expect(before).toEqual({ ok: true, text: 'x\ny\n' });
  });
  it('split: a window shows the rows of split("\\n") joined by "\\n"; the row after a final newline is a row', () => {
    const t = { normalize: ['split' as const] };
    expect(boundedText('l1\nl2\nl3\n', 1, 2, t)).toBe('l1\nl2');
    expect(boundedText('l1\nl2\nl3\n', 3, 1, t)).toBe('l3');
    expect(boundedText('l1\nl2\nl3\n', 3, 2, t)).toBe('l3\n');
    expect(boundedText('l1\nl2\nl3\n', 4, 1, t)).toBe('');
    expect(boundedText('l1\nl2\nl3\n', undefined, undefined, t)).toBe('l1\nl2\nl3\n');
    expect(boundedText('x\ny', 1, 1, t)).toBe('x');
    expect(boundedText('', undefined, undefined, t)).toBe('');
    expect(boundedText('l1\r\nl2\r\n', 1, 1, { normalize: ['crlf', 'split'] })).toBe('l1');
    expect(boundedText('l1\nl2\n', 1, 1, {})).toBe('l1\n');
  });
  it('a declaration names what is wrong with it', () => {
    expect(hostToolProblem({ normalize: ['crlf', 'bom', 'split'] })).toBeUndefined();
    expect(hostToolProblem({ normalize: 'crlf' })).toMatch(
      /normalize must be an array of distinct "crlf", "bom", "trim-end", "split"/,
    );
    expect(hostToolProblem({ normalize: ['crlf', 'crlf'] })).toMatch(/normalize must be an array of distinct/);
    expect(hostToolProblem({ normalize: ['utf16'] })).toMatch(/normalize must be an array of distinct/);
  });
});

describe('a limit that is a default (tool.defaultLimit) and one that caps (tool.maxLines)', () => {
  it('defaultLimit cuts only a request with no limit; an explicit limit, larger or smaller, is honoured', () => {
    expect(boundedText(lines(8), undefined, undefined, { defaultLimit: 3 })).toBe(lines(3));
    expect(boundedText(lines(8), undefined, 6, { defaultLimit: 3 })).toBe(lines(6));
    expect(boundedText(lines(8), 2, 1, { defaultLimit: 3 })).toBe('l2\n');
    expect(boundedText(lines(8), 7, undefined, { defaultLimit: 3 })).toBe('l7\nl8\n');
  });
  it('maxLines still caps every request, an explicit limit above defaultLimit included', () => {
    expect(boundedText(lines(8), undefined, 6, { defaultLimit: 3, maxLines: 5 })).toBe(lines(5));
    expect(boundedText(lines(8), undefined, undefined, { defaultLimit: 3, maxLines: 5 })).toBe(lines(3));
    expect(boundedText(lines(8), undefined, 6, { maxLines: 5 })).toBe(lines(5));
  });
  it('a window above maxLines is sent only where defaultLimit is declared', () => {
    expect(windowLimitMax({ maxLines: 5 })).toBe(5);
    expect(windowLimitMax({ maxLines: 5, defaultLimit: 3 })).toBeUndefined();
    expect(windowLimitMax({ defaultLimit: 3 })).toBeUndefined();
    expect(windowLimitMax(undefined)).toBeUndefined();
    expect(hostToolProblem({ defaultLimit: 0 })).toMatch(/defaultLimit must be an integer >= 1/);
  });
});

describe('a mid-line cut past a file size (tool.cutChars, SPEC "Host read tools" step 5)', () => {
  const cut = { cutChars: { at: 4, overBytes: 8 } };
  it('cuts the text after `at` units wherever that falls, only when the file on disk is over `overBytes`', () => {
    expect(boundedText('abcdefghij\n', undefined, undefined, cut)).toBe('abcd');
    expect(boundedText('ab\ncdefghij\n', undefined, undefined, cut)).toBe('ab\nc');
    // Exactly overBytes bytes is not over: whole.
    expect(boundedText('abcdXYZ\n', undefined, undefined, cut)).toBe('abcdXYZ\n');
    // The file's size decides, not the window's: a 4-byte window of a 16-byte file is cut too.
    expect(boundedText('abc\nlonger line\n', 1, 1, { cutChars: { at: 2, overBytes: 8 } })).toBe('ab');
  });
  it('counts in `unit`: utf16 may split a pair, codepoint never does; the last step, after maxLines', () => {
    expect(boundedText('a\u{1F600}bcdefgh\n', undefined, undefined, { cutChars: { at: 2, overBytes: 1 } })).toBe(
      'a\uD83D',
    );
    expect(
      boundedText('a\u{1F600}bcdefgh\n', undefined, undefined, {
        cutChars: { at: 2, overBytes: 1 },
        unit: 'codepoint',
      }),
    ).toBe('a\u{1F600}');
    expect(boundedText('l1\nl2\nl3\n', undefined, undefined, { maxLines: 2, cutChars: { at: 4, overBytes: 1 } })).toBe(
      'l1\nl',
    );
  });
  it('a declaration names what is wrong with it', () => {
    expect(hostToolProblem(cut)).toBeUndefined();
    expect(hostToolProblem({ cutChars: { at: 0, overBytes: 8 } })).toMatch(
      /cutChars must be \{at, overBytes, marker\?, minLine\?\}/,
    );
    expect(hostToolProblem({ cutChars: { at: 4 } })).toMatch(/cutChars must be \{at, overBytes, marker\?, minLine\?\}/);
    expect(hostToolProblem({ cutChars: { at: 4, overBytes: 8, unit: 'byte' } })).toMatch(/cutChars must be/);
    expect(describeHostTool({ cutChars: { at: 30_000, overBytes: 30_000 } })).toBe(
      'the text cut after 30,000 utf16 units, mid-line, when the file is over 30,000 bytes',
    );
  });
});

describe('a partial view past a token estimate (tool.maxTokens, SPEC "Host read tools" step 6)', () => {
  it('keeps whole lines while ceil(UTF-8 bytes / 4) is at most maxTokens: 4 × maxTokens bytes', () => {
    const t = { maxTokens: 2 }; // 8 bytes
    expect(boundedText('abc\ndefg\nhij\n', undefined, undefined, t)).toBe('abc\n'); // 4 + 5 > 8
    expect(boundedText('abc\ndef\nhij\n', undefined, undefined, t)).toBe('abc\ndef\n'); // exactly 8 bytes: 2 tokens
    expect(boundedText('abc\ndef\n', undefined, undefined, t)).toBe('abc\ndef\n'); // within: whole
    // A window is cut the same way: the estimate is of the text the request returns.
    expect(boundedText('x\nabc\ndefg\nhij\n', 2, 3, t)).toBe('abc\n');
  });
  it('a first line alone over it is cut at 4 × maxTokens bytes, never inside a character', () => {
    expect(boundedText('abcdefghij\nk\n', undefined, undefined, { maxTokens: 2 })).toBe('abcdefgh');
    // 'abcdefg' is 7 bytes; the 4-byte emoji would make 11: walked back.
    expect(boundedText('abcdefg\u{1F600}\n', undefined, undefined, { maxTokens: 2 })).toBe('abcdefg');
    expect(tokenCut('\u00e9\u00e9\u00e9\u00e9\u00e9', 1)).toBe('\u00e9\u00e9');
  });
  it('is the last step: it counts the numbered, normalised text', () => {
    // "     1\tab\n" is 10 bytes: over 8, cut inside the first line.
    expect(boundedText('ab\ncd\n', undefined, undefined, { maxTokens: 2, lineNumbers: 'cat-n' })).toBe('     1\ta');
    expect(boundedText('ab\r\ncd\r\nef\r\n', undefined, undefined, { maxTokens: 2, normalize: ['crlf'] })).toBe(
      'ab\ncd\n',
    );
  });
  it('a declaration names what is wrong with it, and a report says what it does', () => {
    expect(hostToolProblem({ maxTokens: 25_000 })).toBeUndefined();
    expect(hostToolProblem({ maxTokens: 0 })).toMatch(/capabilities\.tool\.maxTokens must be an integer >= 1/);
    expect(hostToolProblem({ maxTokens: 2.5 })).toMatch(/maxTokens must be an integer >= 1/);
    expect(describeHostTool({ maxTokens: 25_000 })).toBe(
      'the text cut at a line end to at most 25,000 tokens (estimated as UTF-8 bytes / 4, a partial view)',
    );
  });
});
