/**
 * Unified-diff hunks from a line matching (DIFF-COMPLETE): CONTEXT lines around each change,
 * changes closer than 2 × CONTEXT merged into one hunk (as `diff -u` and jsdiff do), their exact
 * UTF-8 size known before any text is built, and jsdiff's hunk shape for formatPatch.
 */
import type { StructuredPatchHunk } from 'diff';
import { lacksNewline, lineAt, runBytes, type Lines } from './lines.ts';

export const CONTEXT = 3;

/** "\ No newline at end of file" and its '\n', plus the '\n' the patch adds to the line itself. */
const NO_EOL_EXTRA = '\n\\ No newline at end of file\n'.length;

/**
 * Changed regions, flat: old lines [a0, a1) become new lines [b0, b1), four numbers per region,
 * in order; between two regions (and around them) the lines are equal.
 */
export type Regions = readonly number[];

/** The regions of a matching of old lines [from, from + keepA.length) and new [from, from + keepB.length). */
export function regionsOf(keepA: Uint8Array, keepB: Uint8Array, from: number): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < keepA.length || j < keepB.length) {
    if (i < keepA.length && j < keepB.length && keepA[i] === 1 && keepB[j] === 1) {
      i++;
      j++;
      continue;
    }
    const a0 = i;
    const b0 = j;
    while (i < keepA.length && keepA[i] !== 1) i++;
    while (j < keepB.length && keepB[j] !== 1) j++;
    out.push(from + a0, from + i, from + b0, from + j);
  }
  return out;
}

/** One hunk: old lines [a0, a1) and new [b0, b1), context included, made of regions [r0, r1). */
interface Span {
  readonly a0: number;
  readonly a1: number;
  readonly b0: number;
  readonly b1: number;
  readonly r0: number;
  readonly r1: number;
}

/** Regions grouped into hunks with their context. */
function spans(r: Regions, aCount: number): Span[] {
  const out: Span[] = [];
  for (let s = 0; s < r.length;) {
    let e = s + 4;
    while (e < r.length && r[e]! - r[e - 3]! <= 2 * CONTEXT) e += 4;
    const before = Math.min(CONTEXT, r[s]! - (s === 0 ? 0 : r[s - 3]!));
    const after = Math.min(CONTEXT, (e < r.length ? r[e]! : aCount) - r[e - 3]!);
    out.push({
      a0: r[s]! - before,
      a1: r[e - 3]! + after,
      b0: r[s + 2]! - before,
      b1: r[e - 1]! + after,
      r0: s,
      r1: e,
    });
    s = e;
  }
  return out;
}

/** The header line as printed: a side with no lines names the line before the hunk. */
function header(h: Span): string {
  const ol = h.a1 - h.a0;
  const nl = h.b1 - h.b0;
  return `@@ -${ol === 0 ? h.a0 : h.a0 + 1},${ol} +${nl === 0 ? h.b0 : h.b0 + 1},${nl} @@\n`;
}

/** Patch bytes of lines [from, to) of `l` under a one-byte marker each. */
function markedBytes(l: Lines, from: number, to: number): number {
  if (to <= from) return 0;
  return runBytes(l, from, to) + (to - from) + (lacksNewline(l, to - 1) ? NO_EOL_EXTRA : 0);
}

/**
 * Exact UTF-8 bytes of the hunks of `r` (headers, markers, context, "\ No newline" lines), or
 * undefined once they pass `bound`.
 */
export function hunkBytes(a: Lines, b: Lines, r: Regions, bound: number): number | undefined {
  let n = 0;
  for (const h of spans(r, a.count)) {
    n += header(h).length;
    let at = h.a0;
    for (let k = h.r0; k < h.r1; k += 4) {
      n += markedBytes(a, at, r[k]!) + markedBytes(a, r[k]!, r[k + 1]!) + markedBytes(b, r[k + 2]!, r[k + 3]!);
      at = r[k + 1]!;
      if (n > bound) return undefined;
    }
    n += markedBytes(a, at, h.a1);
    if (n > bound) return undefined;
  }
  return n;
}

/** Lines [from, to) of `l` under `mark`, in jsdiff's hunk-line shape. */
function pushLines(out: string[], mark: string, l: Lines, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const line = lineAt(l, i);
    if (lacksNewline(l, i)) out.push(mark + line, '\\ No newline at end of file');
    else out.push(mark + line.slice(0, -1));
  }
}

/** The hunks of `r`, as formatPatch takes them. */
export function hunksOf(a: Lines, b: Lines, r: Regions): StructuredPatchHunk[] {
  return spans(r, a.count).map((h) => {
    const lines: string[] = [];
    let at = h.a0;
    for (let k = h.r0; k < h.r1; k += 4) {
      pushLines(lines, ' ', a, at, r[k]!);
      pushLines(lines, '-', a, r[k]!, r[k + 1]!);
      pushLines(lines, '+', b, r[k + 2]!, r[k + 3]!);
      at = r[k + 1]!;
    }
    pushLines(lines, ' ', a, at, h.a1);
    // formatPatch prints oldStart − 1 for a side with no lines
    return { oldStart: h.a0 + 1, oldLines: h.a1 - h.a0, newStart: h.b0 + 1, newLines: h.b1 - h.b0, lines };
  });
}
