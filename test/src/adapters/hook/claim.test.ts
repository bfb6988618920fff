/** framesServed: the Read's text under a hook's note, told apart from the note's own words (spec/SPEC.md "Substituted results"). */
import { describe, expect, it } from 'vitest';
import { framesServed } from '../../../../src/adapters/hook/claim.ts';

describe('framesServed', () => {
  it('the whole text at the start or the end, a line break between it and the note, is framed', () => {
    expect(framesServed('a\nb\n', '[note: a re-read will be answered "unchanged"]\na\nb\n')).toBe(true);
    expect(framesServed('a\nb\n', 'a\nb\n[note]')).toBe(true);
    expect(framesServed('a\nb', 'a\nb\n[note]')).toBe(true);
  });

  it('a text found only inside the note, or glued to it, or empty, is not framed (the note is decoded instead)', () => {
    expect(framesServed('a', '[ledger-dedup] a.txt is unchanged since your last read')).toBe(false);
    expect(framesServed('ab', 'ab[note]')).toBe(false);
    expect(framesServed('ab', '[note]ab')).toBe(false);
    expect(framesServed('', 'unchanged')).toBe(false);
    expect(framesServed('same', 'same')).toBe(false);
  });
});
