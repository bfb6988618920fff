/**
 * A directed corpus case: a fixed history in the one trace schema (src/core/trace.ts), named by its
 * lie class and the rules a lie in it breaks, with what it needs of the adapter. Its events are a
 * function of the cap (and the host tool bound), because a shim with a fixed cap needs files sized
 * to that cap; at a given cap the case is one trace, played, saved and replayed like any other.
 */
import type { HostToolBound } from '../../src/core/host-tool.ts';
import type { LeverName, Mode } from '../../src/core/levers.ts';
import type { Reinject } from '../../src/core/reinject.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import type { LieClassId } from './class-ids.ts';

/** What a case needs of the adapter and the transport; a case whose needs are not met is not played. */
export interface Needs {
  /** Every one of these levers is in force. */
  readonly levers?: readonly LeverName[];
  /** At least one of these levers is in force (default: no condition). */
  readonly anyOf?: readonly LeverName[];
  /** Reads take offset/limit windows. */
  readonly windows?: boolean;
  readonly staleServe?: boolean;
  /** The kit may compact the transcript (forget events): not when the host never compacts. */
  readonly forget?: boolean;
  /** The kit can make its read tool fail (in-process only). */
  readonly toolFailures?: boolean;
  /** The kit can rewrite a file right after the tool read it (in-process, or a process with the race barrier). */
  readonly races?: boolean;
  /** A host tool bound is declared. */
  readonly tool?: boolean;
  /** The host tool declares this refusal (capabilities.tool.refuse; SPEC.md "Host refusals"). */
  readonly refuse?: 'maxBytes' | 'maxTokens' | 'binary';
  /** Spec 2.2: the host tool fails past the end (`tool.pastEnd`) or gives a notice (`tool.notice`). */
  readonly toolFails?: 'pastEnd' | 'notice';
  /** The host re-attaches files after a whole-worker compaction (capabilities.reinject). */
  readonly reinject?: boolean;
  /** The host forks, shares a session id or resumes sessions this way (capabilities.sessions). */
  readonly sessions?: 'fork' | 'sharedSession' | 'resume';
  /** The transport makes symlinks and hardlinks (in-process, or a handle that mirrors them: spec 2.1). */
  readonly links?: boolean;
  /** The host folds case (capabilities.caseInsensitive: spec 2.1 "Links and case"). */
  readonly caseInsensitive?: boolean;
  /** The host has a batch read tool (capabilities.batch: spec 2.1 "Batch reads"). */
  readonly batch?: boolean;
  /**
   * Spec 2.1 "Bytes that are not text": the host tool declares how it answers a file that is not
   * UTF-8 (`capabilities.tool.binary`) — `readable` as base64 text or bytes, `refuse` with EBINARY —
   * and the transport can write bytes (in-process, or a handle that mirrors them).
   */
  readonly binary?: 'readable' | 'refuse';
}

/** What a case is built for. */
export interface CaseContext {
  readonly cap: number;
  readonly mode: Mode;
  readonly tool?: HostToolBound;
  /** The instance seal (mimicry cases replace it with a foreign one). */
  readonly seal: string;
  /** What the host re-attaches after a whole-worker compaction, when it declares it. */
  readonly reinject?: Reinject;
  /** The run's seed: cases whose file names vary per seed draw them from it (properties/crossed/cases.ts). */
  readonly seed?: number;
}

export interface CorpusCase {
  /** Stable, kebab-case. */
  readonly id: string;
  readonly lieClass: LieClassId;
  /** The rules a lie in this case breaks (and that a truthful shim's answers are checked for). */
  readonly rules: readonly RuleId[];
  readonly needs: Needs;
  /** The cap it is written for when the run's cap is free; a fixed cap (--cap, capabilities.cap) replaces it. */
  readonly cap: number;
  /** Why it cannot be played at this cap and mode (undefined: it can). */
  readonly unplayable?: (ctx: CaseContext) => string | undefined;
  /** Played this many times, each a new session (a fresh history, shim and process). Default 1. */
  readonly sessions?: number;
  events(ctx: CaseContext): TraceEvent[];
}
