/**
 * The diff lever (READ-SHIM-CONTRACT.md §1, §4 step 4). A diff is complete or absent, and its
 * work is bounded by the byte budget, never by the clock (determinism).
 */
import { structuredPatch, formatPatch, FILE_HEADERS_ONLY } from 'diff';
import { diffNotice } from './notices.ts';
import { normalizePath } from './keys.ts';
import { maxEdits, surelyTooBig, unitImbalance } from './diff-bounds.ts';

/** Lines with their endings; a final line without '\n' is kept as is. */
export function splitLines(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', from)) {
    out.push(text.slice(from, i + 1));
    from = i + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** Bounds Myers' O((N+M)·D) work by input size alone, as the original bounded its LCS table. */
const WORK_CELLS = 4_000_000;
const CONTEXT = 3;

/**
 * The framed diff response for old → new, or undefined when the whole of it would not fit in
 * `budget` bytes. Never a prefix (DIFF-COMPLETE); bounded work (no wall clock).
 */
export function diffResponse(seal: string, path: string, oldText: string, newText: string, budget: number): string | undefined {
  const total = Buffer.byteLength(newText);
  const notice = diffNotice(seal, path, Buffer.byteLength(oldText), total);
  // `./a`, `d/../a` name the file `a`; git apply rejects `.`/`..` components in headers
  const oldName = `a/${normalizePath(path)}`;
  const newName = `b/${normalizePath(path)}`;
  // The patch's own room once the notice and file headers are paid for (may be <= 0: declined below).
  const room = budget - Buffer.byteLength(`${notice}\n--- ${oldName}\n+++ ${newName}\n`);

  if (unitImbalance(oldText, newText, room)) return undefined;
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let aEnd = a.length;
  let bEnd = b.length;
  while (aEnd > head && bEnd > head && a[aEnd - 1] === b[bEnd - 1]) {
    aEnd--;
    bEnd--;
  }
  if (surelyTooBig(a, b, head, aEnd, bEnd, room)) return undefined;
  const span = aEnd - head + (bEnd - head);
  const maxEditLength = Math.min(maxEdits(a, b, head, aEnd, bEnd, room), Math.floor(WORK_CELLS / Math.max(span, 1)));
  if (maxEditLength === 0) return undefined;

  // Diff only the changed middle plus its context; shift hunk line numbers back afterwards.
  const from = Math.max(0, head - CONTEXT);
  const tail = Math.min(CONTEXT, a.length - aEnd);
  const sub = structuredPatch(oldName, newName, a.slice(from, aEnd + tail).join(''), b.slice(from, bEnd + tail).join(''), undefined, undefined, {
    context: CONTEXT,
    maxEditLength,
  });
  if (sub === undefined) return undefined;
  const patch = { ...sub, hunks: sub.hunks.map((h) => ({ ...h, oldStart: h.oldStart + from, newStart: h.newStart + from })) };
  const text = `${notice}\n${formatPatch(patch, FILE_HEADERS_ONLY)}`;
  return Buffer.byteLength(text) <= budget ? text : undefined;
}
