/**
 * Shortcut 07, FORGET-MISSES-LINKS: forget(path) drops the requests read under that name, not the file (a read under a link's name is missed).
 *
 * Condition: the file held under one name, forgotten under another (link-forgotten).
 * The edit it cannot see: none needed. Its lie breaks FORGET-RESETS.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/07-forget-misses-links.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('forget-misses-links');
