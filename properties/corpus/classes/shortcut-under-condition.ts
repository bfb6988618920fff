import { defineLieClass } from '../define.ts';

export default defineLieClass({
  id: 'shortcut-under-condition',
  words:
    'a shortcut taken under a condition (many files, many reads, a run of pointers, a large file, a forget by another name, a large batch call) and an edit it cannot see',
  seenInWild:
    'bounded ledgers that fall back to the stat, big files sampled or trusted on their stat, stat trusted after a run of pointers or many reads, forgets that miss windows, links or a batch cache, lossy or normalised fingerprints',
  cases: [],
  planned: '`crossed-*` (one per conditions × edits cell the subject offers: docs/reference/session-band.md)',
  lying: [
    { file: 'examples/shortcuts/01-lru-stat.ts' },
    { file: 'examples/shortcuts/02-sampled-big.ts' },
    { file: 'examples/shortcuts/03-stat-big.ts' },
    { file: 'examples/shortcuts/04-stat-after-pointers.ts' },
    { file: 'examples/shortcuts/05-stat-after-reads.ts' },
    { file: 'examples/shortcuts/06-forget-misses-windows.ts' },
    { file: 'examples/shortcuts/07-forget-misses-links.ts' },
    { file: 'examples/shortcuts/08-batch-budget.ts' },
    { file: 'examples/shortcuts/09-batch-cache-forget.ts' },
    { file: 'examples/shortcuts/10-binary-head.ts' },
    { file: 'examples/shortcuts/11-ascii-fold.ts' },
    { file: 'examples/shortcuts/12-nfc.ts' },
    { file: 'examples/shortcuts/13-diff-base-from-disk.ts' },
    { file: 'examples/shortcuts/14-window-fp-from-disk.ts' },
    { file: 'examples/shortcuts/15-ext-stat.ts' },
    { file: 'examples/shortcuts/16-prefix-hash.ts' },
    { file: 'examples/shortcuts/17-crlf-hash.ts' },
    { file: 'examples/shortcuts/18-trim-hash.ts' },
  ],
  truthful: [
    {
      file: 'examples/shortcuts/twin.ts',
      note: "(the careful ledger without a shortcut; each shortcut's own twin is SHORTCUT_TWIN=1)",
    },
  ],
});
