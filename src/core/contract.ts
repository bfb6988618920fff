/**
 * The in-process adapter contract (public vocabulary: the harness drives it, adapters implement it). An adapter module's default export
 * (or its named `adapter` export) is a ShimAdapter. docs/guide/adapter.md explains it.
 */
import type { ArmName, Levers } from './arms.ts';
import type { Claim } from './claims.ts';
import type { HostToolBinary, HostToolBound, HostToolUnit } from './host-tool.ts';
import type { LeverName } from './levers.ts';
import type { Reinject } from './reinject.ts';
import type { WithholdPolicy } from './policies.ts';
import type { RawToolResult } from './trace.ts';
import type { Sessions } from './sessions.ts';
import type { BatchPart } from './batch.ts';

export type {
  ArmName,
  Levers,
  Claim,
  HostToolBinary,
  HostToolBound,
  HostToolUnit,
  LeverName,
  Reinject,
  Sessions,
  BatchPart,
};

/**
 * What the inner read tool hands back, and what a shim may answer (spec 2.1, spec/SPEC.md "Bytes
 * that are not text"): text, or — only behind a host tool that declares `binary: 'bytes'`, for a
 * file that is not valid UTF-8 — the file's bytes (an image or resource part). The kit judges
 * bytes on their base64 text.
 */
export type ToolOutput = string | Uint8Array;

/** What a shim offers; a rule whose capability is missing reports n/a naming it. */
export interface Capabilities {
  /**
   * The arm surface: arms the shim runs under (presets of levers); histories use --arm, arm rules
   * probe all of these. Exactly one of `arms` and `levers` is declared.
   */
  readonly arms?: readonly ArmName[];
  /** The levers the shim may use, any subset (no arm surface): histories use exactly these. */
  readonly levers?: readonly LeverName[];
  /** A fixed cap that is not a parameter: histories use only this cap and CAP-PARAM is n/a. */
  readonly cap?: number;
  /** The host read tool's own bound: the content of a request is what that tool returns. */
  readonly tool?: HostToolBound;
  /** create(ctx) honours ctx.cap and rejects a cap outside integers >= 4 (CAP-PARAM). */
  readonly capParam: boolean;
  /** Reads accept a line window: offset (1-based first line) and limit (lines). */
  readonly windows: boolean;
  /** The shim may answer with diffs (an arm surface; a lever shim says 'diff' in `levers`). */
  readonly diff?: boolean;
  /** WorkerShim.stale serves a stale line range. */
  readonly staleServe: boolean;
  /** WorkerShim.forget exists (the host's compaction/rewind hook). */
  readonly forget: boolean;
  /** WorkerShim.counters reports pointered / capped / bytesWithheld. */
  readonly counters: boolean;
  /** The shim calls ctx.onCount once per counted response. */
  readonly countCallback?: boolean;
  /** surface.persona gives the per-arm persona line (an arm surface only). */
  readonly persona?: boolean;
  /** surface.resolveArm maps a raw arm flag to levers (or throws) (an arm surface only). */
  readonly armResolver?: boolean;
  /** surface.wrapTool exposes the tool wrapping, so OFF-IDENTITY can be checked. */
  readonly wrapTool?: boolean;
  /** The shim carries ctx.seal in every notice (NOTICE-SEALED). */
  readonly seal: boolean;
  /** The host never compacts or rewinds: FORGET-RESETS passes without a hook, and every report says so. */
  readonly hostNeverCompacts?: boolean;
  /** The host compacts whole workers only: histories call forget() without a path (hooks, MCP servers). */
  readonly forgetWhole?: boolean;
  /**
   * After a whole-worker compaction the host re-attaches the files the worker requested most
   * recently (spec/SPEC.md "Re-injection after compaction"): the worker holds those again.
   */
  readonly reinject?: Reinject;
  /**
   * Forks, shared sessions and resumed sessions the host plays (spec/SPEC.md "Forks and resumed
   * sessions"); absent: workers share nothing and no session is resumed.
   */
  readonly sessions?: Sessions;
  /**
   * The kit may rewrite a file between the shim's read of it and whatever the shim does next
   * (stat-after-read race). Always possible in-process; a process opts in with the protocol barrier.
   */
  readonly raceBarrier?: boolean;
  /**
   * Spec 2.1: the host's file system folds case: `A.ts` and `a.ts` name one file (spec/SPEC.md
   * "Links and case"). The oracle's identity of a file is then its realpath, case folded.
   */
  readonly caseInsensitive?: boolean;
  /**
   * Spec 2.1: the host has a batch read tool (several paths in one call, spec/SPEC.md "Batch
   * reads") and WorkerShim.readMany answers it. Absent: no batch call is ever played.
   */
  readonly batch?: boolean;
  /**
   * Spec 2.2: the shim's own policies for withholding a read (spec/SPEC.md "Withheld by the shim's
   * policy"), answered with a `withheld` claim. Needs `seal: true`.
   */
  readonly policies?: readonly WithholdPolicy[];
  /**
   * A driver's --pointer-pattern: what reads as "unchanged" in its subject's words, besides the
   * default wording (a withheld notice must match neither). Drivers set it; nobody declares it.
   */
  readonly pointerPattern?: string;
}

