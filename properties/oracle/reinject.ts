/**
 * Held again after compaction (spec/SPEC.md "Re-injection after compaction"): the files a host
 * re-attached after a whole-worker forget count as delivered whole — the worker holds their
 * current text, as the host's read tool showed it, under the request key of a plain read.
 */
import { requestKey } from '../../src/core/paths.ts';
import type { Reattached } from '../../src/harness/session.ts';
import { utf8 } from './bytes.ts';
import type { Knowledge, Known } from './knowledge.ts';

/** What the worker holds of a re-attached file: all of its text now. */
export function reattachedKnown(text: string): Known {
  const P = utf8(text);
  return { total: P.length, prefix: P, against: text };
}

/** Sets every model's knowledge of the re-attached files (after the forget emptied the worker). */
export function reattach(models: readonly Knowledge[], worker: string, files: readonly Reattached[]): void {
  for (const f of files) {
    const k = reattachedKnown(f.text);
    const key = requestKey(f.path, undefined);
    for (const m of models) m.set(worker, key, k);
  }
}
