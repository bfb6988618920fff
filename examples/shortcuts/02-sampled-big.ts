/**
 * Shortcut 02, SAMPLED-BIG: whole reads of files over S bytes fingerprinted by three 4 KiB samples (first, middle, last block, from the disk) and the size.
 *
 * Condition: the file is over S bytes (big-file).
 * The edit it cannot see: an edit that keeps the size, outside the three sampled blocks. Its lie breaks POINTER-FULL.
 * Threshold: S = 262,144 bytes (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/02-sampled-big.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('sampled-big');