/** One call of the host's batch read tool (spec 2.1): whole files, in this order. */
export interface ReadManyArgs {
  readonly paths: readonly string[];
}

export interface ReadArgs {
  readonly path: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly [extra: string]: unknown;
}

export interface StaleRequest {
  readonly path: string;
  /** 0-based first line. */
  readonly startLine: number;
  /** 0-based last line, inclusive. */
  readonly endLine: number;
}

/** The kit's file system view (for shims that stat or read the disk themselves). */
export interface KitFs {
  /** Current text of a file (a file that is not UTF-8: decoded with U+FFFD); throws an Error with code 'ENOENT' when absent. */
  read(path: string): string;
  /** Spec 2.1: the file's bytes on disk, text or not; throws 'ENOENT' when absent. */
  readBytes?(path: string): Uint8Array;
  /** mtime in whole milliseconds and size in bytes; throws 'ENOENT' when absent. */
  stat(path: string): { readonly mtimeMs: number; readonly size: number };
  exists(path: string): boolean;
  /** The name's own stat, a symlink not followed (its own mtime, distinct from its target's). */
  lstat?(path: string): { readonly mtimeMs: number; readonly size: number; readonly symlink: boolean };
  /**
   * The host's identity of the file a path names (spec 2.1): every symlink followed, case folded
   * on a case-insensitive host; throws 'ENOENT' when it names no file.
   */
  realpath?(path: string): string;
}

export interface Counters {
  readonly pointered: number;
  readonly capped: number;
  readonly bytesWithheld: number;
}

/**
 * Everything one worker's shim is created with. `Out` is what `read` resolves to: a string, unless
 * the adapter declares `capabilities.tool.binary: 'bytes'` (spec 2.1) — then type the context
 * `AdapterContext<ToolOutput>`: a binary file's read resolves to a Uint8Array.
 */
export interface AdapterContext<Out extends ToolOutput = string> {
  readonly workerId: string;
  /** The arm of this history; undefined for a shim that declares levers. */
  readonly arm: ArmName | undefined;
  /** The levers in force (the arm's row, or the declared levers). */
  readonly levers: readonly LeverName[];
  readonly cap: number;
  /** The seal the kit expects in every notice (derived from the run seed). */
  readonly seal: string;
  /** The host tool's bound, when declared (ctx.read already applies it). */
  readonly tool?: HostToolBound;
  /**
   * The inner read tool: resolves to the file's text (or window, within the declared bound), rejects
   * with code ENOENT etc. Spec 2.1: a file that is not valid UTF-8 resolves to its base64 text behind
   * `tool.binary: 'base64'`, to its bytes (a Uint8Array) behind `'bytes'`, and rejects with EBINARY
   * otherwise (spec/SPEC.md "Bytes that are not text").
   */
  read(args: ReadArgs): Promise<Out>;
  readonly fs: KitFs;
  /** Report a counted response with its withheld bytes (COUNT-EXACT). */
  onCount(withheld: number): void;
  /**
   * With capabilities.sessions: the host's session id for this worker (its own id, or its
   * parent's for a subagent under a shared session) — what a session-keyed hook keys on.
   */
  readonly session?: string;
  /** This worker is a fork of that worker: it starts holding what the parent held now. */
  readonly forkOf?: string;
  /** This shim instance is recreated for a resumed session: the worker keeps its transcript. */
  readonly resumed?: true;
  /**
   * With capabilities.sessions: the host's disk for this history, shared by every shim instance
   * of it (what is kept here outlives an instance, as a file a hook writes does).
   */
  readonly store?: Map<string, unknown>;
}

