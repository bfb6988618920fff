/**
 * The careful ledger without a shortcut (examples/shortcuts/ledger.ts): the truthful twin of every
 * shortcut here, with a batch read tool (a shortcut's own twin, SHORTCUT_TWIN=1, declares what that
 * shortcut's design declares). It passes.
 *
 *   npx readshim-conformance run --adapter examples/shortcuts/twin.ts
 */
import { ledgerShim } from './ledger.ts';

export default ledgerShim({ name: 'careful-ledger', batch: true });
