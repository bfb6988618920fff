/**
 * Shortcut 18, TRIM-HASH: text hashed with every line's trailing blanks trimmed.
 *
 * Condition: the file held whole (held).
 * The edit it cannot see: a change of trailing blanks only. Its lie breaks POINTER-FULL.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/18-trim-hash.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('trim-hash');
