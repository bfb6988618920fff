/**
 * Shortcut 04, STAT-AFTER-POINTERS: a request answered "unchanged" K times in a row is then trusted on its stat.
 *
 * Condition: K pointers in a row for the request (pointer-run).
 * The edit it cannot see: an edit that keeps the size and the mtime. Its lie breaks POINTER-FULL.
 * Threshold: K = 12 pointers (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/04-stat-after-pointers.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('stat-after-pointers');
