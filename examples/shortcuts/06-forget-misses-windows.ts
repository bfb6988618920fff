/**
 * Shortcut 06, FORGET-MISSES-WINDOWS: forget(path) drops the path's whole-file request but not its line windows.
 *
 * Condition: a window of the file held, then forget(<the file>) (window-forgotten).
 * The edit it cannot see: none needed: the re-read of the same window is answered "unchanged". Its lie breaks FORGET-RESETS.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/06-forget-misses-windows.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('forget-misses-windows');
