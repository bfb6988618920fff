/**
 * Shortcut 01, LRU-STAT: a bounded ledger (an LRU of N requests); a request it evicted falls back to the file's stat (size + mtime).
 *
 * Condition: the worker has read more than N other requests since it was handed this one (many-files).
 * The edit it cannot see: an edit that keeps the size and the mtime. Its lie breaks POINTER-FULL.
 * Threshold: N = 64 requests (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/01-lru-stat.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('lru-stat');
