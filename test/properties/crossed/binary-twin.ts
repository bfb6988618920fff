/** The careful ledger of examples/shortcuts/ with a host tool that returns binary files' bytes (coverage.long.test.ts). */
import { ledgerShim } from '../../../examples/shortcuts/ledger.ts';

export default ledgerShim({ name: 'careful-ledger-binary', binary: true });
