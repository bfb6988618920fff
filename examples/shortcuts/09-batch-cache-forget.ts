/**
 * Shortcut 09, BATCH-CACHE-FORGET: the batch tool keeps its own cache, which forget(path) does not reach (forget() does).
 *
 * Condition: the file forgotten, then listed in a batch read call (batch-after-forget).
 * The edit it cannot see: none needed. Its lie breaks FORGET-RESETS.
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/09-batch-cache-forget.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('batch-cache-forget');
