/** Utf8Lengths (src/core/utf8-length.ts): the same answer as Buffer.byteLength, memoised or not. */
import { describe, expect, it } from 'vitest';
import { Utf8Lengths } from '../../../src/core/utf8-length.ts';

describe('Utf8Lengths', () => {
  it('answers Buffer.byteLength for short and long texts, the same text again, an equal copy and after eviction', () => {
    const m = new Utf8Lengths();
    const long = (c: string, n: number): string => Array.from({ length: n }, (_, i) => `${c}${i}\n`).join('');
    const texts = [
      '',
      'a',
      'é€😀',
      long('é€', 3000),
      long('a', 3000),
      long('😀', 2000),
      long('x', 5000),
      long('ü', 4000),
    ];
    const copy = texts[3]!.split('').join('');
    for (const t of [...texts, ...texts, copy, texts[3]!, '\ud800 lone'.repeat(1000)])
      expect(m.of(t)).toBe(Buffer.byteLength(t, 'utf8'));
  });
});
