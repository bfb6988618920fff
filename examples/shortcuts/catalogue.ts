/**
 * The shortcuts, one row each: the shortcut in words, the condition it waits for and the edit it
 * cannot see (a cell of the kit's conditions × edits table), the rule its lie breaks, its threshold
 * (default, and how it is read from SHORTCUT_THRESHOLD), and what the design declares besides the
 * pointer lever. Each `NN-*.ts` file in this folder is one row as an adapter module.
 */
import type { BytesShimAdapter, ShimAdapter } from 'readshim-conformance';
import { ledgerShim, threshold, type LedgerOptions, type Shortcut } from './ledger.ts';

export interface ShortcutRow {
  readonly id: string;
  /** The shortcut, as its file's header and the docs name it. */
  readonly words: string;
  /** The condition × edit cell whose chain catches it (docs/reference/session-band.md). */
  readonly cell: string;
  readonly rule: 'POINTER-FULL' | 'FORGET-RESETS' | 'SLICE-EXACT' | 'DIFF-COMPLETE';
  /** The default threshold (a count, bytes), or undefined for a shortcut without one. */
  readonly threshold?: number;
  readonly shortcut: (t: number) => Shortcut;
  readonly design?: Pick<LedgerOptions, 'diff' | 'batch' | 'binary'>;
}

const ROWS: ShortcutRow[] = [
  {
    id: 'lru-stat',
    words: 'a bounded ledger (LRU); an evicted request falls back to the file stat',
    cell: 'many-files × same-size-mtime-kept',
    rule: 'POINTER-FULL',
    threshold: 64,
    shortcut: (t) => ({ kind: 'lru-stat', entries: t }),
  },
  {
    id: 'sampled-big',
    words: 'whole reads over a size fingerprinted by three 4 KiB samples and the size',
    cell: 'big-file × same-size',
    rule: 'POINTER-FULL',
    threshold: 262_144,
    shortcut: (t) => ({ kind: 'sampled-big', minBytes: t, block: 4096 }),
  },
  {
    id: 'stat-big',
    words: 'whole reads over a size trusted on the stat alone',
    cell: 'big-file × same-size-mtime-kept',
    rule: 'POINTER-FULL',
    threshold: 262_144,
    shortcut: (t) => ({ kind: 'stat-big', minBytes: t }),
  },
  {
    id: 'stat-after-pointers',
    words: 'a request trusted on its stat after a run of pointers',
    cell: 'pointer-run × same-size-mtime-kept',
    rule: 'POINTER-FULL',
    threshold: 12,
    shortcut: (t) => ({ kind: 'stat-after-pointers', pointers: t }),
  },
  {
    id: 'stat-after-reads',
    words: 'every request trusted on its stat once the worker has read many times',
    cell: 'many-reads × same-size-mtime-kept',
    rule: 'POINTER-FULL',
    threshold: 60,
    shortcut: (t) => ({ kind: 'stat-after-reads', reads: t }),
  },
  {
    id: 'forget-misses-windows',
    words: "forget(path) misses the path's line windows",
    cell: 'window-forgotten × none',
    rule: 'FORGET-RESETS',
    shortcut: () => ({ kind: 'forget-misses-windows' }),
  },
  {
    id: 'forget-misses-links',
    words: "forget(path) follows links to the file's real name, so what the link's own name delivered survives",
    cell: 'link-forgotten × none',
    rule: 'FORGET-RESETS',
    shortcut: () => ({ kind: 'forget-misses-links' }),
  },
  {
    id: 'batch-budget',
    words: 'a batch call with an output budget: the part crossing it cut silently, recorded whole',
    cell: 'batch-total × none',
    rule: 'SLICE-EXACT',
    threshold: 65_536,
    shortcut: (t) => ({ kind: 'batch-budget', bytes: t }),
    design: { batch: true },
  },
  {
    id: 'batch-cache-forget',
    words: 'a batch cache that forget(path) misses',
    cell: 'batch-after-forget × none',
    rule: 'FORGET-RESETS',
    shortcut: () => ({ kind: 'batch-cache-forget' }),
    design: { batch: true },
  },
  {
    id: 'binary-head',
    words: 'a binary fingerprinted by its size and its first block',
    cell: 'edit-offset × binary-same-size',
    rule: 'POINTER-FULL',
    threshold: 4096,
    shortcut: (t) => ({ kind: 'binary-head', block: t }),
    design: { binary: true },
  },
  {
    id: 'ascii-fold',
    words: 'text hashed in a lossy encoding (characters outside ASCII folded), beside its size',
    cell: 'held × multibyte-only',
    rule: 'POINTER-FULL',
    shortcut: () => ({ kind: 'ascii-fold' }),
  },
  {
    id: 'nfc',
    words: 'text hashed after Unicode normalisation (NFC)',
    cell: 'held × form-only',
    rule: 'POINTER-FULL',
    shortcut: () => ({ kind: 'nfc' }),
  },
  {
    id: 'diff-base-from-disk',
    words: 'a diff base refreshed from the disk on a window read',
    cell: 'window-between × any',
    rule: 'POINTER-FULL',
    threshold: 262_144,
    shortcut: (t) => ({ kind: 'diff-base-from-disk', minBytes: t }),
    design: { diff: true },
  },
  {
    id: 'window-fp-from-disk',
    words: "a line window's fingerprint taken from the disk after the tool returned",
    cell: 'raced-window × any',
    rule: 'POINTER-FULL',
    shortcut: () => ({ kind: 'window-fp-from-disk' }),
  },
  {
    id: 'ext-stat',
    words: 'files with a common extension (.py) keyed on their stat',
    cell: 'held × same-size-mtime-kept',
    rule: 'POINTER-FULL',
    shortcut: () => ({ kind: 'ext-stat', exts: ['.py'] }),
  },
  {
    id: 'prefix-hash',
    words: 'whole reads fingerprinted by size, mtime second and a hash of the first bytes',
    cell: 'edit-offset × same-size-same-second',
    rule: 'POINTER-FULL',
    threshold: 65_536,
    shortcut: (t) => ({ kind: 'prefix-hash', prefix: t }),
  },
  {
    id: 'crlf-hash',
    words: 'text hashed with CRLF folded to LF',
    cell: 'held × line-endings-only',
    rule: 'POINTER-FULL',
    shortcut: () => ({ kind: 'crlf-hash' }),
  },
  {
    id: 'trim-hash',
    words: 'text hashed with trailing blanks trimmed',
    cell: 'held × trailing-blanks-only',
    rule: 'POINTER-FULL',
    shortcut: () => ({ kind: 'trim-hash' }),
  },
];

export const SHORTCUTS: readonly ShortcutRow[] = Object.freeze(ROWS);

export function shortcutRow(id: string): ShortcutRow {
  const row = SHORTCUTS.find((r) => r.id === id);
  if (row === undefined) throw new RangeError(`no shortcut ${JSON.stringify(id)}`);
  return row;
}

/** The adapter of a row: its shortcut at `t` (default: SHORTCUT_THRESHOLD, else the row's), or its truthful twin. */
export function shortcutAdapter(id: string, o: { twin?: boolean; t?: number } = {}): ShimAdapter | BytesShimAdapter {
  const row = shortcutRow(id);
  const twin = o.twin ?? process.env.SHORTCUT_TWIN === '1';
  const t = o.t ?? threshold(row.threshold ?? 0);
  return ledgerShim({
    name: twin ? `${id}-twin` : id,
    ...(twin ? {} : { shortcut: row.shortcut(t) }),
    ...row.design,
  });
}
