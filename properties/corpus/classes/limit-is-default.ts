import { defineLieClass } from '../define.ts';
import { windowLimitMax } from '../../../src/core/host-tool.ts';
import { T0, lines, replaceLine, worker, write, read } from '../content.ts';

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
        const more = Math.min(d + 3, windowLimitMax(ctx.tool) ?? d + 3, ctx.tool!.maxLines ?? d + 3);
        const body = lines(d + 3, 'dflt');
        const past = replaceLine(body, d + 1, 'edited past the default');
        return [
          worker(),
          write('l.ts', body, T0),
          read('l.ts'),
          read('l.ts'),
          read('l.ts', { args: { offset: 1, limit: more } }),
          read('l.ts', { args: { offset: 1, limit: more } }),
          write('l.ts', past, T0 + 1000),
          read('l.ts'),
          read('l.ts', { args: { offset: 1, limit: more } }),
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
