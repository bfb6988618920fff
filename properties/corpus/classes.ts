/**
 * The lie classes the directed corpus is written from (docs/LIE-CLASSES.md): how shims in the wild
 * lie, each in the words a failure's story starts with. docs/LIE-CLASSES.md's table of them is
 * generated from these, the cases and the mutants' lie classes (`npm run docs:write`).
 */

export const LIE_CLASSES = Object.freeze({
  'partial-then-pointer': 'partial read, then "unchanged" (the pointer that hides the unsent tail)',
  'stuck-continuation': 'a continuation that makes no progress (a short tail re-sent or skipped)',
  'slice-over-cap': 'a slice over the cap (a file of cap − 1, cap, cap + 1 bytes)',
  'multibyte-at-cap': 'multi-byte characters straddling the cap',
  'continue-across-change': 'continuation across a content change',
  'same-second-edit': 'edit within the same second',
  'edit-keeps-mtime': 'edit that keeps the mtime',
  'edit-keeps-mtime-and-size': 'edit that keeps the mtime and the size',
  'mtime-restored': 'edit that restores an earlier mtime',
  'stat-after-read-race':
    'stat-after-read race: the file is rewritten (mtime and size kept) right after the tool read it',
  'stat-after-read-race-moved':
    'stat-after-read race with a new mtime: the file is rewritten (mtime moved) right after the tool read it',
  aba: 'A→B→A content',
  'empty-file': 'empty file (a first read, a file truncated to empty)',
  'no-final-newline': 'no final newline',
  crlf: 'CRLF line endings',
  'host-text-not-disk':
    "host text that is not the disk's bytes (CRLF shown as LF, a BOM dropped): a rewrite of line ends or a BOM alone",
  compaction: 'compaction or rewind (forget) then re-read',
  'compaction-whole-worker': "whole-worker compaction (the host compacts a worker's transcript) then re-read",
  'forget-alias': 'forget of one path under another spelling',
  'reinject-assumed':
    'files re-attached after compaction assumed to be every file delivered (the host re-attaches only the most recent few)',
  'link-own-lstat':
    "a symlink judged by its own lstat (an edit of the target, or a retarget to a file of the same size and mtime, keeps the link's mtime)",
  'case-folded-spelling': 'a ledger keyed on the spelling while the host folds case (A.ts and a.ts one file)',
  'forget-other-name':
    'a forget under another name of the file (a link, or the other case on a case-insensitive host): a forget removes what was delivered under its name',
  'second-worker': 'a second worker (subagent) reading what the first read',
  'cross-session': 'a cache that outlives its session (the same reads in a new session)',
  'fork-after-fork-read':
    'a pointer in a forked subagent to what its parent read after the fork (a ledger shared, not copied, at the fork)',
  'shared-session-subagent':
    "a subagent under its parent's session id answered from the parent's record (a session-keyed shim sees one worker)",
  'resume-stale-ledger':
    'a resumed session with a ledger that outlived the transcript (reloaded from disk as it was before a compaction)',
  'batch-seen-beside-new':
    'a batch read in which a file new to the worker (or changed) is answered with a stub because another file of the batch was seen',
  'window-as-whole':
    'a window read answered as the whole file (its size, or lines past a host cut the whole read never showed)',
  'window-same-text': 'a window answered "unchanged" because another window showed the same text at other line numbers',
  'whole-after-window': 'a whole read answered after only a window was read',
  'host-tool-bound': 'a host tool bound (long file, long line)',
  'limit-is-default': 'a line limit that is a default, not a max (an explicit larger limit returns more)',
  'diff-partial-base': 'a diff against a version the worker only partly holds',
  'diff-cut-to-budget': 'a diff cut to fit a budget',
  'diff-larger-than-file': 'a diff larger than the re-delivery it replaces',
  'stale-serve-recorded': 'stale serve then re-read (the serve recorded as delivery)',
  'tool-failure-recorded': 'injected tool failure then re-read (a read recorded when requested, not delivered)',
  'refusal-recorded': 'a host refusal recorded as a delivery ("already in context" to a worker that never got a byte)',
  'substitution-recorded':
    "a substituted result recorded as the tool's (the dedup recorded the tool's bytes, the worker was shown something else)",
  'image-as-first':
    'two different images (same size, same header) and the second answered as the first (a cache keyed on what the images share)',
  'binary-same-size-rewrite':
    'a binary file rewritten in the same second with the same size (a binary keyed on its stat, not its bytes)',
  'refused-binary-recorded':
    'a refused binary read recorded as a delivery, then "unchanged" when the file became readable (mtime and size kept)',
  'cached-not-found': 'a cached "not found" served after the file appeared',
  'framed-first-read': "a first read that is not the tool's text (a wrapper that always frames)",
  'pointer-in-content': 'an unchanged re-read (a pointer in the content channel)',
  'notice-imitation': "notice imitation: a file whose text is the shim's own notice",
} as const);

export type LieClassId = keyof typeof LIE_CLASSES;

export const LIE_CLASS_IDS: readonly LieClassId[] = Object.freeze(Object.keys(LIE_CLASSES) as LieClassId[]);

export function isLieClassId(s: string): s is LieClassId {
  return Object.prototype.hasOwnProperty.call(LIE_CLASSES, s);
}

/** The first line of a corpus failure's story: the lie class in words, then the case. */
export function lieClassLine(lieClass: LieClassId, caseId: string): string {
  return `lie class: ${LIE_CLASSES[lieClass]} (corpus case ${caseId})`;
}

/** The note a corpus failure's trace header carries, so a replay's story starts the same way. */
export function corpusNote(lieClass: LieClassId, caseId: string): string {
  return `corpus case ${caseId}: ${LIE_CLASSES[lieClass]}`;
}

/** The lie-class line for a replayed trace whose header note came from corpusNote(), else nothing. */
export function leadFromNote(note: string | undefined): string[] {
  const m = /^corpus case (\S+): (.+)$/.exec(note ?? '');
  return m === null ? [] : [`lie class: ${m[2]} (corpus case ${m[1]})`];
}
