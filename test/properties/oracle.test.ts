import { applyPatch, createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { applyStrict } from '../../properties/oracle/strict-patch.ts';
import { isBoundary, utf8 } from '../../properties/oracle/bytes.ts';
import { afterClaim, holds } from '../../properties/oracle/knowledge.ts';

describe('strict hunk applier (DIFF-COMPLETE)', () => {
  const old = Array.from({ length: 30 }, (_, i) => `line ${i}\n`).join('');
  const next = old.replace('line 20\n', 'line twenty\n');
  const patch = createTwoFilesPatch('a/f', 'b/f', old, next, undefined, undefined, { context: 3 });

  it('applies a correct patch exactly', () => {
    expect(applyStrict(old, patch)).toEqual({ ok: true, text: next });
  });

  it('rejects a hunk whose header line is wrong, which jsdiff relocates', () => {
    const moved = patch.replace(/@@ -18,7 \+18,7 @@/, '@@ -15,7 +15,7 @@');
    expect(moved).not.toBe(patch);
    expect(applyPatch(old, moved)).toBe(next); // jsdiff searches and finds it anyway
    const r = applyStrict(old, moved);
    expect(r.ok).toBe(false);
  });

  it('applies pure insertions exactly where their header says (after line N, or at the top of an empty file)', () => {
    const after10 = old.replace('line 9\n', 'line 9\nNEW\n');
    const p0 = createTwoFilesPatch('a/f', 'b/f', old, after10, undefined, undefined, { context: 0 });
    expect(p0).toMatch(/@@ -10,0 \+11,1 @@/);
    expect(applyStrict(old, p0)).toEqual({ ok: true, text: after10 });
    expect(applyStrict('', createTwoFilesPatch('a/f', 'b/f', '', 'x\n'))).toEqual({ ok: true, text: 'x\n' });
    expect(applyStrict(old, p0.replace('@@ -10,0 +11,1 @@', '@@ -11,0 +12,1 @@')).ok).toBe(true); // a valid patch, other place
    const moved = applyStrict(old, p0.replace('@@ -10,0 +11,1 @@', '@@ -11,0 +12,1 @@'));
    expect(moved.ok && moved.text).not.toBe(after10);
  });

  it('rejects a diff without ---/+++ headers', () => {
    const bare = patch
      .split('\n')
      .filter((l) => !l.startsWith('---') && !l.startsWith('+++') && !l.startsWith('====') && !l.startsWith('Index'))
      .join('\n');
    const r = applyStrict(old, bare);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.reason).toMatch(/headers/);
  });

  it('keeps CRLF and a missing final newline exact', () => {
    const a = 'x\r\ny\r\nz';
    const b = 'x\r\nY\r\nz\r\n';
    const p = createTwoFilesPatch('a/f', 'b/f', a, b);
    expect(applyStrict(a, p)).toEqual({ ok: true, text: b });
    expect(applyStrict(a.replace(/\r/g, ''), p).ok).toBe(false);
  });

  it('rejects a prefix of a diff (a hunk cut to fit)', () => {
    const two = next.replace('line 2\n', 'line two\n');
    const p = createTwoFilesPatch('a/f', 'b/f', old, two);
    const cut = p.slice(0, p.lastIndexOf('@@ -'));
    const r = applyStrict(old, cut);
    expect(r.ok && r.text === two).toBe(false);
  });
});

describe('byte boundaries (UTF8-WHOLE)', () => {
  it('judges on bytes: inside a 4-byte sequence is not a boundary', () => {
    const b = utf8('a😀b');
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => isBoundary(b, i))).toEqual([true, true, false, false, false, true, true]);
  });
  it('a file that contains U+FFFD itself is fine on its boundaries', () => {
    const b = utf8('\uFFFDx');
    expect(isBoundary(b, 3)).toBe(true);
    expect(isBoundary(b, 1)).toBe(false);
  });
});

describe('worker knowledge K = (T, P)', () => {
  const content = 'hello world';
  it('a continuation appends; done only when P equals the content', () => {
    const k1 = afterClaim(
      undefined,
      { kind: 'slice', start: 0, end: 5, total: 11, done: false, payload: 'hello' },
      '',
      content,
    );
    expect(k1).not.toBe('keep');
    const k2 = afterClaim(
      k1 === 'keep' ? undefined : k1,
      { kind: 'slice', start: 5, end: 11, total: 11, done: true, payload: ' world' },
      '',
      content,
    );
    expect(k2 !== 'keep' && holds(k2, utf8(content))).toBe(true);
  });
  it('a continuation past P leaves the worker holding only P', () => {
    expect(
      afterClaim(undefined, { kind: 'slice', start: 3, end: 5, total: 11, done: false, payload: 'lo' }, '', content),
    ).toBe('keep');
  });
  it('an empty file is held only after a response said it is empty', () => {
    expect(holds(undefined, utf8(''))).toBe(false);
    const k = afterClaim(undefined, { kind: 'verbatim' }, '', '');
    expect(k !== 'keep' && holds(k, utf8(''))).toBe(true);
  });
  it('a response starting at 0 of changed content replaces P', () => {
    const k1 = afterClaim(undefined, { kind: 'verbatim' }, 'abcdefgh', 'abcdefgh');
    const k2 = afterClaim(
      k1 as never,
      { kind: 'slice', start: 0, end: 4, total: 8, done: false, payload: 'abcd' },
      '',
      'abcdXYZW',
    );
    expect(k2 !== 'keep' && k2.prefix.toString()).toBe('abcd');
  });
});
