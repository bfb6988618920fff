/**
 * Shortcut 15, EXT-STAT: files with a common extension (.py) keyed on their stat; every other file on its content.
 *
 * Condition: the file held whole, and its name ends in .py (names vary per seed).
 * The edit it cannot see: an edit that keeps the size and the mtime. Its lie breaks POINTER-FULL.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/15-ext-stat.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('ext-stat');