/** One worker's shim, as the kit drives it. */
export interface WorkerShim {
  /** The wrapped read: a string response, or a rejection carrying the inner tool's error. */
  read(args: ReadArgs): Promise<string>;
  stale?(req: StaleRequest): Promise<string | null>;
  /**
   * Spec 2.1, with capabilities.batch: one call of the batch read tool. Resolves to one part per
   * path, in order (a part is the text for that file, or `{ error }` passing the read tool's
   * failure on), or to one combined text that `splitBatch` (the adapter's, else the kit's
   * `--- path ---` format, src/core/batch.ts) cuts into those parts. Each part is judged as its own read.
   */
  readMany?(args: ReadManyArgs): Promise<string | readonly BatchPart[]>;
  /**
   * The host compacted or rewound the worker. A driver that watched the host compact may say which
   * paths it saw re-attached (spec/SPEC.md "Re-injection after compaction"): observed, they win over
   * a declared `capabilities.reinject`.
   */
  forget?(path?: string): void | ForgetResult | Promise<void | ForgetResult>;
  counters?(): Counters;
}

/**
 * Spec 2.1: a worker's shim behind a tool that returns bytes (`tool.binary: 'bytes'`): `read` may
 * resolve to a Uint8Array, the tool's output passed on untouched — an image or resource part,
 * judged as the claim `verbatim` on its base64 text (spec/SPEC.md "Bytes that are not text").
 */
export interface BytesWorkerShim extends Omit<WorkerShim, 'read'> {
  read(args: ReadArgs): Promise<ToolOutput>;
}

/** What the kit drives: a text shim, or one that may answer bytes. */
export type AnyWorkerShim = WorkerShim | BytesWorkerShim;

/** What a driver saw the host do when it compacted a whole worker. */
export interface ForgetResult {
  /** The history's paths the host re-attached after compacting, in the order it showed them. */
  readonly reattached?: readonly string[];
}

export interface DecodeInfo {
  readonly seal: string;
  readonly cap: number;
  readonly arm: ArmName | undefined;
  readonly levers: readonly LeverName[];
  readonly op: 'read' | 'stale';
  readonly path: string;
  /**
   * UTF-8 bytes of the text the host's tool returns for this read now (the request's content; 0
   * when the tool fails); absent for `stale`. A process shim's pointer without `total` takes it.
   */
  readonly contentBytes?: number;
}

/** A tool as a host hands it to the shim, for OFF-IDENTITY. */
export interface HostTool {
  execute(args: unknown): unknown;
}

/** Optional probes of the arm surface. resolveArm, persona and wrapTool are called unbound (`this: void`). */
export interface Surface {
  /** Raw flag → levers, or throw (TypeError for an unknown flag). */
  resolveArm?(this: void, flag: unknown): Levers | Promise<Levers>;
  /** The raw flag the host passes for an arm name (defaults: false, 'cap', 'diff', true). */
  armFlag?(arm: ArmName): unknown;
  /** Persona line for an arm; null/'' when the arm has none. */
  persona?(this: void, arm: ArmName, cap: number, seal: string): string | null | Promise<string | null>;
  /** Wrap a host tool under an arm (OFF-IDENTITY checks the off arm returns it untouched). */
  wrapTool?(this: void, arm: ArmName, tool: HostTool): unknown;
}

/** What a history is run with (the arm or levers and the cap of every worker in it, the seal, the tool bound). */
export interface HistoryInfo {
  readonly arm: ArmName | undefined;
  readonly levers: readonly LeverName[];
  readonly cap: number;
  readonly seal: string;
  readonly tool?: HostToolBound;
}

/**
 * One history's resources (a process and its sandbox directory): the kit mirrors every write and
 * delete through it, creates the history's workers with it, and closes it at the end, even on error.
 */
