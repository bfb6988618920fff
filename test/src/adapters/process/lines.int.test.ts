/** The process's stdout split into lines: one join per line however many chunks it came in (linear time). */
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../../src/adapters/process/lines.ts';

const CHUNK = 64 * 1024; // what a pipe hands Node at a time

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe('LineSplitter', () => {
  it('a 50 MB line in 64 KiB chunks is joined once, from each chunk once', () => {
    const line = `{"id":0,"pad":"${'x'.repeat(50_000_000)}"}`;
    const parts = chunks(`${line}\n`, CHUNK);
    const s = new LineSplitter();
    const lines = parts.flatMap((c) => s.push(c));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBe(line.length);
    expect(lines[0] === line).toBe(true);
    expect(parts.length).toBeGreaterThan(700);
    // One join per line, taking each chunk once: work grows with the bytes, not with chunks².
    expect(s.stats).toEqual({ joins: 1, pieces: parts.length });
    expect(s.pendingLength).toBe(0);
  });

  it('many lines per chunk, lines across chunks, CRLF, and an unterminated rest', () => {
    const text = 'a\r\nbb\nccc\n' + 'd'.repeat(10) + '\n' + 'tail';
    const s = new LineSplitter();
    const lines = chunks(text, 3).flatMap((c) => s.push(c));
    expect(lines).toEqual(['a', 'bb', 'ccc', 'd'.repeat(10)]);
    expect(s.stats.joins).toBe(4);
    expect(s.pendingLength).toBe(4);
    expect(s.pendingText()).toBe('tail');
    // Every chunk piece went into at most one join: pieces ≤ chunks + lines.
    expect(s.stats.pieces).toBeLessThanOrEqual(chunks(text, 3).length + lines.length);
  });

  it('an empty line is a line', () => {
    const s = new LineSplitter();
    expect(s.push('\n\nx\n')).toEqual(['', '', 'x']);
  });
});
