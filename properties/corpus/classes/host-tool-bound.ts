import { defineLieClass } from '../define.ts';
import { T0, lines, read, reads, replaceLine, worker, write } from '../content.ts';

export default defineLieClass({
  id: 'host-tool-bound',
  words: 'a host tool bound (long file, long line)',
  seenInWild:
    'a stub after a read the host tool truncated (2,000 lines, long lines cut, a mid-line cut past a file size, a partial view past a token estimate) sized or keyed as if the worker held the file',
  cases: [
    {
      id: 'host-tool-bound',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM', 'SLICE-EXACT'],
      needs: { tool: true, anyOf: ['pointer', 'cap', 'diff'] },
      cap: 24_576,
      events: (ctx) => {
        const t = ctx.tool!;
        // Past the bound: maxLines lines, maxChars units or maxTokens × 4 bytes, in lines of about 8.
        const budget = t.maxChars ?? (t.maxTokens !== undefined ? t.maxTokens * 4 : undefined);
        const bounded =
          t.maxLines !== undefined ? t.maxLines + 3 : budget !== undefined ? Math.ceil(budget / 8) + 3 : 20;
        // A mid-line cut (cutChars) plays only on a file over overBytes whose text reaches past `at`.
        const reach =
          t.cutChars === undefined ? 0 : Math.ceil(Math.max(t.cutChars.at, t.cutChars.overBytes + 1) / 8) + 3;
        const n = Math.max(bounded, reach);
        const long = t.maxLineChars ?? budget;
        // A long first line with a 4-byte character across the line cut, then short lines past the line limit.
        const first =
          long === undefined ? 'short first line' : `${'L'.repeat(Math.max(0, long - 1))}😀${'L'.repeat(5)}`;
        const body = `${first}\n${lines(n - 1, 'bound')}`;
        const pastBound = replaceLine(body, n - 1, 'edited past the bound');
        return [
          worker(),
          write('h.ts', body, T0),
          ...reads(2, 'h.ts'),
          write('h.ts', pastBound, T0 + 1000),
          read('h.ts'),
          write('h.ts', replaceLine(pastBound, 1, 'edited within the bound'), T0 + 2000),
          ...reads(2, 'h.ts'),
        ];
      },
    },
  ],
  lying: [
    {
      file: 'test/fixtures/naive-shims.ts',
      fixture: true,
      names: ['disk-sized-stub'],
      note: 'behind `maxLines`, `cutChars` and `maxTokens`: a stub sized from the disk',
    },
  ],
  truthful: [
    {
      file: 'test/fixtures/naive-shims.ts',
      fixture: true,
      names: ['tool-sized-stub'],
      note: "behind the same bounds: a stub sized from the tool's text",
    },
  ],
});
