import { defineLieClass } from '../define.ts';
import { windowLimitMax } from '../../../src/core/host-tool.ts';
import { boundedText } from '../../../src/harness/host-tool.ts';
import { T0, worker, write, read } from '../content.ts';
import { TINY, MID, tooLarge, small, readUntilHeld, overRefusal, overTokens } from '../helpers.ts';

export default defineLieClass({
  id: 'refusal-recorded',
  words: 'a host refusal recorded as a delivery ("already in context" to a worker that never got a byte)',
  seenInWild:
    'hooks that record at PreToolUse, maps written before the size or token check: Claude Code 2.1 refuses a whole Read over 256 KB ("File content (447.2KB) exceeds maximum allowed size (256KB)") and tells the worker to read a window; spec 2.2: a read tool that throws on an offset past the end ("Offset 5 is beyond end of file"), or shows a notice instead of a first line over its byte limit ("[Line 1 is 60.0KB, exceeds 50.0KB limit. …]"), recorded as delivered',
  cases: [
    {
      id: 'refused-then-window',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
      needs: { refuse: 'maxBytes', windows: true },
      cap: MID,
      unplayable: tooLarge,
      events: (ctx) => {
        // Refused whole, then the window the refusal asks for: a shim that recorded the refusal as
        // delivered says "already in context" to a worker that never got a byte.
        const text = overRefusal(ctx, 'win').text;
        const win = { offset: 1, limit: 5 };
        return [
          worker(),
          write('big.ts', text, T0),
          read('big.ts'),
          read('big.ts'),
          read('big.ts', { args: win }),
          read('big.ts', { args: win }),
        ];
      },
    },
    {
      id: 'refused-then-trimmed',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
      needs: { refuse: 'maxBytes' },
      cap: MID,
      unplayable: tooLarge,
      events: (ctx) => {
        // The file is cut back under the size past the host's line bound: the request now returns
        // exactly what a shim that recorded the refused read (as the bounded text) thinks it sent.
        const { text, head } = overRefusal(ctx, 'trim');
        return [
          worker(),
          write('big.ts', text, T0),
          read('big.ts'),
          read('big.ts'),
          write('big.ts', head, T0 + 1000),
          ...readUntilHeld(ctx, 'big.ts', head, 40, 1),
        ];
      },
    },
    {
      id: 'refused-over-tokens',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
      needs: { refuse: 'maxTokens' },
      cap: MID,
      unplayable: (ctx) => tooLarge(ctx) ?? overTokens(ctx).why,
      events: (ctx) => {
        const { text, window } = overTokens(ctx);
        return [
          worker(),
          write('tok.ts', text, T0),
          read('tok.ts'),
          read('tok.ts'),
          read('tok.ts', { args: window }),
          read('tok.ts', { args: window }),
        ];
      },
    },
    {
      id: 'refused-binary',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
      needs: { refuse: 'binary' },
      cap: TINY,
      events: (ctx) => {
        const text = small(ctx, 'bin');
        return [
          worker(),
          write('b.bin', `\u0000${text}`, T0),
          read('b.bin'),
          read('b.bin'),
          read('b.bin', { args: { offset: 1, limit: 1 } }),
          write('b.bin', text, T0 + 1000),
          ...readUntilHeld(ctx, 'b.bin', text, 12, 1),
        ];
      },
    },
    {
      id: 'notice-then-split',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'FIRST-VERBATIM'],
      needs: { toolFails: 'notice' },
      cap: MID,
      unplayable: tooLarge,
      // Spec 2.2 "A notice instead of content": a first line over the bound gets a notice, twice;
      // then the same bytes count, the same mtime, the line split in two: the tool shows content. A
      // shim that recorded the noticed read says "unchanged" to a worker that never got a byte.
      events: (ctx) => {
        const n = ctx.tool!.notice!.firstLineOverBytes;
        const text = `${'n'.repeat(n + 1)}\ntail\n`;
        const half = Math.ceil((n + 1) / 2);
        const split = `${text.slice(0, half)}\n${text.slice(half + 1)}`;
        return [
          worker(),
          write('long.ts', text, T0),
          read('long.ts'),
          read('long.ts'),
          write('long.ts', split, T0),
          ...readUntilHeld(ctx, 'long.ts', boundedText(split, undefined, undefined, ctx.tool!), 40, 1),
        ];
      },
    },
    {
      id: 'past-end-then-grown',
      rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
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
          read('e.ts', window),
          read('e.ts', window),
          write('e.ts', 'a\nb\nc\nd\ne\nf\ng\nh\n', T0),
          read('e.ts', window),
          read('e.ts', window),
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
