/**
 * An MCP read's claim (src/adapters/mcp/result.ts): a pointer that states no size gets the size of the
 * request's content, and a file that is not UTF-8 is its base64 text (SPEC.md "Bytes that are not
 * text"), so a truthful "unchanged" to an image is not blamed for its lossy UTF-8 size.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentNow, decodeRead } from '../../../../src/adapters/mcp/result.ts';
import { DEFAULT_POINTER_PATTERN } from '../../../../src/adapters/drivers/decode.ts';

const root = mkdtempSync(join(tmpdir(), 'readshim-mcp-result-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const image = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 88 }, (_, i) => 0x80 + i),
]);
writeFileSync(join(root, 'a.png'), image);
writeFileSync(join(root, 'a.ts'), 'one\ntwo\n');
const d = { pointer: new RegExp(DEFAULT_POINTER_PATTERN, 'i'), decoder: undefined, windows: true };

describe('the content of an MCP read', () => {
  it('a binary file is its base64, whole, whatever the window; a text file is its (windowed) text', () => {
    expect(contentNow(root, { path: 'a.png', offset: 2, limit: 1 }, true)).toBe(image.toString('base64'));
    expect(contentNow(root, { path: 'a.ts', offset: 2, limit: 1 }, true)).toBe('two\n');
    expect(contentNow(root, { path: 'gone.ts' }, true)).toBeUndefined();
  });

  it('a pointer without a size to a 96-byte image says the 128 bytes of its base64', () => {
    const claim = decodeRead(d, 'File unchanged since last read.', root, join(root, 'a.png'), { path: 'a.png' });
    expect(claim).toEqual({ kind: 'pointer', total: 128 });
    const text = decodeRead(d, 'File unchanged since last read.', root, join(root, 'a.ts'), { path: 'a.ts' });
    expect(text).toEqual({ kind: 'pointer', total: 8 });
  });
});
