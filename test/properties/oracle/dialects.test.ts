/**
 * SPEC.md "Diff dialects": the default (lines with endings, file headers) and `lines: 'split'`
 * (rows are `text.split('\n')` elements, bare hunks allowed, no `\` row), both applied strictly by
 * src/core/patch.ts; the claim says which, in-process and over the process protocol alike.
 */
import { describe, expect, it } from 'vitest';
import { claimProblem } from '../../../src/core/claims.ts';
import { applyPatchText, parseHunks } from '../../../src/core/patch.ts';
import { replyProblem } from '../../../src/adapters/process/protocol.ts';
import { applyStrict } from '../../../properties/oracle/strict-patch.ts';
import { afterClaim } from '../../../properties/oracle/knowledge.ts';

describe('split rows', () => {
  it('a bare hunk applies over split rows; the element after the last newline is a row', () => {
    expect(applyPatchText('a\nb\nc', '@@ -2,2 +2,2 @@\n b\n-c\n+C\n', 'split')).toEqual({ ok: true, value: 'a\nb\nC' });
    expect(applyPatchText('a\nb\n', '@@ -2,2 +2,2 @@\n b\n \n', 'split')).toEqual({ ok: true, value: 'a\nb\n' });
  });
  it('a trailing newline removed or added is an empty row', () => {
    expect(applyPatchText('a\nb\n', '@@ -2,2 +2,1 @@\n b\n-\n', 'split')).toEqual({ ok: true, value: 'a\nb' });
    expect(applyPatchText('a\nb', '@@ -2,1 +2,2 @@\n b\n+\n', 'split')).toEqual({ ok: true, value: 'a\nb\n' });
    expect(applyPatchText('', '@@ -1,1 +1,2 @@\n+x\n \n', 'split')).toEqual({ ok: true, value: 'x\n' });
    // Leaving the empty row out is another patch: it gives another text (no fuzz fills it in).
    expect(applyPatchText('a\nb', '@@ -2,1 +2,1 @@\n b\n', 'split')).toEqual({ ok: true, value: 'a\nb' });
  });
  it('strict: context must match the row exactly (a \\r stays in its row), no search', () => {
    expect(applyPatchText('a\r\nb\r\n', '@@ -1,1 +1,1 @@\n-a\r\n+A\r\n', 'split')).toEqual({
      ok: true,
      value: 'A\r\nb\r\n',
    });
    expect(applyPatchText('a\r\nb\r\n', '@@ -1,1 +1,1 @@\n-a\n+A\n', 'split')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/row|line 1/),
    });
    expect(applyPatchText('x\na\nb', '@@ -1,1 +1,1 @@\n-a\n+A\n', 'split')).toMatchObject({ ok: false });
  });
  it('a "\\" row is a violation; a ---/+++ pair may open the patch, nothing else', () => {
    expect(parseHunks('@@ -1,1 +1,1 @@\n-x\n\\ No newline at end of file\n+y\n', false, 'split')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/split-line hunks have none/),
    });
    expect(parseHunks('@@ -1,1 +1,1 @@\n-x\n+y\n\\ No newline at end of file\n', false, 'split')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/split-line hunks have none/),
    });
    expect(applyPatchText('x', '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n', 'split')).toEqual({ ok: true, value: 'y' });
    expect(applyPatchText('x', 'diff --git a/a b/a\n--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n', 'split')).toMatchObject({
      ok: false,
    });
  });
  it('the default dialect is unchanged: bare hunks are refused, rows are lines with endings', () => {
    expect(applyStrict('x\n', '@@ -1 +1 @@\n-x\n+y\n')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no ---\/\+\+\+ file headers/),
    });
    expect(applyStrict('x\n', '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n')).toEqual({ ok: true, text: 'y\n' });
    expect(applyStrict('x\n', '@@ -1 +1 @@\n-x\n+y\n', 'split')).toEqual({ ok: true, text: 'y\n' });
  });
});

describe('the claim says its dialect', () => {
  it('lines is "split" or absent, in-process and over the protocol', () => {
    expect(claimProblem({ kind: 'diff', patch: '', total: 0, lines: 'split' })).toBeUndefined();
    expect(claimProblem({ kind: 'diff', patch: '', total: 0 })).toBeUndefined();
    expect(claimProblem({ kind: 'diff', patch: '', total: 0, lines: 'endings' })).toMatch(/"lines" must be "split"/);
    expect(
      replyProblem('read', { id: 1, text: 't', claim: { kind: 'diff', patch: '', total: 0, lines: true } }),
    ).toMatch(/malformed claim: diff claim "lines" must be "split"/);
    expect(
      replyProblem('read', { id: 1, text: 't', claim: { kind: 'diff', patch: '', total: 0, lines: 'split' } }),
    ).toBeUndefined();
  });
  it('knowledge applies the patch in the dialect the claim names', () => {
    const held = { total: 4, prefix: Buffer.from('a\nb\n'), against: 'a\nb\n' };
    const patch = '@@ -2,2 +2,1 @@\n b\n-\n';
    const split = afterClaim(held, { kind: 'diff', patch, total: 3, lines: 'split' }, patch, 'a\nb');
    expect(split).toMatchObject({ total: 3, prefix: Buffer.from('a\nb') });
    expect(afterClaim(held, { kind: 'diff', patch, total: 3 }, patch, 'a\nb')).toBe('keep'); // no headers: not a default patch
  });
});
