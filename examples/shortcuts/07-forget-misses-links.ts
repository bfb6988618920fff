/**
 * Shortcut 07, FORGET-MISSES-LINKS: forget(path) follows links to the file's real name, so what the link's own name delivered survives.
 *
 * Condition: the file held under a link's name, and that name forgotten (link-forgotten).
 * The edit it cannot see: none needed. Its lie breaks FORGET-RESETS.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/07-forget-misses-links.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('forget-misses-links');
