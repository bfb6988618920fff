/**
 * Shortcut 16, PREFIX-HASH: whole reads fingerprinted by the size, the mtime in whole seconds and a hash of the first P bytes (from the disk).
 *
 * Condition: the change is more than P bytes into the file (edit-offset).
 * The edit it cannot see: an edit that keeps the size, within the same second (or the mtime kept). Its lie breaks POINTER-FULL.
 * Threshold: P = 65,536 bytes (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/16-prefix-hash.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('prefix-hash');
