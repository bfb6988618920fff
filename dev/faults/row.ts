/** One row of the fault table (dev/faults/table.ts): what is run, and how it must end. */

/** How a row must end. */
export type Expect =
  /** Exit 2, one line on stderr matching `culprit` (it names what is wrong), no report on stdout. */
  | { readonly kind: 'fault'; readonly culprit: RegExp }
  /** A verdict: exit `code` (0 or 1; either when absent) with a report. */
  | { readonly kind: 'verdict'; readonly code?: 0 | 1 }
  /** Interrupted by a signal: exit 1 naming the failed rules, or death by the signal (128 + n). */
  | { readonly kind: 'interrupted'; readonly failed: boolean }
  /** A shell line of several runs: exit 0 when each ended as the line checks. */
  | { readonly kind: 'shell' };

export interface Row {
  /** Unique, kebab-case: also the row's folder. */
  readonly id: string;
  readonly group: string;
  /** What the row shows, in a few words. */
  readonly what: string;
  /** The kit's arguments (run as `npx readshim-conformance …`), or a shell line (`shell`). */
  readonly argv?: readonly string[];
  readonly shell?: string;
  /** Files written in the row's folder before it runs: path → text. */
  readonly files?: Readonly<Record<string, string>>;
  /** Anything else to prepare in the row's folder (a FIFO, a read-only mount, a link). */
  readonly setup?: (dir: string) => void;
  readonly env?: Readonly<Record<string, string>>;
  readonly expect: Expect;
  /** Send this signal to the run's process group once its stderr (progress on) matches `when`. */
  readonly signal?: { readonly when: RegExp; readonly name: NodeJS.Signals };
  /** Longest the row may take (default DEFAULT_LIMIT_MS); past it, the row failed: a hang. */
  readonly limitMs?: number;
  /** Paths the row may leave in its folder (its outputs), besides the failure database. */
  readonly outputs?: readonly string[];
  /** Only where bubblewrap is usable (`--isolate`). */
  readonly needsBwrap?: boolean;
  /** Run with a PATH without bubblewrap (the "not installed" case). */
  readonly noBwrap?: boolean;
}

export const DEFAULT_LIMIT_MS = 180_000;

/** Paths from a row's folder (`<scratch>/rows/<id>/`). */
export const FX = '../../fx/';
export const EX = '../../node_modules/readshim-conformance/examples/';
