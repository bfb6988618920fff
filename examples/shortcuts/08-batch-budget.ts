/**
 * Shortcut 08, BATCH-BUDGET: a batch read call with an output budget: the part that crosses it is cut silently and recorded as handed over whole.
 *
 * Condition: one batch call of more than B bytes (batch-total).
 * The edit it cannot see: none needed: the cut part claims the whole file. Its lie breaks SLICE-EXACT.
 * Threshold: B = 65,536 bytes (SHORTCUT_THRESHOLD=<n> sets another).
 * Truthful twin: SHORTCUT_TWIN=1 (the same careful ledger without the shortcut), which passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/08-batch-budget.ts   # exit 1
 */
import { shortcutAdapter } from './catalogue.ts';

export default shortcutAdapter('batch-budget');
