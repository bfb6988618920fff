/** Host refusals (spec/SPEC.md "Host refusals"): what a declared refusal refuses, and what it says. */
import { describe, expect, it } from 'vitest';
import { describeHostTool, hostToolProblem } from '../../../src/core/host-tool.ts';
import { World } from '../../../src/harness/world.ts';
import { refusalOf } from '../../../src/harness/host-tool.ts';
import { hostRead } from '../../../src/adapters/hook/host-read.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const world = (tool: ConstructorParameters<typeof World>[0], content: string): World => {
  const w = new World(tool);
  w.write('f.ts', content, 1000);
  return w;
};

describe('declaring refusals', () => {
  it('validates refuse: an object of maxBytes, maxTokens (integers >= 1) and binary (a boolean)', () => {
    expect(hostToolProblem({ refuse: { maxBytes: 262_144, maxTokens: 25_000, binary: true } })).toBeUndefined();
    expect(hostToolProblem({ refuse: [] })).toBe('capabilities.tool.refuse must be an object');
    expect(hostToolProblem({ refuse: { maxBytes: 0 } })).toBe(
      'capabilities.tool.refuse.maxBytes must be an integer >= 1 when given',
    );
    expect(hostToolProblem({ refuse: { maxTokens: 1.5 } })).toBe(
      'capabilities.tool.refuse.maxTokens must be an integer >= 1 when given',
    );
    expect(hostToolProblem({ refuse: { binary: 'yes' } })).toBe(
      'capabilities.tool.refuse.binary must be a boolean when given',
    );
    expect(hostToolProblem({ refuse: { maxKB: 2 } })).toBe(
      'capabilities.tool.refuse has unknown key "maxKB" (known: maxBytes, maxTokens, binary, binaryWithin, extensions, textExtensions, bomIsText)',
    );
  });
  it('reports say what is refused and how tokens are estimated', () => {
    expect(describeHostTool({ maxLines: 2000, refuse: { maxBytes: 262_144, maxTokens: 25_000, binary: true } })).toBe(
      'at most 2,000 lines per request, refuses a whole read of a file over 262,144 bytes, refuses a read over 25,000 tokens (estimated as UTF-8 bytes / 4), refuses binary files (a NUL character)',
    );
  });
});

describe("the kit's tool refuses as declared", () => {
  it('maxBytes: a whole read of a file over it is refused as Claude Code words it; a window, and a file of exactly maxBytes, are read', () => {
    const big = world({ refuse: { maxBytes: 1024 } }, 'x'.repeat(1025));
    expect(big.toolResult({ path: 'f.ts' })).toEqual({
      ok: false,
      code: 'EFBIG',
      message:
        'EFBIG: File content (1.0KB) exceeds maximum allowed size (1KB). Please use offset and limit parameters to read specific portions of the file.',
    });
    expect(big.toolResult({ path: 'f.ts', offset: 1, limit: 1 })).toEqual({ ok: true, text: 'x'.repeat(1025) });
    expect(world({ refuse: { maxBytes: 1024 } }, 'x'.repeat(1024)).toolResult({ path: 'f.ts' }).ok).toBe(true);
    expect(world({ refuse: { maxBytes: 256 * 1024 } }, 'x'.repeat(457_933)).toolResult({ path: 'f.ts' })).toMatchObject(
      { message: expect.stringContaining('File content (447.2KB) exceeds maximum allowed size (256KB)') },
    );
  });
  it('maxTokens: the bounded text over ceil(bytes / 4) tokens is refused, windows too; a smaller window is read', () => {
    const tool = { maxLines: 10, refuse: { maxTokens: 3 } };
    const w = world(tool, 'aaaa\nbbbb\ncccc\n');
    expect(w.toolResult({ path: 'f.ts' })).toEqual({
      ok: false,
      code: 'EFBIG',
      message:
        'EFBIG: File content (4 tokens) exceeds maximum allowed tokens (3). Please use offset and limit parameters to read specific portions of the file.',
    });
    expect(w.toolResult({ path: 'f.ts', offset: 2 })).toEqual({ ok: true, text: 'bbbb\ncccc\n' }); // 10 bytes: 3 tokens
    // The estimate counts the bounded text, not the file: a line limit that cuts it under the estimate reads.
    expect(world({ maxLines: 2, refuse: { maxTokens: 3 } }, 'aaaa\nbbbb\ncccc\n').toolResult({ path: 'f.ts' }).ok).toBe(
      true,
    );
  });
  it('binary: every request of a file with a NUL character is refused', () => {
    const w = world({ refuse: { binary: true } }, 'ab\u0000cd\nline two\n');
    expect(w.toolResult({ path: 'f.ts' })).toEqual({
      ok: false,
      code: 'EBINARY',
      message: 'EBINARY: this tool cannot read binary files',
    });
    expect(w.toolResult({ path: 'f.ts', offset: 2, limit: 1 })).toMatchObject({ ok: false, code: 'EBINARY' });
    expect(world({}, 'ab\u0000cd\n').toolResult({ path: 'f.ts' }).ok).toBe(true);
  });
});

describe("the hook host's Read refuses as Claude Code 2.1 does", () => {
  it('a whole read of a file over 256 KB is refused; a window of it is read', () => {
    const root = mkdtempSync(join(tmpdir(), 'refuse-'));
    try {
      writeFileSync(join(root, 'big.ts'), 'y'.repeat(99) + '\n'.repeat(1) + 'z'.repeat(262_144));
      expect(hostRead(root, { file_path: `${root}/big.ts` })).toMatchObject({
        ok: false,
        code: 'EFBIG',
        message: expect.stringContaining('exceeds maximum allowed size (256KB)'),
      });
      // Its window shows rows (`split`, measured on 2.1.197): the last row has no line end.
      expect(hostRead(root, { file_path: `${root}/big.ts`, offset: 1, limit: 1 })).toMatchObject({
        ok: true,
        text: 'y'.repeat(99),
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('refuse.extensions: a file named as binary is refused whatever it holds', () => {
  const t = { refuse: { extensions: ['.bin'] } };
  it('refuses by extension (case folded) and reads other names', () => {
    expect(refusalOf('const a = 1;\n', undefined, undefined, 'const a = 1;\n', t, 'b.bin')?.code).toBe('EBINARY');
    expect(refusalOf('const a = 1;\n', undefined, undefined, 'const a = 1;\n', t, 'dir/B.BIN')?.code).toBe('EBINARY');
    expect(refusalOf('const a = 1;\n', undefined, undefined, 'const a = 1;\n', t, 'b.ts')).toBeUndefined();
  });
  it('a declaration names what is wrong with it', () => {
    expect(hostToolProblem({ refuse: { extensions: ['bin'] } })).toMatch(
      /refuse\.extensions must be an array of lower-case extensions/,
    );
    expect(hostToolProblem({ refuse: { extensions: ['.bin'] } })).toBeUndefined();
  });
});
