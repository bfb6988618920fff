/**
 * Shortcut 12, NFC: text hashed after Unicode normalisation to NFC.
 *
 * Condition: the file held whole (held).
 * The edit it cannot see: a change of Unicode form only. Its lie breaks POINTER-FULL.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/12-nfc.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('nfc');
