import { defineLieClass } from '../define.ts';
import { T0, bytesOf, lines, read, reads, worker, write } from '../content.ts';
import { windowLimitMax } from '../../../src/core/host-tool.ts';
import { MID, wide } from '../helpers.ts';

export default defineLieClass({
  id: 'window-as-whole',
  words: 'a window read answered as the whole file (its size, or lines past a host cut the whole read never showed)',
  seenInWild:
    "dedup keyed on the path alone across offset/limit windows; spec 2.2: a window of text the worker was shown whole is held, so its pointer (with the window's size) is true, and only lines the whole read showed count",
  cases: [
    {
      // Spec 2.2: a window of text the worker was shown whole is held (its pointer, with the window's
      // size, is true); "unchanged, you hold all N bytes" with the whole file's N for a narrower window is not.
      id: 'window-as-whole',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { levers: ['pointer'], windows: true },
      cap: MID,
      events: (ctx) => [
        worker(),
        write('v.ts', lines(6, 'win'), T0),
        ...reads(2, 'v.ts'),
        read('v.ts', { args: { offset: 1, limit: wide(ctx) } }),
        ...reads(2, 'v.ts', { args: { offset: 2, limit: 2 } }),
      ],
    },
    {
      // Behind a host that shows the first N lines of a whole read: a window past them was never shown.
      id: 'window-beyond-host-cut',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { levers: ['pointer'], windows: true, tool: true },
      cap: 24_576,
      unplayable: (ctx) => {
        const n = ctx.tool?.maxLines ?? ctx.tool?.defaultLimit;
        if (n === undefined) return 'the host tool shows every line of a whole read (no maxLines or defaultLimit)';
        return ctx.mode.levers.cap && bytesOf(lines(n + 6, 'cut')) > ctx.cap
          ? `a file past the host's ${n}-line cut is over the ${ctx.cap}-byte cap`
          : undefined;
      },
      events: (ctx) => {
        const n = ctx.tool!.maxLines ?? ctx.tool!.defaultLimit!;
        const window = { offset: n + 2, limit: Math.min(3, windowLimitMax(ctx.tool) ?? 3) };
        return [worker(), write('c.ts', lines(n + 6, 'cut'), T0), read('c.ts'), ...reads(2, 'c.ts', { args: window })];
      },
    },
  ],
  lying: [{ file: 'examples/designs/window-cover.ts', names: ['diskCover'] }],
  truthful: [{ file: 'examples/designs/window-cover.ts', names: ['bounded'], note: 'and its default export' }],
});
