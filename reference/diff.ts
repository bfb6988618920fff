/**
 * The diff lever (READ-SHIM-CONTRACT.md §1, §4 step 4). A diff is complete or absent, and its
 * work is bounded by the byte budget, never by the clock (determinism).
 */
import { structuredPatch, formatPatch, FILE_HEADERS_ONLY } from 'diff';
import { diffNotice } from './notices.ts';
import { normalizePath } from './keys.ts';

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

/**
 * Cheapest lower bound, before any splitting: kept lines cancel out, so for every UTF-16 unit
 * the patch must carry at least |count in old − count in new| of it, each at least one byte.
 */
function unitImbalance(oldText: string, newText: string, room: number): boolean {
  const counts = new Int32Array(65536);
  for (let i = 0; i < oldText.length; i++) counts[oldText.charCodeAt(i)]!++;
  for (let i = 0; i < newText.length; i++) counts[newText.charCodeAt(i)]!--;
  let sum = 0;
  for (let u = 0; u < 65536; u++) {
    const c = counts[u]!;
    sum += c < 0 ? -c : c;
  }
  return sum > room;
}

/**
 * Whether a cheap lower bound on the patch bytes already exceeds `room`. Lines of the new middle
 * found nowhere in the old middle must be added (with a marker each); removed text = added text
 * + (old − new middle size), since kept lines are identical. Exits as soon as the bound is over
 * (a full rewrite declines after a few hundred lines).
 */
function surelyTooBig(a: readonly string[], b: readonly string[], from: number, aEnd: number, bEnd: number, room: number): boolean {
  // Measured in UTF-16 units, which never exceed UTF-8 bytes: still lower bounds, no encoding.
  let aUnits = 0;
  let bUnits = 0;
  const old = new Set<string>();
  for (let i = from; i < aEnd; i++) {
    old.add(a[i]!);
    aUnits += a[i]!.length;
  }
  for (let i = from; i < bEnd; i++) bUnits += b[i]!.length;
  const shrink = aUnits - bUnits;
  let added = 0; // '+' lines, markers included
  let addedText = 0; // the same lines alone: removed text = added text + shrink
  for (let i = from; i < bEnd; i++) {
    if (old.has(b[i]!)) continue;
    const n = b[i]!.length;
    added += n + 1;
    addedText += n;
    if (added + Math.max(0, addedText + shrink) > room) return true;
  }
  return added + Math.max(0, addedText + shrink) > room;
}

/**
 * Most line edits a patch of `budget` bytes can carry: edits cost at least their line's bytes
 * plus a marker, so take the cheapest lines first.
 */
function maxEdits(a: readonly string[], b: readonly string[], from: number, aEnd: number, bEnd: number, budget: number): number {
  // UTF-16 units + 1 never exceed an edit line's bytes; a typed array sorts numerically.
  const costs = new Float64Array(aEnd - from + (bEnd - from));
  let k = 0;
  for (let i = from; i < aEnd; i++) costs[k++] = a[i]!.length + 1;
  for (let i = from; i < bEnd; i++) costs[k++] = b[i]!.length + 1;
  costs.sort();
  let spent = 0;
  let n = 0;
  for (const c of costs) {
    if (spent + c > budget) break;
    spent += c;
    n++;
  }
  return n;
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
  const fixed = Buffer.byteLength(`${notice}\n--- ${oldName}\n+++ ${newName}\n`);
  if (fixed >= budget) return undefined;
  const room = budget - fixed;

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
