/**
 * Conditions × edits (docs/LIE-CLASSES.md "Crossed cases"): a shortcut a careful shim takes under a
 * condition C, and an edit that shortcut cannot see. Each condition and each edit is one row of
 * data: the coverage count (coverage.ts) reads a condition's measure and an edit's predicate, the
 * crossed corpus (cases.ts) builds one case per applicable cell from the same rows.
 */

/** What the coverage tracker knows at a re-read of a request the worker was handed (coverage.ts). */
export interface ChainView {
  /** The worker holds the request whole, as delivered, with no forget since. */
  readonly held: number;
  /** Other requests the worker made since it last asked for this one (distinct). */
  readonly otherFiles: number;
  /** Reads the worker made before this one. */
  readonly reads: number;
  /** Pointers answered in a row for this request before this read. */
  readonly pointerRun: number;
  /** Bytes of what was delivered. */
  readonly size: number;
  /** Where the first changed byte is (bytes into the file). */
  readonly editOffset: number;
  /** A window of the file held, then forget() of its file (by any of its names). */
  readonly windowForgotten: number;
  /** Held under a link's name, and that name forgotten (spec 2.2: forget by name). */
  readonly linkForgotten: number;
  /** Forgotten, then listed in a batch read call. */
  readonly batchAfterForget: number;
  /** Bytes of the batch read call this read is a part of. */
  readonly callTotal: number;
  /** A window of the file read after it changed, before this whole re-read. */
  readonly windowBetween: number;
  /** The delivery was a window read right after which the file was rewritten. */
  readonly raced: number;
}

/** What changed between the delivery and the re-read (change.ts). */
export interface Change {
  readonly same: boolean;
  readonly binary: boolean;
  readonly sizeKept: boolean;
  /** The mtime is the one at delivery. */
  readonly mtimeKept: boolean;
  /** The mtime moved after delivery (and, when kept, came back). */
  readonly moved: boolean;
  /** The mtime is in the same whole second as at delivery. */
  readonly sameSecond: boolean;
  /** Equal once every character outside ASCII is one placeholder. */
  readonly folded: boolean;
  /** Equal in Unicode form NFC. */
  readonly nfc: boolean;
  /** Equal once CRLF is LF. */
  readonly eol: boolean;
  /** Equal once trailing blanks are trimmed from every line. */
  readonly blanks: boolean;
}

/** What a condition or an edit needs of the subject (filtered like a corpus case's needs). */
export interface CellNeeds {
  readonly windows?: boolean;
  readonly forgetPaths?: boolean;
  readonly forget?: boolean;
  readonly batch?: boolean;
  readonly links?: boolean;
  readonly binary?: boolean;
  readonly races?: boolean;
  /** The diff lever is in force (a diff base is what the condition spoils). */
  readonly diff?: boolean;
  /** The host tool shows line ends as written (it does not normalise CRLF). */
  readonly lineEnds?: boolean;
  /** A whole read shows at least the condition's coverage value in bytes (a host tool's bound shows less). */
  readonly bigReads?: boolean;
  /** The subject answers pointers (it declares the lever and used it in the run). */
  readonly pointers?: boolean;
}

/** What a subject offers: every need, and the most bytes a whole read of a large file shows. */
export type Offers = Required<Omit<CellNeeds, 'bigReads'>> & { readonly shownBytes: number };

export interface ConditionRow {
  readonly id: string;
  /** The condition in a story's words, given its measure. */
  readonly words: (m: number) => string;
  /** The ChainView measure the condition is judged by. */
  readonly measure: keyof ChainView;
  /**
   * For a counting condition: the range the session band draws it over, the value coverage counts
   * at (a large value in that range) and the value the crossed case is built with.
   */
  readonly threshold?: { readonly min: number; readonly max: number; readonly cover: number; readonly corpus: number };
  /** Which edits it is crossed with: the hidden ones, none (the condition alone is the lie), or any change. */
  readonly crosses: 'hidden' | 'none' | 'any';
  /**
   * The condition is long to set up and holds for any file: the corpus plays its cells as one history,
   * the condition once with each edit on a file of its own (properties/crossed/cases.ts,
   * docs/reference/session-band.md), each cell judged by its part of it.
   */
  readonly shared?: boolean;
  readonly needs: CellNeeds;
}

export interface EditColumn {
  readonly id: string;
  readonly words: string;
  readonly kind: 'hidden' | 'none' | 'any';
  /** Whether the change since delivery is this edit. */
  readonly seen: (c: Change) => boolean;
  readonly needs: CellNeeds;
}

const n = (x: number): string => x.toLocaleString('en-US');

