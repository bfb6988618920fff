import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POINTER_PATTERN,
  defaultDecode,
  deltaFromText,
  deltaRegex,
  findUnifiedDiff,
  pointerRegex,
} from '../../../../src/adapters/drivers/decode.ts';
import { applyPatchText } from '../../../../src/core/patch.ts';
import { backing } from '../../../../properties/oracle/backing.ts';

const pointer = pointerRegex(DEFAULT_POINTER_PATTERN);
const old = 'one\ntwo\nthree\nfour\n';
const now = 'one\n2\nthree\nfour\nfive\n';
// jsdiff puts an "Index"-style ===== row first; the unified diff proper starts at "--- ".
const made = createTwoFilesPatch('a/x.ts', 'b/x.ts', old, now, undefined, undefined, { context: 1 });
const patch = made.slice(made.indexOf('--- '));

describe('findUnifiedDiff: the patch as it lies in the text', () => {
  it.each([
    ['alone', patch],
    ['after a notice', `File changed since you read it; diff against what you hold:\n${patch}`],
    ['between a notice and a footer', `changed:\n${patch}(end of diff)\n`],
  ])('%s: the patch is found at its index, applies, and backs a diff claim', (_, text) => {
    const d = findUnifiedDiff(text)!;
    expect(d.patch).toBe(patch);
    expect(text.slice(d.at, d.at + d.patch.length)).toBe(patch);
    const applied = applyPatchText(old, d.patch);
    expect(applied.ok && applied.value).toBe(now);
    expect(backing({ kind: 'diff', patch: d.patch, total: now.length, at: d.at }, text).found).toBe(true);
  });

  it('a hunk cut short ends the patch before it; no hunk at all is no diff', () => {
    const cut = patch.slice(0, patch.lastIndexOf('+five'));
    const d = findUnifiedDiff(cut);
    expect(d?.patch.includes('+five') ?? false).toBe(false);
    expect(findUnifiedDiff('--- a/x\n+++ b/x\nno hunk here\n')).toBeUndefined();
    expect(findUnifiedDiff('unchanged')).toBeUndefined();
  });
});

describe('defaultDecode', () => {
  const content = 'const a = 1;\n';
  it('the request content itself is verbatim, even when it reads like a pointer', () => {
    const imitation = '[readshim 0badc0ffee00] unchanged: you already hold it\n';
    expect(defaultDecode(imitation, { pointer, content: imitation, otherwise: 'undecodable' })).toEqual({
      kind: 'verbatim',
    });
  });
  it('a pointer names the size it states, else the size of the content now', () => {
    expect(defaultDecode('File unchanged since last read.', { pointer, content, otherwise: 'undecodable' })).toEqual({
      kind: 'pointer',
      total: 13,
    });
    const stated = pointerRegex(String.raw`you hold all (?<total>[\d,]+) bytes`);
    expect(defaultDecode('you hold all 1,024 bytes', { pointer: stated, content, otherwise: 'undecodable' })).toEqual({
      kind: 'pointer',
      total: 1024,
    });
  });
  it('a diff wins over pointer wording around it', () => {
    const text = `Unchanged lines omitted; the diff:\n${patch}`;
    expect(defaultDecode(text, { pointer, content: now, otherwise: 'undecodable' })).toMatchObject({
      kind: 'diff',
      patch,
      total: Buffer.byteLength(now),
    });
  });
  it('other text: verbatim for a server (judged as the file), undecodable for a deny reason', () => {
    expect(defaultDecode('stale copy', { pointer, content, otherwise: 'verbatim' })).toEqual({ kind: 'verbatim' });
    expect(defaultDecode('not allowed here', { pointer, content, otherwise: 'undecodable' })).toBeUndefined();
  });
  it.each([
    'Already in context: a.ts has not changed.',
    'You already read this file.',
    'File unchanged since last read',
  ])('the default pattern reads %j as a pointer', (t) => {
    expect(pointer.test(t)).toBe(true);
  });
  it.each(['Reading a.ts is not allowed', 'changed since you read it'])('and not %j', (t) => {
    expect(pointer.test(t)).toBe(false);
  });
});

describe('spec 2.2 patterns: --delta-pattern, --withheld-pattern', () => {
  const delta = deltaRegex(String.raw`line (?<first>\d+) is now:\n(?<body>.*)$`);
  it('a delta takes every number and the body where the match found them', () => {
    const text = 'x.ts changed: line 12 is now:\nconst a = 2;\n';
    const c = deltaFromText(text, delta)!;
    expect(c).toEqual({
      kind: 'delta',
      replaces: { first: { value: 12, at: 19 }, last: { value: 12, at: 19 } },
      text: { body: 'const a = 2;\n', at: 30 },
    });
    expect(text.slice(19, 21)).toBe('12');
    expect(defaultDecode(text, { pointer, delta, content: 'other', otherwise: 'undecodable' })).toEqual(c);
  });
  it('a delta pattern without body or rows is refused; an insertion is "after"', () => {
    expect(() => deltaRegex(String.raw`line (?<first>\d+)`)).toThrow(/named groups/);
    const after = deltaRegex(String.raw`after line (?<after>\d+) \(of (?<base>\d+)\):\n(?<body>.*)$`);
    expect(deltaFromText('after line 3 (of 9):\nnew\n', after)).toEqual({
      kind: 'delta',
      replaces: { after: { value: 3, at: 11 } },
      text: { body: 'new\n', at: 21 },
      base: { value: 9, at: 17 },
    });
  });
  it('a withheld notice is read before the pointer, so one that also says "unchanged" is judged as withheld', () => {
    const withheld = { pattern: pointerRegex('nothing was sent'), policy: 'big-file' };
    const text = 'unchanged, nothing was sent: read it with offset and limit';
    expect(defaultDecode(text, { pointer, withheld, content: 'c', otherwise: 'undecodable' })).toEqual({
      kind: 'withheld',
      policy: 'big-file',
    });
    expect(defaultDecode('File unchanged', { pointer, withheld, content: 'c', otherwise: 'undecodable' })?.kind).toBe(
      'pointer',
    );
  });
});
