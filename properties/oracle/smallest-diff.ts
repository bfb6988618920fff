/**
 * The smallest diff response DIFF-COMPLETE's strict applier accepts (file headers and one hunk),
 * computed by asking the applier, not hard-coded: below it no truthful shim can send a diff under
 * a capping lever (spec/SPEC.md "CAP-BOUND"), so the diff rules are n/a for such a fixed cap.
 */
import { utf8 } from './bytes.ts';
import { applyStrict } from './strict-patch.ts';

/** One-line edits of one-byte names: a change, an insertion into an empty file, a deletion to empty. */
const CANDIDATES: readonly { readonly base: string; readonly patch: string; readonly result: string }[] = [
  { base: 'x\n', patch: '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n', result: 'y\n' },
  { base: '', patch: '--- a\n+++ a\n@@ -0,0 +1 @@\n+y\n', result: 'y\n' },
  { base: 'x\n', patch: '--- a\n+++ a\n@@ -1 +0,0 @@\n-x\n', result: '' },
];

/** Bytes of the smallest accepted diff response; with a seal, the framing carries it too. */
export function smallestDiffResponse(seal: string | undefined): number {
  const ok = CANDIDATES.filter((c) => {
    const r = applyStrict(c.base, c.patch);
    return r.ok && r.text === c.result;
  });
  if (ok.length === 0) throw new Error('the strict applier accepts none of the smallest diffs: fix smallest-diff.ts');
  return Math.min(...ok.map((c) => utf8(c.patch).length)) + (seal === undefined ? 0 : utf8(seal).length);
}
