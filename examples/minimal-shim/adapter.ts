/**
 * Worked example: an in-process adapter for MiniShim (docs/guide/adapter.md). It imports the kit by its package name, as your adapter will. Run it:
 *   npx readshim-conformance run --adapter node_modules/readshim-conformance/examples/minimal-shim/adapter.ts --arm cap
 * (from a checkout of the kit: --adapter examples/minimal-shim/adapter.ts)
 */
import { defineAdapter, type Claim } from 'readshim-conformance';
import { MiniShim } from './shim.ts';

export default defineAdapter({
  name: 'minimal-shim',
  capabilities: {
    arms: ['cap'], // MiniShim always caps and points; it has no off or diff mode
    capParam: true, // it rejects caps below 4 with a RangeError
    windows: true,
    diff: false,
    staleServe: false,
    forget: true,
    counters: true,
    persona: false,
    armResolver: false,
    seal: true, // its tag is the kit's seal, so file content cannot forge its notices
  },
  // One MiniShim per worker, wrapping the kit's read tool.
  create(ctx) {
    const shim = new MiniShim({ cap: ctx.cap, tag: ctx.seal });
    return {
      async read(args) {
        const { path, ...rest } = args;
        const text = await ctx.read(args); // errors of the tool pass straight through
        return shim.answer(path, JSON.stringify(rest), text);
      },
      forget: (path) => shim.reset(path),
      counters: () => ({ pointered: shim.pointers, capped: shim.cuts, bytesWithheld: shim.withheld }),
    };
  },
  // Response text → claim. Only text that starts with the sealed tag is the shim speaking.
  decode(text, { seal }): Claim {
    const same = new RegExp(`^<<${seal} same:(\\d+)>>$`).exec(text);
    if (same) return { kind: 'pointer', total: Number(same[1]) };
    const part = new RegExp(`^<<${seal} part:(\\d+):(\\d+):(\\d+)>>\\n`).exec(text);
    if (part) {
      const [, start, end, total] = part.map(Number) as [number, number, number, number];
      return { kind: 'slice', start, end, total, done: end === total, payload: text.slice(part[0].length) };
    }
    return { kind: 'verbatim' };
  },
});