export interface HistoryHandle {
  create(ctx: AdapterContext): Promise<WorkerShim>;
  /** Mirrors a write with the kit-set mtime; returns the text the file now holds (the ground truth). */
  write(path: string, content: string, mtimeMs: number): string;
  delete(path: string): void;
  /** Spec 2.1: mirrors a write of bytes that are not UTF-8 (an image); a handle without it is not played binary files. */
  writeBytes?(path: string, bytes: Uint8Array, mtimeMs: number): void;
  /** Spec 2.1: mirrors a symlink (its own mtime) and a hardlink; a handle without them is not played links. */
  symlink?(path: string, target: string, mtimeMs: number): void;
  hardlink?(path: string, existing: string): void;
  /** Decodes a response this history produced (replaces ShimAdapter.decode for the history). */
  decode?(text: string, info: DecodeInfo): Claim;
  /**
   * The raw tool result behind a read's text, taken once right after the read settles (an agent
   * CLI's, before its profile's normalisation): the trace records it (src/core/trace.ts RawToolResult).
   */
  raw?(text: string): RawToolResult | undefined;
  /**
   * Spec 2.1: whether a read's text is the base64 of bytes the shim answered (a process's `base64`
   * reply), taken once right after the read settles: the trace records `binary: true`, the claim is
   * `verbatim` and the handle's decoder is not asked.
   */
  bytes?(text: string): boolean;
  /** The limit this handle enforces on every operation itself; the kit waits longer before giving up. */
  readonly opTimeoutMs?: number;
  /** Whether the kit may make a read fail on purpose (a `fail` event); a process reads the disk itself. */
  readonly injectsFailures: boolean;
  /** Ends the history: stops processes, removes files. Never throws. */
  close(): Promise<void>;
  /** A contract breach found outside any call (a process that printed after its last reply): checked after close(). */
  breach?(): Error | undefined;
}

/** What every adapter has, however its workers are made: the part the run reads before any history. */
export interface AdapterBase {
  readonly name: string;
  readonly capabilities: Capabilities;
  readonly surface?: Surface;
  /** Spec 2.1: every history handle mirrors symlinks and hardlinks to its disk (the process adapter). */
  readonly mirrorsLinks?: boolean;
  /** Spec 2.1: every history handle mirrors writes of bytes that are not UTF-8 (`writeBytes`). */
  readonly mirrorsBytes?: boolean;
  /** Called once when the kit is done with the adapter (close processes, etc.). */
  close?(): void | Promise<void>;
}

export interface ShimAdapter extends AdapterBase {
  create(ctx: AdapterContext): WorkerShim | Promise<WorkerShim>;
  /** Optional per-history lifecycle: when present, each history runs through its own handle. */
  openHistory?(info: HistoryInfo): Promise<HistoryHandle>;
  /** Response text → claim. The kit re-checks verbatim claims and seals, so this cannot launder a lie. */
  decode(text: string, info: DecodeInfo): Claim;
  /**
   * Spec 2.1: a batch call's combined text → one part per path, in order, or a string saying why
   * it cannot be split (an adapter error). Absent: the kit's format (src/core/batch.ts `splitBatch`).
   */
  splitBatch?(text: string, paths: readonly string[]): readonly BatchPart[] | string;
}

/**
 * Spec 2.1: an in-process adapter behind a host tool that returns bytes (`capabilities.tool.binary:
 * 'bytes'`): its context's `read` may resolve to a Uint8Array, and its shims may answer one
 * (spec/SPEC.md "Bytes that are not text"). Everything else is a ShimAdapter's.
 */
export interface BytesShimAdapter extends Omit<ShimAdapter, 'create'> {
  create(ctx: AdapterContext<ToolOutput>): AnyWorkerShim | Promise<AnyWorkerShim>;
}

/** Identity helper that gives a bytes adapter's author type checking. */
export function defineBytesAdapter(adapter: BytesShimAdapter): BytesShimAdapter {
  return adapter;
}

/** A history handle that decodes its own responses (nothing outside the history could). */
export interface DecodingHistoryHandle extends HistoryHandle {
  decode(text: string, info: DecodeInfo): Claim;
}

/**
 * An adapter that is only ever reached through its histories (the hook, MCP and agent drivers):
 * every worker is created, and every response decoded, by the handle of the history it belongs to.
 */
export interface HistoryAdapter extends AdapterBase {
  openHistory(info: HistoryInfo): Promise<DecodingHistoryHandle>;
}

/** What the harness drives: an in-process adapter (with or without histories of its own) or a history-only one. */
export type DrivenAdapter = ShimAdapter | BytesShimAdapter | HistoryAdapter;

/** Whether the adapter creates workers and decodes responses itself (every ShimAdapter does), outside any history. */
export function isShimAdapter(adapter: DrivenAdapter): adapter is ShimAdapter | BytesShimAdapter {
  return 'create' in adapter;
}

/** Identity helper that gives adapter authors type checking. */
export function defineAdapter(adapter: ShimAdapter): ShimAdapter {
  return adapter;
}
