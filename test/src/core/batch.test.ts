/**
 * The kit's combined batch text (src/core/batch.ts, spec/SPEC.md "Batch reads"): joinBatch then
 * splitBatch gives the parts back for any parts free of a separator line, empty parts included;
 * a part holding the next path's separator line is cut there; a text out of format says why.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchPathsProblem, joinBatch, splitBatch } from '../../../src/core/batch.ts';

describe('joinBatch / splitBatch', () => {
  it('round-trips any parts that hold no separator line', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}\.ts$/), { minLength: 1, maxLength: 4 }),
        fc.array(fc.string({ unit: 'binary' }), { minLength: 4, maxLength: 4 }),
        (paths, texts) => {
          const parts = paths.map((_, i) => texts[i]!);
          fc.pre(parts.every((p) => !p.includes('\n--- ')));
          expect(splitBatch(joinBatch(paths, parts), paths)).toEqual(parts);
        },
      ),
    );
  });

  it('spells the format exactly, empty parts included', () => {
    expect(joinBatch(['a.ts', 'b.ts'], ['x\n', ''])).toBe('--- a.ts ---\nx\n\n--- b.ts ---\n\n--- end ---\n');
    expect(splitBatch('--- a.ts ---\nx\n\n--- b.ts ---\n\n--- end ---\n', ['a.ts', 'b.ts'])).toEqual(['x\n', '']);
  });

  it('cuts a part at the first separator line of the next path (what a reader of the text would do)', () => {
    const text = joinBatch(['a.ts', 'b.ts'], ['one\n--- b.ts ---\nfake', 'real']);
    expect(splitBatch(text, ['a.ts', 'b.ts'])).toEqual(['one', 'fake\n--- b.ts ---\nreal']);
  });

  it('says why a text is not in the format', () => {
    expect(splitBatch('a', ['a.ts'])).toBe('expected the separator line "--- a.ts ---" at character 0');
    expect(splitBatch('--- a.ts ---\nx\n', ['a.ts'])).toBe('no "--- end ---" line after the part for "a.ts"');
    expect(splitBatch('--- a.ts ---\nx\n--- end ---\n', ['a.ts', 'b.ts'])).toBe(
      'no "--- b.ts ---" line after the part for "a.ts"',
    );
  });

  it('a call lists at least one path, each once', () => {
    expect(batchPathsProblem([])).toBe('a batch read call lists at least one path');
    expect(batchPathsProblem(['a.ts', 'a.ts'])).toBe('a batch read call lists "a.ts" twice');
    expect(batchPathsProblem(['a.ts', './a.ts'])).toBeUndefined();
  });
});
