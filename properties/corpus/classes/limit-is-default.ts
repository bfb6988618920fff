import { defineLieClass } from '../define.ts';
import { T0, lines, read, reads, replaceLine, worker, write } from '../content.ts';
import { windowLimitMax } from '../../../src/core/host-tool.ts';

export default defineLieClass({
  id: 'limit-is-default',
  words: 'a line limit that is a default, not a max (an explicit larger limit returns more)',
  seenInWild:
    "shims (and kits) that take a host's no-limit cut for a cap on every window: a window of `limit` past the cut served from the cut read, or judged as if cut — yet many read tools cut at N lines only when no `limit` is given and honour a larger one (`tool.defaultLimit`; `tool.maxLines` alone keeps the cap meaning, and the kit then sends no window above it)",
  cases: [
    {
      // A line limit that is a default: the no-limit read is cut at it, an explicit larger limit is a
      // request of its own that returns more (SPEC "Host read tools", step 2).
      id: 'default-limit-window',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM', 'SLICE-EXACT'],
      needs: { tool: true, windows: true, anyOf: ['pointer', 'cap', 'diff'] },
      cap: 24_576,
      unplayable: (ctx) =>
        ctx.tool?.defaultLimit === undefined ? 'the host tool declares no defaultLimit' : undefined,
      events: (ctx) => {
        const d = ctx.tool!.defaultLimit!;
        const more = {
          args: { offset: 1, limit: Math.min(d + 3, windowLimitMax(ctx.tool) ?? d + 3, ctx.tool!.maxLines ?? d + 3) },
        };
        const body = lines(d + 3, 'dflt');
        return [
          worker(),
          write('l.ts', body, T0),
          ...reads(2, 'l.ts'),
          ...reads(2, 'l.ts', more),
          write('l.ts', replaceLine(body, d + 1, 'edited past the default'), T0 + 1000),
          read('l.ts'),
          read('l.ts', more),
        ];
      },
    },
  ],
  lying: [
    {
      file: 'test/fixtures/naive-shims.ts',
      fixture: true,
      names: ['cached-window'],
      note: 'behind `tool.defaultLimit`',
    },
  ],
  truthful: [
    { file: 'test/fixtures/naive-shims.ts', fixture: true, names: ['cached-window'], note: 'behind `tool.maxLines`' },
  ],
});
