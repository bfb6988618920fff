/**
 * The hidden edits change only what they say (properties/crossed/edits.ts), and the change
 * classifier (change.ts) sees each as the edit column it is meant for — the columns a crossed case
 * and the coverage count rely on.
 */
import { describe, expect, it } from 'vitest';
import { changeOf, changeOffset, firstDiff } from '../../../properties/crossed/change.ts';
import { applyEdit, HIDDEN_EDITS, type ContentEdit } from '../../../properties/crossed/edits.ts';
import { EDITS } from '../../../properties/crossed/table.ts';
import { renderFile, type FileStyle } from '../../../properties/generators/session/content.ts';

const RICH: FileStyle = { size: 20_000, salt: 11, crlf: false, wide: 3, composable: true, blanks: 4, finalNewline: true, binary: false }; // prettier-ignore
const side = (text: string, mtimeMs = 1000) => ({ text, size: Buffer.byteLength(text), mtimeMs });
const columnsOf = (a: string, b: string, mtimeB = 1000) =>
  EDITS.filter((e) => e.kind === 'hidden' && e.seen(changeOf(side(a), side(b, mtimeB), false, mtimeB !== 1000))).map(
    (e) => e.id,
  );

describe('hidden edits', () => {
  const text = renderFile(RICH) as string;
  const crlf = renderFile({ ...RICH, crlf: true }) as string;
  const expected: Record<Exclude<ContentEdit, 'bytes'>, string[]> = {
    ascii: ['same-size-mtime-kept'],
    multibyte: ['same-size-mtime-kept', 'multibyte-only'],
    form: ['form-only'],
    'line-endings': ['line-endings-only'],
    blanks: ['trailing-blanks-only'],
    append: [],
    'insert-line': [],
    'delete-line': [],
    'replace-line': [],
    truncate: [],
  };
  for (const [kind, columns] of Object.entries(expected))
    it(`${kind} lands in ${columns.join(', ') || 'no hidden column'} (mtime kept)`, () => {
      for (const frac of [0, 0.3, 0.77]) {
        const base = kind === 'line-endings' ? crlf : text;
        const after = applyEdit(kind as ContentEdit, base, frac, 2);
        expect(after, kind).toBeTypeOf('string');
        expect(after).not.toBe(base);
        const got = columnsOf(base, after as string).filter((c) => c !== 'trailing-blanks-only' || kind === 'blanks');
        expect(got, `${kind} at ${frac}`).toEqual(columns);
      }
    });
  it('a blanks edit with an odd salt moves the blanks and keeps the size', () => {
    const after = applyEdit('blanks', text, 0.5, 3) as string;
    expect(Buffer.byteLength(after)).toBe(Buffer.byteLength(text));
    expect(columnsOf(text, after)).toEqual(['same-size-mtime-kept', 'trailing-blanks-only']);
  });
  it('the stat columns: restored, within the second, moved on', () => {
    const after = applyEdit('ascii', text, 0.5, 1) as string;
    expect(EDITS.filter((e) => e.seen(changeOf(side(text), side(after), false, true))).map((e) => e.id)).toEqual([
      'mtime-restored',
      'any',
    ]);
    expect(columnsOf(text, after, 1500)).toEqual(['same-size-same-second']);
    expect(columnsOf(text, after, 9000)).toEqual(['same-size']);
  });
  it('a binary edit keeps the size and lands where it is put', () => {
    const bin = renderFile({ ...RICH, binary: true }) as Uint8Array;
    const after = applyEdit('bytes', bin, 0.5, 1) as Uint8Array;
    expect(after.length).toBe(bin.length);
    const a = Buffer.from(bin).toString('base64');
    const b = Buffer.from(after).toString('base64');
    expect(Math.abs(changeOffset(a, b, true) - Math.floor(bin.length / 2))).toBeLessThanOrEqual(3);
    expect(EDITS.filter((e) => e.seen(changeOf(side(a), side(b), true, false))).map((e) => e.id)).toEqual([
      'same-size-mtime-kept',
      'binary-same-size',
      'any',
    ]);
  });
  it('a text edit far into a file is found at its byte offset', () => {
    const after = applyEdit('ascii', text, 0.9, 1) as string;
    const i = firstDiff(text, after);
    expect(changeOffset(text, after, false)).toBe(Buffer.byteLength(text.slice(0, i)));
    expect(changeOffset(text, after, false)).toBeGreaterThan(0.85 * Buffer.byteLength(text));
  });
  it('every hidden kind has a column that sees it', () => {
    expect(HIDDEN_EDITS.length).toBe(6);
  });
});
