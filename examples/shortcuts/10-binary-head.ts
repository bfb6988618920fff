/**
 * Shortcut 10, BINARY-HEAD: a binary fingerprinted by its size and its first block of B bytes (images are large; hashing them is slow).
 *
 * Condition: a binary held; the change is past its first block (edit-offset).
 * The edit it cannot see: bytes of the binary changed, the size kept. Its lie breaks POINTER-FULL.
 * Threshold: B = 4,096 bytes (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/10-binary-head.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('binary-head');
