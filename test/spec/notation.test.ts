/** The example notation's content expressions and the strict hunk applier (DIFF-COMPLETE). */
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { Cursor, NotationError, contentExpr } from '../../spec/notation.ts';
import { applyHunks as applyStrict, parseHunks } from '../../src/core/patch.ts';
import { hunksDiffer } from '../../spec/patch.ts';
import { parseSpec } from '../../spec/parse.ts';

const expr = (text: string, env: ReadonlyMap<string, string> = new Map()): string => contentExpr(new Cursor(text), env);

describe('content expressions', () => {
  it('JSON strings, + and names', () => {
    expect(expr('"a\\n" + "\\u00e9" + X', new Map([['X', 'x']]))).toBe('a\né' + 'x');
  });

  it('lines() pads {n} to the width of the last number', () => {
    expect(expr('lines(9, 11, "r{n}\\n")')).toBe('r09\nr10\nr11\n');
  });

  it('repeat, bytes (UTF-8 ranges) and replace', () => {
    expect(expr('repeat("ab", 3)')).toBe('ababab');
    expect(expr('bytes("a\\u00e9b", 1, 3)')).toBe('é');
    expect(expr('replace("one two", "two", "2")')).toBe('one 2');
  });

  it('refuses a byte range that splits a sequence, and an ambiguous replace', () => {
    expect(() => expr('bytes("a\\u00e9b", 0, 2)')).toThrow(/splits a UTF-8 sequence/);
    expect(() => expr('replace("aa", "a", "b")')).toThrow(NotationError);
    expect(() => expr('nope(1)')).toThrow(/unknown function/);
  });
});

describe('example statements become trace events', () => {
  it('reads carry their window, failure and race; writes get mtime n x 1000 unless given', () => {
    const md = [
      '## POINTER-FULL',
      '```example id=POINTER-FULL/x rule=POINTER-FULL arm=all cap=16 seal=s-x',
      'write a.txt "A"',
      'write a.txt "B" mtime=5',
      'read w1 a.txt offset=2 limit=1 fail=EIO => error EIO',
      'read w2 ./a.txt race="C" => verbatim',
      'stale w1 a.txt 0-3 => refusal stale-past-eof',
      'forget w1 a.txt',
      'forget w2',
      '```',
    ].join('\n');
    const ex = parseSpec(md, 'x.md').examples[0]!;
    expect(ex).toMatchObject({ id: 'POINTER-FULL/x', arm: 'all', cap: 16, seal: 's-x', line: 2 });
    expect(ex.steps.map((s) => (s.kind === 'event' ? s.event : s.kind))).toEqual([
      { type: 'write', path: 'a.txt', content: 'A', mtimeMs: 1000 },
      { type: 'write', path: 'a.txt', content: 'B', mtimeMs: 5 },
      { type: 'read', worker: 'w1', path: 'a.txt', args: { offset: 2, limit: 1 }, fail: 'EIO' },
      { type: 'read', worker: 'w2', path: './a.txt', race: { content: 'C', mtimeMs: 3000 } },
      { type: 'stale', worker: 'w1', path: 'a.txt', startLine: 0, endLine: 3 },
      { type: 'forget', worker: 'w1', path: 'a.txt' },
      { type: 'forget', worker: 'w2' },
    ]);
  });
});

describe('strict hunk application', () => {
  const base = 'a\nb\nc\nx\na\nb\nc\n';
  // The change is at lines 5-7 ("a b c" the second time), but the header says line 1.
  const misplaced = '--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n';

  it('applies a hunk exactly where its header says', () => {
    const hunks = parseHunks('--- a/f\n+++ b/f\n@@ -5,3 +5,3 @@\n a\n-b\n+B\n c\n', true);
    expect(hunks.ok).toBe(true);
    const r = applyStrict(base, hunks.ok ? hunks.value : []);
    expect(r).toEqual({ ok: true, value: 'a\nb\nc\nx\na\nB\nc\n' });
  });

  it('refuses a hunk whose header names the wrong line, which jsdiff applyPatch relocates', () => {
    // Line 1 is "A", so the hunk's context "a b c" only matches at line 5: jsdiff moves it there.
    const moved = 'A\nb\nc\nx\na\nb\nc\n';
    expect(applyPatch(moved, misplaced)).toBe('A\nb\nc\nx\na\nB\nc\n');
    const hunks = parseHunks(misplaced, true);
    expect(hunks.ok).toBe(true);
    expect(applyStrict(moved, hunks.ok ? hunks.value : [])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/line 1 of the held version is "A\\n"/),
    });
  });

  it('honours "\\ No newline at end of file"', () => {
    const hunks = parseHunks(
      '@@ -1,1 +1,1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n',
      false,
    );
    expect(applyStrict('x', hunks.ok ? hunks.value : [])).toEqual({ ok: true, value: 'y' });
  });

  it('requires ---/+++ headers when asked, and counts that match the lines', () => {
    expect(parseHunks('@@ -1,1 +1,1 @@\n-x\n+y\n', true).ok).toBe(false);
    expect(parseHunks('--- a\n+++ b\n@@ -1,2 +1,1 @@\n-x\n+y\n', true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/counts 2\/1/),
    });
  });

  it('describes the first difference between hunk lists', () => {
    const a = parseHunks('@@ -1,1 +1,1 @@\n-x\n+y\n', false);
    const b = parseHunks('@@ -1,1 +1,1 @@\n-x\n+z\n', false);
    expect(a.ok && b.ok && hunksDiffer(a.value, b.value)).toBe('hunk 1 line 2 is "+y", expected "+z"');
    expect(a.ok && hunksDiffer(a.value, a.value)).toBeUndefined();
  });
});
