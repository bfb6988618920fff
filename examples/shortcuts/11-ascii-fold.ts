/**
 * Shortcut 11, ASCII-FOLD: text hashed in a lossy encoding (every character outside ASCII as "?"), beside its UTF-8 size.
 *
 * Condition: the file held whole (held).
 * The edit it cannot see: a change of characters outside ASCII only, the size kept. Its lie breaks POINTER-FULL.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/11-ascii-fold.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('ascii-fold');
