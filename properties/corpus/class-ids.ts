/**
 * The lie classes' ids, in docs/LIE-CLASSES.md's order: one file each, classes/<id>.ts, listed in
 * classes/index.ts (a test checks the three agree).
 */
const IDS = [
  'partial-then-pointer',
  'stuck-continuation',
  'slice-over-cap',
  'multibyte-at-cap',
  'continue-across-change',
  'same-second-edit',
  'edit-keeps-mtime',
  'edit-keeps-mtime-and-size',
  'mtime-restored',
  'stat-after-read-race',
  'stat-after-read-race-moved',
  'aba',
  'empty-file',
  'no-final-newline',
  'crlf',
  'host-text-not-disk',
  'compaction',
  'compaction-whole-worker',
  'forget-alias',
  'reinject-assumed',
  'link-own-lstat',
  'case-folded-spelling',
  'forget-other-name',
  'second-worker',
  'cross-session',
  'fork-after-fork-read',
  'shared-session-subagent',
  'resume-stale-ledger',
  'batch-seen-beside-new',
  'window-as-whole',
  'window-same-text',
  'whole-after-window',
  'host-tool-bound',
  'limit-is-default',
  'diff-partial-base',
  'diff-cut-to-budget',
  'diff-larger-than-file',
  'stale-serve-recorded',
  'tool-failure-recorded',
  'refusal-recorded',
  'substitution-recorded',
  'image-as-first',
  'binary-same-size-rewrite',
  'refused-binary-recorded',
  'cached-not-found',
  'framed-first-read',
  'pointer-in-content',
  'notice-imitation',
  'shortcut-under-condition',
] as const;

export type LieClassId = (typeof IDS)[number];

export const LIE_CLASS_IDS: readonly LieClassId[] = Object.freeze(IDS);

export function isLieClassId(s: string): s is LieClassId {
  return (LIE_CLASS_IDS as readonly string[]).includes(s);
}
