import { defineLieClass } from '../define.ts';
import { T0, forget, read, reads, worker, write } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'reinject-assumed',
  words:
    'files re-attached after compaction assumed to be every file delivered (the host re-attaches only the most recent few)',
  seenInWild:
    'read-dedup layers behind a host that re-attaches recently read files after compacting (Claude Code re-attaches them as reminders) that keep every record across the compaction because "the host puts them back": "already in context" for a file the host did not re-attach (spec/SPEC.md "Re-injection after compaction")',
  cases: [
    // Re-injection (spec/SPEC.md "Re-injection after compaction"): count + 1 files read, then a
    // compaction; the host re-attaches the `count` read last. A pointer to the newest is true, a
    // pointer to the oldest (never re-attached) is a lie, and so is one to a re-attached file edited since.
    {
      id: 'reinject-then-pointer',
      rules: ['FORGET-RESETS', 'POINTER-FULL'],
      needs: { levers: ['pointer'], forget: true, reinject: true },
      cap: TINY,
      events: (ctx) => {
        const count = ctx.reinject?.count ?? 1;
        const names = Array.from({ length: count + 1 }, (_, i) => `r${i}.ts`);
        const newest = names[count]!;
        const edited = names[1]!;
        return [
          worker(),
          ...names.map((f, i) => write(f, small(ctx, `ri${i}`), T0)),
          ...names.flatMap((f) => reads(2, f)),
          forget('w1'),
          read(newest),
          read(names[0]!),
          ...(edited === newest ? [] : [write(edited, small(ctx, 'ri-edited'), T0 + 1000), read(edited)]),
          read(newest),
        ];
      },
    },
  ],
  lying: [
    { file: 'examples/designs/reinject-pointer.ts', names: ['reinjectAssumed'] },
    { file: 'examples/python/reinject_shim.py', names: ['--assume-all'], note: 'over the process protocol' },
    {
      file: 'examples/hooks/content-dedup.sh',
      note: 'without a compaction hook, in the hook host (`--hook-reinject 2`)',
    },
  ],
  truthful: [
    { file: 'examples/designs/reinject-pointer.ts', note: '(its default export)' },
    { file: 'examples/python/reinject_shim.py', note: 'without the flag' },
    { file: 'examples/hooks/content-dedup-recent.sh', note: 'with content-dedup-recent-compact.sh 2' },
  ],
});
