/**
 * Shortcut 03, STAT-BIG: whole reads of files over S bytes trusted on their stat alone (hashing them is slow).
 *
 * Condition: the file is over S bytes (big-file).
 * The edit it cannot see: an edit that keeps the size and the mtime. Its lie breaks POINTER-FULL.
 * Threshold: S = 262,144 bytes (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/03-stat-big.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('stat-big');
