/**
 * Shortcut 13, DIFF-BASE-FROM-DISK: (pointer + diff) a window read of a file over S bytes refreshes the whole file's diff base from the disk.
 *
 * Condition: a window of the file read after it changed (window-between).
 * The edit it cannot see: any edit. Its lie breaks POINTER-FULL (a later diff against the refreshed base, DIFF-COMPLETE).
 * Threshold: S = 262,144 bytes (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/13-diff-base-from-disk.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('diff-base-from-disk');
