/**
 * Unified-diff hunks: parse, compare, and apply strictly at the header line (DIFF-COMPLETE:
 * context must match exactly where the header says; no search, no fuzz).
 */
import { splitLines } from '../harness/lines.ts';
import type { Hunk } from './model.ts';

const HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/**
 * Hunks of a patch text. With `needFileHeaders`, `---` and `+++` lines must come before the
 * first hunk (so `git apply` and `patch` accept it).
 */
export function parseHunks(text: string, needFileHeaders: boolean): Parsed<Hunk[]> {
  const rows = text.split('\n');
  if (rows[rows.length - 1] === '') rows.pop();
  let i = 0;
  let sawOld = false;
  let sawNew = false;
  while (i < rows.length && !rows[i]!.startsWith('@@')) {
    if (rows[i]!.startsWith('--- ')) sawOld = true;
    else if (rows[i]!.startsWith('+++ ')) sawNew = true;
    else if (!needFileHeaders) return { ok: false, reason: `line ${i + 1} of the patch is not a hunk line: ${JSON.stringify(rows[i])}` };
    i++;
  }
  if (needFileHeaders && !(sawOld && sawNew)) return { ok: false, reason: 'the patch has no ---/+++ file headers before its first hunk' };
  const hunks: Hunk[] = [];
  while (i < rows.length) {
    const m = HEADER.exec(rows[i]!);
    if (!m) return { ok: false, reason: `expected a hunk header "@@ -a,b +c,d @@", got ${JSON.stringify(rows[i]!.slice(0, 60))}` };
    const oldLines = m[2] === undefined ? 1 : Number(m[2]);
    const newLines = m[4] === undefined ? 1 : Number(m[4]);
    const lines: string[] = [];
    i++;
    while (i < rows.length && !rows[i]!.startsWith('@@')) {
      const r = rows[i]!;
      if (!/^[ +\-\\]/.test(r)) return { ok: false, reason: `a hunk line must start with " ", "-", "+" or "\\": ${JSON.stringify(r.slice(0, 60))}` };
      lines.push(r);
      i++;
    }
    const olds = lines.filter((l) => l[0] === ' ' || l[0] === '-').length;
    const news = lines.filter((l) => l[0] === ' ' || l[0] === '+').length;
    if (olds !== oldLines || news !== newLines)
      return { ok: false, reason: `hunk ${m[0]} counts ${oldLines}/${newLines} lines but carries ${olds}/${news}` };
    hunks.push({ oldStart: Number(m[1]), oldLines, newStart: Number(m[3]), newLines, lines });
  }
  return { ok: true, value: hunks };
}

export function formatHunkHeader(h: Hunk): string {
  return `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`;
}

/** Undefined when equal, else a one-line description of the first difference. */
export function hunksDiffer(actual: readonly Hunk[], expected: readonly Hunk[]): string | undefined {
  for (let k = 0; k < Math.max(actual.length, expected.length); k++) {
    const a = actual[k];
    const e = expected[k];
    if (a === undefined) return `hunk ${k + 1} ${formatHunkHeader(e!)} is missing`;
    if (e === undefined) return `an extra hunk ${formatHunkHeader(a)}`;
    if (formatHunkHeader(a) !== formatHunkHeader(e)) return `hunk ${k + 1} is ${formatHunkHeader(a)}, expected ${formatHunkHeader(e)}`;
    for (let j = 0; j < Math.max(a.lines.length, e.lines.length); j++)
      if (a.lines[j] !== e.lines[j])
        return `hunk ${k + 1} line ${j + 1} is ${JSON.stringify(a.lines[j] ?? '(none)')}, expected ${JSON.stringify(e.lines[j] ?? '(none)')}`;
  }
  return undefined;
}

/** Applies hunks strictly at their header lines. */
export function applyStrict(base: string, hunks: readonly Hunk[]): Parsed<string> {
  const lines = splitLines(base);
  const out: string[] = [];
  let at = 0;
  for (const [k, h] of hunks.entries()) {
    // "-k,0" names the line after which the hunk inserts.
    const from = h.oldLines === 0 ? h.oldStart : h.oldStart - 1;
    if (from < at || from > lines.length) return { ok: false, reason: `hunk ${k + 1} ${formatHunkHeader(h)} starts at line ${from + 1}, outside the remaining lines ${at + 1}..${lines.length}` };
    out.push(...lines.slice(at, from));
    at = from;
    for (let j = 0; j < h.lines.length; j++) {
      const l = h.lines[j]!;
      if (l[0] === '\\') continue;
      const full = l.slice(1) + (h.lines[j + 1]?.[0] === '\\' ? '' : '\n');
      if (l[0] === '+') {
        out.push(full);
        continue;
      }
      if (lines[at] !== full)
        return { ok: false, reason: `hunk ${k + 1} ${formatHunkHeader(h)}: line ${at + 1} is ${JSON.stringify(lines[at] ?? '(end of file)')}, the hunk expects ${JSON.stringify(full)}` };
      if (l[0] === ' ') out.push(full);
      at++;
    }
  }
  out.push(...lines.slice(at));
  return { ok: true, value: out.join('') };
}
