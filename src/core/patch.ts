/**
 * The kit's one strict unified-diff reader and applier (DIFF-COMPLETE), used by the oracle and by
 * the spec validator. Two dialects (SPEC.md "Diff dialects"): the default, whose rows are lines
 * with their endings (file headers required of a shim), and `lines: 'split'`, whose rows are the
 * elements of `text.split('\n')` (bare hunks allowed, no `\ No newline` row).
 * It parses the patch text itself — never with jsdiff, which the reference
 * builds its diffs with — and applies every hunk exactly at its header line: context and removed
 * lines must match byte for byte (line endings included), no search, no fuzz. The grammar it
 * accepts is SPEC.md's, under DIFF-COMPLETE ("The patch, exactly").
 */
import { splitLines } from './lines.ts';

/** One hunk of a unified diff; `lines` keep their marker (' ', '-', '+', '\\'). */
export interface Hunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly lines: readonly string[];
}

/** How a diff's rows run over a text: lines with their endings (default) or `text.split('\n')` elements. */
export type Rows = 'endings' | 'split';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

const no = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
const quote = (row: string): string => JSON.stringify(row.length > 60 ? `${row.slice(0, 60)}…` : row);

export function formatHunkHeader(h: Hunk): string {
  return `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`;
}

/**
 * The hunks of one file's patch. Rows are split at '\n' only (a '\r' stays in its row, so CRLF
 * files patch exactly). With `needFileHeaders` (a shim's patch): any rows before `--- `, then
 * `--- ` and `+++ ` on consecutive rows, then one hunk or more; without (SPEC.md's notation): the
 * header pair is optional and nothing else may precede the first hunk. Each hunk carries exactly
 * the rows its header counts (a `\ No newline at end of file` row is not counted); after the last
 * hunk the patch ends.
 */
export function parseHunks(text: string, needFileHeaders: boolean, dialect: Rows = 'endings'): Parsed<Hunk[]> {
  const rows = text.split('\n');
  if (rows[rows.length - 1] === '') rows.pop();
  let i = 0;
  if (needFileHeaders) {
    while (i < rows.length && !rows[i]!.startsWith('--- ')) {
      if (rows[i]!.startsWith('+++ ') || rows[i]!.startsWith('@@'))
        return no('the patch has no ---/+++ file headers before its first hunk (git apply and patch need them)');
      i++;
    }
    if (i === rows.length) return no('the patch has no ---/+++ file headers (git apply and patch need them)');
  }
  if (i < rows.length && rows[i]!.startsWith('--- ')) {
    if (!(rows[i + 1] ?? '').startsWith('+++ '))
      return no(`the "---" file header on line ${i + 1} is not followed by a "+++" header`);
    i += 2;
  }
  const hunks: Hunk[] = [];
  while (i < rows.length) {
    const row = rows[i]!;
    if (hunks.length > 0 && row.startsWith('--- '))
      return no(`line ${i + 1} starts a second file; a diff claim patches one file`);
    const m = HUNK_HEADER.exec(row);
    if (!m) return no(`line ${i + 1} of the patch is not a hunk header "@@ -a,b +c,d @@": ${quote(row)}`);
    const h = {
      oldStart: Number(m[1]),
      oldLines: m[2] === undefined ? 1 : Number(m[2]),
      newStart: Number(m[3]),
      newLines: m[4] === undefined ? 1 : Number(m[4]),
    };
    const header = m[0];
    if (h.oldStart === 0 && h.oldLines > 0)
      return no(`hunk ${header} removes or keeps lines from line 0 (lines count from 1)`);
    const lines: string[] = [];
    let olds = 0;
    let news = 0;
    for (i++; i < rows.length && (olds < h.oldLines || news < h.newLines); i++) {
      const r = rows[i]!;
      const mark = r[0];
      if (mark === '\\') {
        if (dialect === 'split')
          return no(
            `line ${i + 1} is a "\\" row; split-line hunks have none (a trailing newline shows as an empty row)`,
          );
        if (lines.length === 0 || lines[lines.length - 1]![0] === '\\') break;
        lines.push(r);
        continue;
      }
      if (mark !== ' ' && mark !== '-' && mark !== '+') break;
      const o = mark === '+' ? 0 : 1;
      const n = mark === '-' ? 0 : 1;
      if (olds + o > h.oldLines || news + n > h.newLines) break;
      olds += o;
      news += n;
      lines.push(r);
    }
    if (olds !== h.oldLines || news !== h.newLines)
      return no(
        `hunk ${header} counts ${h.oldLines}/${h.newLines} lines but carries ${olds}/${news} before ${i < rows.length ? `line ${i + 1}: ${quote(rows[i]!)}` : 'the end of the patch'}`,
      );
    if (dialect === 'split' && i < rows.length && rows[i]!.startsWith('\\'))
      return no(`line ${i + 1} is a "\\" row; split-line hunks have none (a trailing newline shows as an empty row)`);
    if (i < rows.length && rows[i]!.startsWith('\\') && lines.length > 0 && lines[lines.length - 1]![0] !== '\\')
      lines.push(rows[i++]!);
    hunks.push({ ...h, lines });
  }
  if (hunks.length === 0) return no('the patch has no hunk');
  return { ok: true, value: hunks };
}

/**
 * Applies hunks strictly at their header lines: `-k,n` (n > 0) starts at line k, `-k,0` inserts
 * after line k (k = 0: at the top). Hunks must come in order and must not overlap; the new-side
 * numbers (`+c,d`) are not used.
 */
export function applyHunks(base: string, hunks: readonly Hunk[], dialect: Rows = 'endings'): Parsed<string> {
  const split = dialect === 'split';
  const lines = split ? base.split('\n') : splitLines(base);
  const out: string[] = [];
  let at = 0;
  for (const [k, h] of hunks.entries()) {
    const from = h.oldLines === 0 ? h.oldStart : h.oldStart - 1;
    if (from < at || from > lines.length)
      return no(
        `hunk ${k + 1} ${formatHunkHeader(h)} starts at line ${from + 1}, outside the remaining lines ${at + 1}..${lines.length}${from < at ? ' (out of order or overlapping)' : ''}`,
      );
    out.push(...lines.slice(at, from));
    at = from;
    for (let j = 0; j < h.lines.length; j++) {
      const l = h.lines[j]!;
      if (l[0] === '\\') continue;
      const full = split ? l.slice(1) : l.slice(1) + (h.lines[j + 1]?.[0] === '\\' ? '' : '\n');
      if (l[0] === '+') {
        out.push(full);
        continue;
      }
      if (lines[at] !== full)
        return no(
          `hunk ${k + 1} ${formatHunkHeader(h)}: line ${at + 1} of the held version is ${JSON.stringify(lines[at] ?? '(end of file)')}, the hunk expects ${JSON.stringify(full)}`,
        );
      if (l[0] === ' ') out.push(full);
      at++;
    }
  }
  out.push(...lines.slice(at));
  return { ok: true, value: out.join(split ? '\n' : '') };
}

/**
 * A shim's patch text applied strictly to `base`: the default dialect needs file headers; the
 * split dialect takes bare hunks (or a `---`/`+++` pair first, nothing else before the first hunk).
 */
export function applyPatchText(base: string, patch: string, dialect: Rows = 'endings'): Parsed<string> {
  const hunks = parseHunks(patch, dialect !== 'split', dialect);
  return hunks.ok ? applyHunks(base, hunks.value, dialect) : hunks;
}
