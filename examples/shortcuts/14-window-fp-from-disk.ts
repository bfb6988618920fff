/**
 * Shortcut 14, WINDOW-FP-FROM-DISK: a line window's fingerprint is taken from the disk after the tool returned.
 *
 * Condition: a window read raced: the file rewritten right after the tool returned (raced-window).
 * The edit it cannot see: the race itself. Its lie breaks POINTER-FULL.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/14-window-fp-from-disk.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('window-fp-from-disk');
