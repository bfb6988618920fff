/** What the worker receives on the wire (properties/oracle/bytes.ts `wire`): UTF-8, a lone surrogate as U+FFFD. */
import { describe, expect, it } from 'vitest';
import { wire } from '../../../properties/oracle/bytes.ts';

describe('wire', () => {
  it('keeps well-formed text, pairs outside the BMP included, as it is', () => {
    for (const s of ['', 'ascii', 'café\r\n', 'x😀y', '𝄞'.repeat(3)]) expect(wire(s)).toBe(s);
  });
  it('carries each lone surrogate as U+FFFD, whichever half and wherever it is', () => {
    expect(wire('a\uD800b')).toBe('a\uFFFDb');
    expect(wire('\uDC00a')).toBe('\uFFFDa');
    expect(wire('a\uD83D')).toBe('a\uFFFD');
    expect(wire('\uDE00\uD83D')).toBe('\uFFFD\uFFFD');
    expect(wire('😀\uD800😀')).toBe('😀\uFFFD😀');
  });
});
