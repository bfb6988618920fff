import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allowedClaim } from '../../../../src/adapters/hook/claim.ts';
import { READ_TOOL_BOUND, READ_TOOL_BOUND_2_0, hostRead } from '../../../../src/adapters/hook/host-read.ts';
import { boundedText } from '../../../../src/harness/host-tool.ts';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'hook-claim-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const lines =
  Array.from({ length: 2100 }, (_, i) => `line ${i + 1} ${'é'.repeat(i % 3)}\n`).join('') + 'x'.repeat(2500) + '\n';
writeFileSync(join(root, 'a.ts'), lines);
const file = `${root}/./a.ts`;

describe('the played Read tool', () => {
  it('returns the bounded text the oracle takes as ground truth', () => {
    const r = hostRead(root, { file_path: file });
    expect(r.ok && r.text).toBe(boundedText(lines, undefined, undefined, READ_TOOL_BOUND));
    // Claude Code 2.1.197 cuts neither: 2,101 lines and a 2,500-character line come back whole.
    expect(r.ok && r.text).toBe(lines);
    expect(r.ok && r.numLines).toBe(2101);
    const w = hostRead(root, { file_path: file, offset: 2101, limit: 5 });
    expect(w.ok && w.text).toBe(`${'x'.repeat(2500)}\n`);
  });
  it('CRLF as LF, a BOM dropped, a window ending on a row without its newline (the split rows)', () => {
    writeFileSync(join(root, 'crlf.ts'), '\uFEFFa\r\nb\r\nc\r\n');
    const whole = hostRead(root, { file_path: `${root}/crlf.ts` });
    expect(whole.ok && whole.text).toBe('a\nb\nc\n');
    const w = hostRead(root, { file_path: `${root}/crlf.ts`, offset: 2, limit: 1 });
    expect(w.ok && w.text).toBe('b');
  });
  it('the bound played before 2.1 (--hook-tool) cuts at 2,000 lines and 2,000 characters', () => {
    const r = hostRead(root, { file_path: file }, READ_TOOL_BOUND_2_0);
    expect(r.ok && r.numLines).toBe(2000);
    const w = hostRead(root, { file_path: file, offset: 2101, limit: 5 }, READ_TOOL_BOUND_2_0);
    expect(w.ok && w.text).toBe(`${'x'.repeat(2000)}\n`);
  });
  it.each([
    [{ file_path: 'a.ts' }, 'EINVAL'],
    [{ file_path: '/etc/passwd' }, 'EACCES'],
    [{ file_path: `${root}/../x` }, 'EACCES'],
    [{ file_path: `${root}/none.ts` }, 'ENOENT'],
    [{ file_path: file, offset: 0 }, 'EINVAL'],
  ])('%j fails with %s', (input, code) => {
    expect(hostRead(root, input)).toMatchObject({ ok: false, code });
  });
});

describe('allowedClaim: what an allowed read told the worker', () => {
  const request = { file_path: file, offset: 10, limit: 40 };
  const asked = hostRead(root, request);
  it('the request itself is verbatim', () => {
    expect(allowedClaim(request, { ...request }, asked, asked.ok ? asked.text : '')).toEqual({ kind: 'verbatim' });
  });
  it('updatedInput that moves the first line forward serves a slice: its payload is those bytes of the content', () => {
    const effective = { file_path: `${root}/a.ts`, offset: 25, limit: 25 };
    const served = hostRead(root, effective);
    const c = allowedClaim(request, effective, asked, served.ok ? served.text : '');
    expect(c.kind).toBe('slice');
    if (c.kind !== 'slice' || !asked.ok) return;
    const content = Buffer.from(asked.text, 'utf8');
    expect(content.subarray(c.start, c.end).toString('utf8')).toBe(c.payload);
    expect([c.start > 0, c.end, c.total, c.done]).toEqual([true, content.length, content.length, false]);
  });
  it('another file, or a window before the request, is passed off as the request (the oracle judges it)', () => {
    writeFileSync(join(root, 'b.ts'), 'other\n');
    expect(allowedClaim(request, { file_path: `${root}/b.ts` }, asked, 'other\n')).toEqual({ kind: 'verbatim' });
    expect(allowedClaim(request, { file_path: file, offset: 2, limit: 5 }, asked, 'line 2\n')).toEqual({
      kind: 'verbatim',
    });
  });
});
