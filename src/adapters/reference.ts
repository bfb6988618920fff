/** The reference shim as an in-process adapter: the kit's default and its first citizen. */
import { ARM_FLAGS, type ArmName } from '../core/arms.ts';
import { createReadShim, decodeResponse, personaLine, resolveArm } from '../../reference/index.ts';
import { defineAdapter, type HostTool } from '../core/contract.ts';

export default defineAdapter({
  name: 'reference',
  capabilities: {
    arms: ['off', 'cap', 'diff', 'all'],
    capParam: true,
    windows: true,
    diff: true,
    staleServe: true,
    forget: true,
    counters: true,
    countCallback: true,
    persona: true,
    armResolver: true,
    wrapTool: true,
    seal: true,
  },
  create(ctx) {
    const shim = createReadShim({
      cap: ctx.cap,
      arm: ARM_FLAGS[ctx.arm ?? 'all'], // an arm surface: the kit always names the arm
      seal: ctx.seal,
      onCount: (w) => ctx.onCount(w),
      readFile: (p) => ctx.fs.read(p),
    });
    const tool = shim.wrapRead({ execute: (args: unknown) => ctx.read(args as { path: string }) });
    return {
      read: async (args) => await tool.execute(args),
      stale: (req) => shim.serveStale(req),
      forget: (path) => shim.forget(path),
      counters: () => shim.summary(),
    };
  },
  decode: (text, info) => decodeResponse(text, info.seal),
  surface: {
    resolveArm: (flag) => {
      const { on, cap, pointer, diff, g1 } = resolveArm(flag);
      return { on, cap, pointer, diff, g1 };
    },
    armFlag: (arm: ArmName) => ARM_FLAGS[arm],
    persona: (arm, cap, seal) => personaLine(ARM_FLAGS[arm], cap, seal),
    wrapTool: (arm, tool: HostTool) => createReadShim({ arm: ARM_FLAGS[arm] }).wrapRead(tool),
  },
});
