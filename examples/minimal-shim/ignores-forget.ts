/**
 * A shim that fails on purpose (README.md's first screen): MiniShim (examples/minimal-shim) with its
 * reset hook thrown away. When the host compacts a worker's transcript, the shim is told
 * `forget(path)` and ignores it, so the next read of an unchanged file is answered "unchanged,
 * you hold it" — but the worker no longer holds it (FORGET-RESETS). Run it:
 *   npx readshim-conformance run --adapter node_modules/readshim-conformance/examples/minimal-shim/ignores-forget.ts --no-save
 * (from a checkout of the kit: --adapter examples/minimal-shim/ignores-forget.ts). It exits 1.
 */
import { defineAdapter } from 'readshim-conformance';
import minimal from './adapter.ts';

export default defineAdapter({
  ...minimal,
  name: 'ignores-forget',
  async create(ctx) {
    const shim = await minimal.create(ctx);
    return { ...shim, forget: () => {} }; // the lie: a compaction changes nothing here
  },
});
