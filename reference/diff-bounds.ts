/**
 * Deterministic lower bounds that let the diff lever decline before it diffs (READ-SHIM-CONTRACT.md
 * §6: the diff must not stall a tool call). Each is exact about its own arithmetic; diffResponse
 * still checks the finished response against its budget.
 */

/**
 * Cheapest lower bound, before any splitting: kept lines cancel out, so for every UTF-16 unit
 * the patch must carry at least |count in old − count in new| of it, each at least one byte.
 */
export function unitImbalance(oldText: string, newText: string, room: number): boolean {
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
export function surelyTooBig(a: readonly string[], b: readonly string[], from: number, aEnd: number, bEnd: number, room: number): boolean {
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
export function maxEdits(a: readonly string[], b: readonly string[], from: number, aEnd: number, bEnd: number, budget: number): number {
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

