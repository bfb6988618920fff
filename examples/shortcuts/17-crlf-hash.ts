/**
 * Shortcut 17, CRLF-HASH: text hashed with CRLF folded to LF.
 *
 * Condition: the file held whole (held).
 * The edit it cannot see: a change of line endings only (CRLF ↔ LF). Its lie breaks POINTER-FULL.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/17-crlf-hash.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('crlf-hash');
