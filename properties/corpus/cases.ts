/**
 * The directed corpus: one or more fixed histories per lie class, each written in its class's file
 * (classes/<id>.ts) from the class — the smallest history in which a shim that lies that way must
 * say something false — never fitted to a mutant. Together they give every rule a history can
 * exercise at least one check under every mode that applies. docs/LIE-CLASSES.md lists them.
 */
import { LIE_CLASS_IDS } from './class-ids.ts';
import { LIE_CLASS_FILES } from './classes/index.ts';
import type { CorpusCase } from './types.ts';

/**
 * The order the cases are played in, by topic: a run's verdicts, stories and recorded identities
 * depend on it, so a new case goes where its topic is (a test checks it names every case once).
 */
export const PLAY_ORDER: readonly string[] = Object.freeze([
  // ---- first reads and unchanged re-reads -------------------------------------------------
  'first-read',
  'unchanged-reread',
  // ---- the cap ---------------------------------------------------------------------------
  'partial-then-pointer',
  'short-tail',
  'around-the-cap',
  'multibyte-at-cap',
  'lone-surrogate-at-cap',
  'continue-across-change',
  // ---- mtimes ----------------------------------------------------------------------------
  'same-second-edit',
  'edit-keeps-mtime',
  'edit-keeps-mtime-partial',
  'edit-keeps-mtime-and-size',
  'mtime-restored',
  'race-after-whole-read',
  'race-after-partial-read',
  'race-moves-mtime',
  'race-moves-mtime-partial',
  // ---- content shapes --------------------------------------------------------------------
  'a-b-a',
  'empty-file',
  'no-final-newline',
  'crlf-diff',
  'crlf-slices',
  'crlf-to-lf-rewrite',
  'bom-dropped-rewrite',
  // ---- compaction and workers ------------------------------------------------------------
  'forget-then-reread',
  'forget-then-continue',
  'forget-then-diff',
  'compact-worker-then-reread',
  'compact-worker-then-window',
  'compact-worker-then-diff',
  'reinject-then-pointer',
  'forget-alias',
  // ---- paths beyond spelling (spec/SPEC.md "Links and case"): the oracle's identity is the host's
  'symlink-target-edit',
  'symlink-retarget',
  'case-folded-ledger',
  'forget-other-case',
  'forget-link-name',
  'forget-link-only-name',
  'retarget-diff',
  'second-worker',
  'new-session',
  'fork-then-parent-reads',
  'subagent-shares-session',
  'resume-after-compaction',
  // ---- batch reads (spec 2.1 "Batch reads"): each part judged as its own read of its own file ----
  'batch-new-beside-seen',
  'batch-edit-beside-unchanged',
  'batch-forget-and-second-worker',
  // ---- windows and the host tool's bound -------------------------------------------------
  'window-as-whole',
  'whole-after-window',
  'window-same-text-elsewhere',
  'window-beyond-host-cut',
  'default-limit-window',
  'host-tool-bound',
  // ---- diffs -----------------------------------------------------------------------------
  'diff-partial-base',
  'diff-cut-to-budget',
  'diff-larger-than-file',
  // ---- stale serves, tool failures, refusals ----------------------------------------------
  'stale-then-reread',
  'tool-failure-then-reread',
  'not-found-then-created',
  // ---- host refusals (SPEC.md "Host refusals") ------------------------------------------
  'refused-then-window',
  'refused-then-trimmed',
  'refused-over-tokens',
  'refused-binary',
  'notice-then-split',
  'past-end-then-grown',
  'repeated-failure',
  // ---- bytes that are not text (SPEC.md "Bytes that are not text", spec 2.1) ---------------
  'two-images-same-size',
  'binary-rewrite-same-second',
  'refused-binary-then-text',
  // ---- substituted results (SPEC.md "Substituted results") -------------------------------
  'substituted-reread',
]);

const BY_ID: ReadonlyMap<string, CorpusCase> = new Map(
  LIE_CLASS_IDS.flatMap((id) => LIE_CLASS_FILES[id].cases).map((c) => [c.id, c]),
);

export const CASES: readonly CorpusCase[] = Object.freeze(
  PLAY_ORDER.map((id) => {
    const c = BY_ID.get(id);
    if (c === undefined) throw new Error(`corpus PLAY_ORDER names ${id}, which no class file has`);
    return c;
  }),
);

export function caseById(id: string): CorpusCase | undefined {
  return CASES.find((c) => c.id === id);
}
