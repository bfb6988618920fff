/**
 * Spec 2.2: a replay takes the subject's host (spec/SPEC.md "Host read tools", "Replaying a
 * trace"). A trace header without `tool` is played and judged behind the bound the subject
 * declares (with a note); a header whose `tool` differs from the subject's declaration is refused,
 * naming both; a header's own `tool` is kept when the subject declares none.
 */
import { describeHostTool, type HostToolBound } from '../src/core/host-tool.ts';
import { canonicalJson } from '../src/core/paths.ts';
import type { Trace } from '../src/core/trace.ts';

export type ReplayHost =
  | { readonly ok: true; readonly tool?: HostToolBound; readonly note?: string }
  | { readonly ok: false; readonly problem: string };

/** The host tool a recorded trace replays behind, for a subject that declares `subject`. */
export function replayHost(name: string, header: Trace['header'], subject: HostToolBound | undefined): ReplayHost {
  const own = header.tool;
  if (own === undefined)
    return subject === undefined
      ? { ok: true }
      : {
          ok: true,
          tool: subject,
          note: `${name} names no host tool: replayed behind the subject's declared bound (${describeHostTool(subject)})`,
        };
  if (subject !== undefined && canonicalJson(own) !== canonicalJson(subject))
    return {
      ok: false,
      problem: `${name} was recorded behind the host tool ${canonicalJson(own)}, but the subject declares ${canonicalJson(subject)} (capabilities.tool): replay it with the subject it was recorded for, or drop "tool" from its header`,
    };
  return { ok: true, tool: own };
}
