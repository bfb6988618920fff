/**
 * Spec 2.2 host tool declarations (spec/SPEC.md "Host read tools", "Host refusals"): the last row's
 * trim, a cut with a marker and a least line, a blank text shown as the tool's words, an offset past
 * the end that fails, a notice instead of content, and a binary sniff of a prefix.
 */
import { describe, expect, it } from 'vitest';
import { describeHostTool, hostToolProblem, type HostToolBound } from '../../../src/core/host-tool.ts';
import { boundedText, isToolNotice, midLineCut, noticeText, trimLastRow } from '../../../src/harness/host-tool.ts';
import { World } from '../../../src/harness/world.ts';

const world = (tool: HostToolBound, content: string): World => {
  const w = new World(tool);
  w.write('f.ts', content, 1000);
  return w;
};

describe('trim-last (step 7)', () => {
  it("drops only the last row's trailing whitespace (JS trimEnd): no newline is lost", () => {
    const t: HostToolBound = { normalize: ['split', 'trim-last'] };
    expect(boundedText('trail sp  \nlast line  ', undefined, undefined, t)).toBe('trail sp  \nlast line');
    expect(boundedText('trail sp  \nlast line  \n', undefined, undefined, t)).toBe('trail sp  \nlast line  \n');
    expect(boundedText('a\n\n\n', undefined, undefined, t)).toBe('a\n\n\n');
    expect(boundedText('x\ny \t\u3000', undefined, undefined, t)).toBe('x\ny');
    expect(boundedText('   ', undefined, undefined, t)).toBe('');
    // A window's last row too (rows 1-2 of "l1  \nl2  \nl3  \nl4\n").
    expect(boundedText('l1  \nl2  \nl3  \nl4\n', 1, 2, t)).toBe('l1  \nl2');
    expect(trimLastRow('a \nb \u00a0')).toBe('a \nb');
  });
  it('without it, nothing is trimmed; a report says what it does', () => {
    expect(boundedText('x\ny  ', undefined, undefined, { normalize: ['split'] })).toBe('x\ny  ');
    expect(describeHostTool({ normalize: ['split', 'trim-last'] })).toContain(
      "the last shown row's trailing whitespace dropped",
    );
  });
});

describe('cutChars with a marker and a least line (step 5, qwen-code read_file)', () => {
  const q: HostToolBound = {
    normalize: ['bom', 'trim-end', 'split'],
    cutChars: { at: 10, overBytes: 0, marker: '... [truncated]', minLine: 4 },
  };
  it('cuts after `at` units and appends the marker; a text within `at` is whole, no marker', () => {
    expect(boundedText('abcdefghijklmno\n', undefined, undefined, q)).toBe('abcdefghij... [truncated]');
    expect(boundedText('abcdefghij', undefined, undefined, q)).toBe('abcdefghij');
    // The final newline counts: 11 units.
    expect(boundedText('abcdefghij\n', undefined, undefined, q)).toBe('abcdefghij\n... [truncated]');
  });
  it('the cut line shows at least minLine units (or all it has), past `at` if need be', () => {
    // "abcdefgh\n" is 9 units: 1 unit of "xyzuvw" fits, 4 are shown.
    expect(boundedText('abcdefgh\nxyzuvw\n', undefined, undefined, q)).toBe('abcdefgh\nxyzu... [truncated]');
    // The cut falls on the "\n": the next line is the cut line, 4 of its units shown.
    expect(boundedText('abcdefghij\nxyzuvw\n', undefined, undefined, q)).toBe('abcdefghij\nxyzu... [truncated]');
    expect(boundedText('abcdefghij\nxy\nz\n', undefined, undefined, q)).toBe('abcdefghij\nxy... [truncated]');
    // Enough left of the line: exactly `at` units.
    expect(boundedText('abc\nxyzuvwxyz\n', undefined, undefined, q)).toBe('abc\nxyzuvw... [truncated]');
  });
  it('counts UTF-16 units, may split a pair, and is judged on what the tool shows', () => {
    expect(midLineCut(`${'a'.repeat(9)}\u{1F600}b`, { at: 10, overBytes: 0, marker: '!' })).toBe(
      `${'a'.repeat(9)}\uD83D!`,
    );
  });
  it('a declaration names what is wrong with it, and a report says what it does', () => {
    expect(hostToolProblem(q)).toBeUndefined();
    expect(hostToolProblem({ cutChars: { at: 5, overBytes: 0, minLine: 0 } })).toMatch(/cutChars must be/);
    expect(hostToolProblem({ cutChars: { at: 5, overBytes: 0, marker: 3 } })).toMatch(/cutChars must be/);
    expect(describeHostTool({ cutChars: { at: 25_000, overBytes: 0, marker: '... [truncated]', minLine: 10 } })).toBe(
      'the text cut after 25,000 utf16 units, mid-line (at least 10 units of the cut line shown), then "... [truncated]"',
    );
  });
});

describe('blankText (step 8, qwen-code 0.24 "(read_file completed with no output)")', () => {
  const t: HostToolBound = { normalize: ['trim-end', 'split'], blankText: '(no output)' };
  it('a request that shows the whole file, empty or whitespace only, gets the words', () => {
    expect(boundedText('', undefined, undefined, t)).toBe('(no output)');
    expect(boundedText('\n\n\n', undefined, undefined, t)).toBe('(no output)');
    expect(boundedText('   \n \t\n', 1, 10, t)).toBe('(no output)');
  });
  it('a window that is not the whole file keeps its blank text; a text with words is itself', () => {
    expect(boundedText('\n\n\n', 1, 1, t)).toBe('');
    expect(boundedText('\n\nx\n', undefined, undefined, t)).toBe('\n\nx\n');
    expect(boundedText('\n\n\n', 9, 1, t)).toBe('');
  });
  it('must be words', () => {
    expect(hostToolProblem({ blankText: '  ' })).toMatch(/blankText must be a string that is not blank/);
    expect(describeHostTool(t)).toContain('a whole text that is empty or whitespace only shown as "(no output)"');
  });
});

