import { defineLieClass } from '../define.ts';
import { T0, reads, worker, write } from '../content.ts';
import { refusedThenReadable } from '../families.ts';
import { MID, TINY, overRefusal, overTokens, small, tooLarge } from '../helpers.ts';
import { windowLimitMax } from '../../../src/core/host-tool.ts';
import type { RuleId } from '../../../src/core/rules.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import { boundedText } from '../../../src/harness/host-tool.ts';

const RULES: readonly RuleId[] = ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'];

/** A file refused whole, read twice, then read twice in a window the host does not refuse. */
const thenWindow = (path: string, text: string, window: Record<string, number>): TraceEvent[] => [
  worker(),
  write(path, text, T0),
  ...reads(2, path),
  ...reads(2, path, { args: window }),
];

export default defineLieClass({
  id: 'refusal-recorded',
  words: 'a host refusal recorded as a delivery ("already in context" to a worker that never got a byte)',
  seenInWild:
    'hooks that record at PreToolUse, maps written before the size or token check: Claude Code 2.1 refuses a whole Read over 256 KB ("File content (447.2KB) exceeds maximum allowed size (256KB)") and tells the worker to read a window; spec 2.2: a read tool that throws on an offset past the end ("Offset 5 is beyond end of file"), or shows a notice instead of a first line over its byte limit ("[Line 1 is 60.0KB, exceeds 50.0KB limit. …]"), recorded as delivered',
  cases: [
    {
      id: 'refused-then-window',
      rules: RULES,
      needs: { refuse: 'maxBytes', windows: true },
      cap: MID,
      unplayable: tooLarge,
      // Refused whole, then the window the refusal asks for: a shim that recorded the refusal as
      // delivered says "already in context" to a worker that never got a byte.
      events: (ctx) => thenWindow('big.ts', overRefusal(ctx, 'win').text, { offset: 1, limit: 5 }),
    },
    refusedThenReadable(
      { id: 'refused-then-trimmed', rules: RULES, needs: { refuse: 'maxBytes' }, cap: MID, unplayable: tooLarge },
      {
        path: 'big.ts',
        // The file is cut back under the size past the host's line bound: the request now returns
        // exactly what a shim that recorded the refused read (as the bounded text) thinks it sent.
        files: (ctx) => {
          const { text, head } = overRefusal(ctx, 'trim');
          return [text, { text: head, mtimeMs: T0 + 1000, lineWidth: 40 }];
        },
      },
    ),
    {
      id: 'refused-over-tokens',
      rules: RULES,
      needs: { refuse: 'maxTokens' },
      cap: MID,
      unplayable: (ctx) => tooLarge(ctx) ?? overTokens(ctx).why,
      events: (ctx) => {
        const { text, window } = overTokens(ctx);
        return thenWindow('tok.ts', text, window);
      },
    },
    refusedThenReadable(
      { id: 'refused-binary', rules: RULES, needs: { refuse: 'binary' }, cap: TINY },
      {
        path: 'b.bin',
        window: { offset: 1, limit: 1 },
        files: (ctx) => {
          const text = small(ctx, 'bin');
          return [`\u0000${text}`, { text, mtimeMs: T0 + 1000, lineWidth: 12 }];
        },
      },
    ),
    // Spec 2.2 "A notice instead of content": a first line over the bound gets a notice, twice;
    // then the same bytes count, the same mtime, the line split in two: the tool shows content. A
    // shim that recorded the noticed read says "unchanged" to a worker that never got a byte.
    refusedThenReadable(
      {
        id: 'notice-then-split',
        rules: ['POINTER-FULL', 'PASSTHROUGH', 'FIRST-VERBATIM'],
        needs: { toolFails: 'notice' },
        cap: MID,
        unplayable: tooLarge,
      },
      {
        path: 'long.ts',
        files: (ctx) => {
          const n = ctx.tool!.notice!.firstLineOverBytes;
          const text = `${'n'.repeat(n + 1)}\ntail\n`;
          const half = Math.ceil((n + 1) / 2);
          const split = `${text.slice(0, half)}\n${text.slice(half + 1)}`;
          return [text, { text: split, lineWidth: 40, shown: boundedText(split, undefined, undefined, ctx.tool!) }];
        },
      },
    ),
    {
      id: 'past-end-then-grown',
      rules: RULES,
      needs: { toolFails: 'pastEnd', windows: true },
      cap: TINY,
      // Spec 2.2: a window past the last line fails, twice; then the file is rewritten to many short
      // lines, the same size, the same mtime: the window now has lines. A shim that recorded the
      // failed window as delivered says "unchanged" to a worker that was only ever given the failure.
      events: (ctx) => {
        const window = { args: { offset: 5, limit: Math.min(2, windowLimitMax(ctx.tool) ?? 2) } };
        return [
          worker(),
          write('e.ts', 'aaaaaaa\nbbbbbbb\n', T0),
          ...reads(2, 'e.ts', window),
          write('e.ts', 'a\nb\nc\nd\ne\nf\ng\nh\n', T0),
          ...reads(2, 'e.ts', window),
        ];
      },
    },
  ],
  lying: [
    { file: 'examples/hooks/content-dedup-pre.sh' },
    { file: 'examples/hooks/mtime-dedup.sh' },
    { file: 'examples/python/host_tool_refusing_shim.py', names: ['--record-first'] },
    { file: 'test/fixtures/refusal-shims.ts', fixture: true, names: ['records-before-size-check'] },
    { file: 'test/fixtures/tool-answer-shims.ts', fixture: true, names: ['records-when-requested'] },
  ],
});
