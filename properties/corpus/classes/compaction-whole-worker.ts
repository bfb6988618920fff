import { defineLieClass } from '../define.ts';
import { T0, forget, lines, read, reads, replaceLine, worker, write } from '../content.ts';
import { MID, TINY, diffFits, inTurn, midFile, small } from '../helpers.ts';

export default defineLieClass({
  id: 'compaction-whole-worker',
  words: "whole-worker compaction (the host compacts a worker's transcript) then re-read",
  seenInWild:
    'read-dedup hooks and servers that keep their record across the host\'s compaction (no PreCompact hook, or a TTL standing in for one): "already in context" to a worker whose transcript no longer holds the file (NousResearch/hermes-agent #90949, anthropics/claude-code #68536, QwenLM/qwen-code #3774)',
  cases: [
    // Whole-worker compaction (forget(worker), no path): the one compaction a hook or MCP host can
    // tell its shim, and a host that compacts without telling any shim still does (FORGET-RESETS).
    {
      id: 'compact-worker-then-reread',
      rules: ['FORGET-RESETS', 'POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], forget: true },
      cap: TINY,
      events: (ctx) => [
        worker(),
        write('a.ts', small(ctx, 'wc'), T0),
        ...reads(2, 'a.ts'),
        forget('w1'),
        ...reads(2, 'a.ts'),
        forget('w1'),
        forget('w1'),
        read('a.ts'),
      ],
    },
    {
      id: 'compact-worker-then-window',
      rules: ['FORGET-RESETS', 'POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { levers: ['pointer'], windows: true, forget: true },
      cap: MID,
      events: () => {
        const window = { args: { offset: 2, limit: 3 } };
        return [
          worker(),
          write('v.ts', lines(8, 'cw'), T0),
          ...reads(2, 'v.ts', window),
          forget('w1'),
          ...reads(2, 'v.ts', window),
        ];
      },
    },
    {
      id: 'compact-worker-then-diff',
      rules: ['FORGET-RESETS', 'DIFF-BASE-HELD', 'POINTER-FULL'],
      needs: { levers: ['diff'], forget: true },
      cap: MID,
      unplayable: diffFits,
      events: (ctx) => {
        const a = midFile(ctx, 'wd');
        const b = replaceLine(a, 2, 'const edited = 1;');
        return [
          worker(),
          ...inTurn(ctx, 'm.ts', [a], 40),
          forget('w1'),
          ...inTurn(ctx, 'm.ts', [{ text: b, mtimeMs: T0 + 1000 }], 40),
          write('m.ts', replaceLine(b, 3, 'const edited = 2;'), T0 + 2000),
          read('m.ts'),
        ];
      },
    },
  ],
  lying: [
    { file: 'examples/hooks/mtime-dedup.sh', note: 'without its compaction hook' },
    { file: 'examples/hooks/content-dedup.sh', note: 'without its compaction hook' },
  ],
  truthful: [
    {
      file: 'examples/hooks/content-dedup.sh',
      note: 'with content-dedup-post.sh and its compaction hook content-dedup-compact.sh',
    },
  ],
});
