/**
 * Held again after compaction (spec/SPEC.md "Re-injection after compaction"): a file the host
 * re-attached after a whole-worker forget counts as delivered whole — the worker holds its current
 * text, as the host's read tool showed it, as a plain read under the name it was re-attached by.
 */
import type { Reattached } from '../../src/harness/session.ts';
import type { Req } from './deliveries.ts';

/** The delivery a re-attached file makes: a whole read of its name, at the forget. */
export function reattachedReq(worker: string, f: Reattached, seq: number): Req {
  const name = f.name ?? f.path;
  return {
    worker,
    name,
    argsKey: '{}',
    identity: f.realpath ?? name,
    version: f.version,
    content: f.text,
    seq,
  };
}
