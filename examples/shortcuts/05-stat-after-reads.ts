/**
 * Shortcut 05, STAT-AFTER-READS: once a worker has read M times, every request it holds is trusted on its stat.
 *
 * Condition: the worker has read more than M times (many-reads).
 * The edit it cannot see: an edit that keeps the size and the mtime. Its lie breaks POINTER-FULL.
 * Threshold: M = 60 reads (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/05-stat-after-reads.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('stat-after-reads');
