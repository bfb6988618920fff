/**
 * What the engine tells an observer about each history it runs (progress that tells slow from
 * hung): when it starts, which event it waits on, when it ends. The engine keeps no
 * clock; the CLI (src/cli/progress.ts) times these and prints them on stderr.
 */
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';

export type HistoryEvent =
  /** `label` names the history ("mid band history 12 of 25", "shrinking POINTER-FULL: candidate 7"). */
  | { readonly kind: 'start'; readonly id: number; readonly label: string; readonly events: number }
  /** The event the shim is working on (its request is pending until the next step or the end). */
  | {
      readonly kind: 'step';
      readonly id: number;
      readonly index: number;
      readonly events: number;
      readonly pending: string;
    }
  /** `broke`: the rules this history broke (empty: it passed); `error`: it ended the run. */
  | { readonly kind: 'end'; readonly id: number; readonly broke: readonly RuleId[]; readonly error?: string };

export type HistoryObserver = (e: HistoryEvent) => void;

/** One event as a short pending request: "w1 reads src/a.ts [offset 3, limit 10]". */
export function pendingText(e: TraceEvent): string {
  switch (e.type) {
    case 'read': {
      const w = e.args !== undefined && Object.keys(e.args).length > 0 ? ` ${JSON.stringify(e.args)}` : '';
      return `${e.worker} reads ${e.path}${w}`;
    }
    case 'stale':
      return `${e.worker} fetches stale lines ${e.startLine}–${e.endLine} of ${e.path}`;
    case 'forget':
      return `forget(${e.path === undefined ? '' : JSON.stringify(e.path)}) for ${e.worker}`;
    case 'worker':
      return `worker ${e.id} starts`;
    case 'fork':
      return `worker ${e.worker} starts as a subagent of ${e.parent}`;
    case 'resume':
      return `${e.worker}'s session resumes`;
    case 'write':
      return `write ${e.path}`;
    case 'delete':
      return `delete ${e.path}`;
    case 'symlink':
      return `symlink ${e.path} -> ${e.target}`;
    case 'hardlink':
      return `hardlink ${e.path} = ${e.existing}`;
  }
}