export const CONDITIONS: readonly ConditionRow[] = Object.freeze([
  { id: 'held', words: () => 'the worker holds the file whole', measure: 'held', crosses: 'hidden', needs: {} },
  {
    id: 'many-files',
    words: (m) => `the worker has read ${n(m)} other files since`,
    measure: 'otherFiles',
    threshold: { min: 2, max: 240, cover: 32, corpus: 96 },
    crosses: 'hidden',
    shared: true,
    needs: {},
  },
  {
    id: 'many-reads',
    words: (m) => `the worker has read ${n(m)} times before`,
    measure: 'reads',
    threshold: { min: 10, max: 3000, cover: 100, corpus: 160 },
    crosses: 'hidden',
    shared: true,
    needs: {},
  },
  {
    id: 'pointer-run',
    words: (m) => `${n(m)} pointers in a row for this request`,
    measure: 'pointerRun',
    threshold: { min: 1, max: 200, cover: 16, corpus: 32 },
    crosses: 'hidden',
    needs: { pointers: true },
  },
  {
    id: 'big-file',
    words: (m) => `the file is ${n(m)} bytes`,
    measure: 'size',
    threshold: { min: 4096, max: 2_097_152, cover: 262_144, corpus: 1_048_576 },
    crosses: 'hidden',
    needs: { bigReads: true },
  },
  {
    id: 'edit-offset',
    words: (m) => `the change is ${n(m)} bytes into the file`,
    measure: 'editOffset',
    threshold: { min: 64, max: 2_097_152, cover: 65_536, corpus: 786_432 },
    crosses: 'hidden',
    needs: { bigReads: true },
  },
  {
    id: 'window-forgotten',
    words: () => 'a window of the file was held, then the file forgotten',
    measure: 'windowForgotten',
    crosses: 'none',
    needs: { windows: true, forgetPaths: true },
  },
  {
    id: 'link-forgotten',
    words: () => "the file was held under a link's name, and that name was forgotten",
    measure: 'linkForgotten',
    crosses: 'none',
    needs: { links: true, forgetPaths: true },
  },
  {
    id: 'batch-after-forget',
    words: () => 'the file was forgotten, then listed in a batch read call',
    measure: 'batchAfterForget',
    crosses: 'none',
    needs: { batch: true, forgetPaths: true },
  },
  {
    id: 'batch-total',
    words: (m) => `one batch read call that put out ${n(m)} bytes`,
    measure: 'callTotal',
    threshold: { min: 64, max: 4_194_304, cover: 65_536, corpus: 1_048_576 },
    crosses: 'none',
    needs: { batch: true },
  },
  {
    id: 'window-between',
    words: () => 'a window of the file was read after it changed',
    measure: 'windowBetween',
    crosses: 'any',
    needs: { windows: true, diff: true },
  },
  {
    id: 'raced-window',
    words: () => 'a window was read and the file rewritten right after the tool returned',
    measure: 'raced',
    crosses: 'any',
    needs: { windows: true, races: true },
  },
]);

/** The stat an edit leaves: size kept and the mtime kept, restored, or within its second. */
const statHidden = (c: Change): boolean => c.sizeKept && !c.same;

export const EDITS: readonly EditColumn[] = Object.freeze([
  {
    id: 'same-size-mtime-kept',
    words: 'an edit that keeps the size and the mtime',
    kind: 'hidden',
    seen: (c) => statHidden(c) && c.mtimeKept && !c.moved,
    needs: {},
  },
  {
    id: 'mtime-restored',
    words: 'an edit that keeps the size and restores the mtime',
    kind: 'hidden',
    seen: (c) => statHidden(c) && c.mtimeKept && c.moved,
    needs: {},
  },
  {
    id: 'same-size-same-second',
    words: 'an edit that keeps the size, within the same second',
    kind: 'hidden',
    seen: (c) => statHidden(c) && !c.mtimeKept && c.sameSecond,
    needs: {},
  },
  {
    id: 'same-size',
    words: 'an edit that keeps the size (the mtime moves on)',
    kind: 'hidden',
    seen: (c) => statHidden(c) && !c.mtimeKept && !c.sameSecond,
    needs: {},
  },
  {
    id: 'multibyte-only',
    words: 'an edit of characters outside ASCII only (same size)',
    kind: 'hidden',
    seen: (c) => !c.same && !c.binary && c.sizeKept && c.folded,
    needs: {},
  },
  {
    id: 'form-only',
    words: 'an edit of the Unicode form only',
    kind: 'hidden',
    seen: (c) => !c.same && !c.binary && c.nfc,
    needs: {},
  },
  {
    id: 'line-endings-only',
    words: 'an edit of the line endings only (CRLF ↔ LF)',
    kind: 'hidden',
    seen: (c) => !c.same && !c.binary && c.eol,
    needs: { lineEnds: true },
  },
  {
    id: 'trailing-blanks-only',
    words: 'an edit of trailing blanks only',
    kind: 'hidden',
    seen: (c) => !c.same && !c.binary && c.blanks,
    needs: {},
  },
  {
    id: 'binary-same-size',
    words: 'bytes of a binary changed, the size kept',
    kind: 'hidden',
    seen: (c) => !c.same && c.binary && c.sizeKept,
    needs: { binary: true },
  },
  { id: 'none', words: 'no edit', kind: 'none', seen: (c) => c.same, needs: {} },
  { id: 'any', words: 'any edit', kind: 'any', seen: (c) => !c.same, needs: {} },
]);

/** A cell's name, as a crossed case and the coverage report name it. */
export const cellId = (condition: string, edit: string): string => `${condition} × ${edit}`;

/** The cells of the table: every condition with every edit it crosses. */
export function cells(): { condition: ConditionRow; edit: EditColumn }[] {
  return CONDITIONS.flatMap((condition) =>
    EDITS.filter((e) => e.kind === condition.crosses).map((edit) => ({ condition, edit })),
  );
}

/** Whether what a subject offers meets a condition's (or an edit's) needs. */
export function meets(needs: CellNeeds, offers: Offers, condition?: ConditionRow): boolean {
  return (Object.keys(needs) as (keyof CellNeeds)[]).every((k) =>
    needs[k] !== true ? true : k === 'bigReads' ? offers.shownBytes >= (condition?.threshold?.cover ?? 0) : offers[k],
  );
}