describe('pastEnd: error (an offset past the last line fails)', () => {
  it('fails with ERANGE past the last line; the first line always exists', () => {
    const w = world({ pastEnd: 'error', normalize: ['split'] }, 'a\nb\n');
    expect(w.toolResult({ path: 'f.ts', offset: 3, limit: 1 })).toEqual({ ok: true, text: '' });
    expect(w.toolResult({ path: 'f.ts', offset: 4 })).toEqual({
      ok: false,
      code: 'ERANGE',
      message: 'ERANGE: offset 4 is beyond end of file (3 lines total)',
    });
    expect(world({ pastEnd: 'error' }, '').toolResult({ path: 'f.ts', offset: 1 })).toEqual({ ok: true, text: '' });
    expect(world({ pastEnd: 'error' }, 'a\nb\n').toolResult({ path: 'f.ts', offset: 3 })).toMatchObject({
      ok: false,
      code: 'ERANGE',
    });
  });
  it('without it, past the end is ""', () => {
    expect(world({}, 'a\n').toolResult({ path: 'f.ts', offset: 5 })).toEqual({ ok: true, text: '' });
    expect(hostToolProblem({ pastEnd: 'empty' })).toBe('capabilities.tool.pastEnd must be "error" when given');
    expect(describeHostTool({ pastEnd: 'error' })).toBe(
      'an offset past the last line fails (ERANGE), not an empty text',
    );
  });
});

describe('notice: a first line over N bytes gets a notice, no content', () => {
  const t: HostToolBound = { notice: { firstLineOverBytes: 8 } };
  it("the request's first line decides (its ending not counted); a later window is read", () => {
    const w = world(t, `${'x'.repeat(9)}\nshort\n`);
    expect(w.toolResult({ path: 'f.ts' })).toEqual({
      ok: false,
      code: 'ENOTICE',
      message: `ENOTICE: ${noticeText(1, 9, 8)}`,
    });
    expect(w.toolResult({ path: 'f.ts', offset: 2 })).toEqual({ ok: true, text: 'short\n' });
    expect(world(t, `${'é'.repeat(4)}\n`).toolResult({ path: 'f.ts' })).toEqual({ ok: true, text: 'éééé\n' });
    expect(world(t, `${'é'.repeat(5)}\n`).toolResult({ path: 'f.ts' })).toMatchObject({ code: 'ENOTICE' });
  });
  it('its text is recognised when passed on: the kit’s own, or a declared pattern', () => {
    expect(isToolNotice(noticeText(1, 9, 8), t)).toBe(true);
    expect(isToolNotice('first line\n', t)).toBe(false);
    const pi: HostToolBound = {
      notice: { firstLineOverBytes: 51_200, pattern: String.raw`^\[Line \d+ is .*, exceeds .* limit\.` },
    };
    expect(isToolNotice('[Line 1 is 60.0KB, exceeds 50.0KB limit. Use bash: sed -n 1p f.ts]', pi)).toBe(true);
    expect(isToolNotice(noticeText(1, 9, 8), undefined)).toBe(false);
  });
  it('a declaration names what is wrong with it, and a report says what it does', () => {
    expect(hostToolProblem({ notice: { firstLineOverBytes: 0 } })).toMatch(
      /notice must be \{firstLineOverBytes, pattern\?\}/,
    );
    expect(hostToolProblem({ notice: { firstLineOverBytes: 4, pattern: '(' } })).toMatch(
      /notice\.pattern is not a regular expression/,
    );
    expect(describeHostTool(t)).toBe('a first line over 8 bytes answered with a notice, no content (ENOTICE)');
  });
});

describe('refuse.binaryWithin: a tool that sniffs a prefix for a NUL', () => {
  it('a NUL within the first N bytes refuses; one past them is text', () => {
    const t: HostToolBound = { refuse: { binary: true, binaryWithin: 8 } };
    expect(world(t, `${'z'.repeat(7)}\u0000tail\n`).toolResult({ path: 'f.ts' })).toMatchObject({ code: 'EBINARY' });
    expect(world(t, `${'z'.repeat(8)}\u0000tail\n`).toolResult({ path: 'f.ts' })).toEqual({
      ok: true,
      text: `${'z'.repeat(8)}\u0000tail\n`,
    });
    // Bytes, not units: "é" is 2 bytes, so the NUL at unit 4 is byte 8.
    expect(world(t, `éééé\u0000\n`).toolResult({ path: 'f.ts' })).toMatchObject({ ok: true });
    expect(world({ refuse: { binary: true } }, `${'z'.repeat(80)}\u0000\n`).toolResult({ path: 'f.ts' })).toMatchObject(
      {
        code: 'EBINARY',
      },
    );
  });
  it('needs refuse.binary; a report says where the tool looks', () => {
    expect(hostToolProblem({ refuse: { binaryWithin: 512 } })).toMatch(/binaryWithin needs refuse\.binary: true/);
    expect(describeHostTool({ refuse: { binary: true, binaryWithin: 512 } })).toBe(
      'refuses binary files (a NUL byte within the first 512 bytes)',
    );
  });
});
