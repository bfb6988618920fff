/**
 * The diff lever (spec/SPEC.md "Levers", DIFF-COMPLETE). A diff is complete or absent; it ships
 * whenever the smallest patch found fits the budget (CAP-BOUND), and its work is bounded by the
 * texts' lines and a cell count, never by the clock (determinism).
 */
import { FILE_HEADERS_ONLY, formatPatch, type StructuredPatch } from 'diff';
import { diffNotice } from './notices.ts';
import { normalizePath } from './keys.ts';
import { commonPrefix, commonSuffix, linesOf, type Lines } from './lines.ts';
import { Work, align, fewEdits, intern } from './align.ts';
import { hunkBytes, hunksOf, regionsOf, type Regions } from './hunks.ts';
import { lengthFloor, lengthImbalance, runFloor } from './diff-bounds.ts';

/** Work bound of the matching, in cells (each a comparison or a trace entry): no clock. */
export const WORK_CELLS = 4_000_000;

/**
 * The framed diff response for old → new, or undefined when no complete patch found fits in
 * `budget` bytes with its notice. Never a prefix (DIFF-COMPLETE); bounded work (no wall clock).
 */
export function diffResponse(
  seal: string,
  path: string,
  oldText: string,
  newText: string,
  budget: number,
): string | undefined {
  const notice = diffNotice(seal, path, Buffer.byteLength(oldText), Buffer.byteLength(newText));
  // `./a`, `d/../a` name the file `a`; git apply rejects `.`/`..` components in headers
  const patch: StructuredPatch = {
    oldFileName: `a/${normalizePath(path)}`,
    newFileName: `b/${normalizePath(path)}`,
    oldHeader: undefined,
    newHeader: undefined,
    hunks: [],
  };
  // The hunks' own room once the notice and the file headers are paid for (may be <= 0).
  const room = budget - Buffer.byteLength(`${notice}\n${formatPatch(patch, FILE_HEADERS_ONLY)}`);
  if (lengthFloor(oldText, newText) > room) return undefined;
  const a = linesOf(oldText);
  const b = linesOf(newText);
  const regions = smallestRegions(a, b, room);
  if (regions === undefined) return undefined;
  const text = `${notice}\n${formatPatch({ ...patch, hunks: hunksOf(a, b, regions) }, FILE_HEADERS_ONLY)}`;
  return Buffer.byteLength(text) <= budget ? text : undefined;
}

/**
 * The changed regions of the smallest patch found whose hunks fit `room` bytes, or undefined.
 * Two candidates: the one block between the common prefix and suffix (always complete, so a
 * single changed block that fits always ships), and the anchored matching inside it, kept only
 * when strictly smaller.
 */
export function smallestRegions(a: Lines, b: Lines, room: number): Regions | undefined {
  // Whole lines inside the common prefix and suffix of the texts are equal lines.
  const p = commonPrefix(a.text, b.text);
  let head = 0;
  while (
    head < a.count &&
    head < b.count &&
    a.starts[head + 1]! <= p &&
    a.text.charCodeAt(a.starts[head + 1]! - 1) === 10
  )
    head++;
  const q = commonSuffix(a.text, b.text);
  let tail = 0;
  while (a.count - tail > head && b.count - tail > head) {
    const fromEnd = a.text.length - a.starts[a.count - 1 - tail]!;
    if (fromEnd > q || fromEnd !== b.text.length - b.starts[b.count - 1 - tail]!) break;
    tail++;
  }
  const aEnd = a.count - tail;
  const bEnd = b.count - tail;
  if (aEnd === head && bEnd === head) return undefined; // no line differs: nothing to patch
  const block = [head, aEnd, head, bEnd];
  const blockBytes =
    runFloor(a, head, aEnd) + runFloor(b, head, bEnd) > room ? undefined : hunkBytes(a, b, block, room);
  // The matching must beat the block, or fit at all.
  const bound = blockBytes === undefined ? room : blockBytes - 1;
  // Lines of unequal lengths never match: a rewrite stops here. Then a few edits: Myers on the
  // lines themselves; otherwise IDs, anchors, Myers in the gaps.
  const hopeless = lengthImbalance(a, head, aEnd, b, head, bEnd) > bound;
  const few = hopeless ? undefined : fewEdits(a, head, aEnd, b, head, bEnd);
  const ids = hopeless || few !== undefined ? undefined : intern(a, head, aEnd, b, head, bEnd, bound);
  const matched = few ?? (ids === undefined ? undefined : align(ids, bound, new Work(WORK_CELLS)));
  if (matched !== undefined) {
    const r = regionsOf(matched.keepA, matched.keepB, head);
    if (hunkBytes(a, b, r, bound) !== undefined) return r;
  }
  return blockBytes === undefined ? undefined : block;
}
