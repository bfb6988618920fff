/**
 * DIFF-COMPLETE's applier: the kit's one strict unified-diff reader and applier (src/core/patch.ts,
 * shared with the spec validator; it never parses with jsdiff, which the reference builds its
 * diffs with). Every hunk applies exactly at its header line; context and removed lines must
 * match byte for byte (line endings included); no search, no fuzz.
 */
import { applyPatchText } from '../../src/core/patch.ts';

export type StrictResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** `lines`: the claim's dialect (SPEC.md "Diff dialects"); absent = lines with endings, headers. */
export function applyStrict(base: string, patchText: string, lines?: 'split'): StrictResult {
  const r = applyPatchText(base, patchText, lines === 'split' ? 'split' : 'endings');
  return r.ok ? { ok: true, text: r.value } : r;
}
