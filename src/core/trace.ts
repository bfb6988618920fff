/**
 * The one trace format (docs/reference/trace.md; its schema is spec/schemas/trace.schema.json): JSON
 * lines, a header then events. Used by SPEC.md examples, the failure database, --replay files and `audit`.
 */
import type { ArmName } from './arms.ts';
import type { HostToolBound } from './host-tool.ts';
import { pathProblem } from './paths.ts';
import { MAX_CAP, MIN_CAP } from './limits.ts';
import { modeOfArm, modeOfLevers, type LeverName, type Mode } from './levers.ts';
import { schemaProblem } from './schemas.ts';

export interface TraceHeader {
  readonly type: 'header';
  readonly kit: string;
  readonly specVersion: string;
  readonly cap: number;
  /** The arm of an arm-surface shim; a lever shim's trace has `levers` instead. */
  readonly arm?: ArmName;
  readonly levers?: readonly LeverName[];
  /** The host tool's bound the history ran with (ground truth is the bounded text). */
  readonly tool?: HostToolBound;
  readonly seed?: number;
  readonly seal: string;
  /** fast-check replay path, a convenience; the events below are the source of truth. */
  readonly fcPath?: string;
  readonly adapter?: string;
  readonly note?: string;
  /** Spec 2.1: the host folds case (`A.ts` and `a.ts` one file); absent: case matters. */
  readonly caseInsensitive?: true;
}

/**
 * The tool result an agent CLI sent, before its profile's normalisation (spec 2.1, docs/reference/protocol.md
 * "Traces"): `audit` and `--replay` derive the judged text and claim from these bytes.
 */
export interface RawToolResult {
  readonly text: string;
  /** The tool result was marked an error (Anthropic `is_error`). */
  readonly isError?: true;
}

/**
 * What the shim answered, when recorded: its text, a thrown error, or nothing (stale serve off).
 * Spec 2.1: `binary: true` says the shim answered bytes (an image or resource part), recorded as
 * their base64 text; such a response is the tool's output untouched (claim `verbatim`).
 */
export type RecordedResponse =
  | { readonly text: string; readonly raw?: RawToolResult; readonly binary?: true }
  | { readonly error: string }
  | { readonly none: true };

/** A write of text (`content`, written as its UTF-8 bytes). */
export interface TextWriteEvent {
  readonly type: 'write';
  readonly path: string;
  readonly content: string;
  readonly mtimeMs: number;
}
/**
 * Spec 2.1: a write of bytes that need not be UTF-8 (an image, a PDF), as their base64
 * (RFC 4648 with padding) in `contentBase64` (spec/SPEC.md "Bytes that are not text").
 */
export interface BytesWriteEvent {
  readonly type: 'write';
  readonly path: string;
  readonly contentBase64: string;
  readonly mtimeMs: number;
}
export type WriteEvent = TextWriteEvent | BytesWriteEvent;

/** What a write puts on disk: its text, or (spec 2.1) its bytes. */
export function writtenContent(e: WriteEvent): string | Uint8Array {
  return 'contentBase64' in e ? Buffer.from(e.contentBase64, 'base64') : e.content;
}

export interface DeleteEvent {
  readonly type: 'delete';
  readonly path: string;
}
/**
 * Spec 2.1: a symlink at `path` to `target` (relative to the link's directory), with its own
 * mtime; over an existing link it is a retarget. A target outside the sandbox is refused.
 */
export interface SymlinkEvent {
  readonly type: 'symlink';
  readonly path: string;
  readonly target: string;
  readonly mtimeMs: number;
}
/** Spec 2.1: a second name `path` for the existing file `existing` (one content, one mtime). */
export interface HardlinkEvent {
  readonly type: 'hardlink';
  readonly path: string;
  readonly existing: string;
}
export interface ReadEvent {
  readonly type: 'read';
  readonly worker: string;
  readonly path: string;
  /** Request arguments besides the path (a window: offset = 1-based first line, limit = lines). */
  readonly args?: Readonly<Record<string, unknown>>;
  /** The kit's inner tool fails this call with this error code although the file may exist. */
  readonly fail?: string;
  /** Right after the inner tool returns its bytes, the file is rewritten (stat-after-read race). */
  readonly race?: { readonly content: string; readonly mtimeMs: number };
  /** Consecutive reads with the same batch number are issued concurrently in their worker. */
  readonly batch?: number;
  /**
   * Spec 2.1 (spec/SPEC.md "Batch reads"): consecutive reads of one worker with the same `call`
   * number are one call of the host's batch read tool, listing their paths in event order; each
   * event's response is its own file's part. Whole files only (no offset or limit), never with `batch`.
   */
  readonly call?: number;
  readonly response?: RecordedResponse;
}
export interface StaleEvent {
  readonly type: 'stale';
  readonly worker: string;
  readonly path: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly response?: RecordedResponse;
}
export interface ForgetEvent {
  readonly type: 'forget';
  readonly worker: string;
  readonly path?: string;
  /**
   * A whole-worker forget only (spec 2.1): the paths the host re-attached after compacting, most
   * recent first (spec/SPEC.md "Re-injection after compaction"); absent: none were.
   */
  readonly reattached?: readonly string[];
}
export interface WorkerEvent {
  readonly type: 'worker';
  readonly id: string;
}

/**
 * A subagent starts (spec 2.1, spec/SPEC.md "Forks and resumed sessions"): `worker` is new and
 * holds what `parent` held at this event, or nothing when `fresh`; with `session: 'shared'` its
 * shim runs under the parent's session id.
 */
export interface ForkEvent {
  readonly type: 'fork';
  readonly parent: string;
  readonly worker: string;
  readonly fresh?: true;
  readonly session?: 'shared';
}
/** The worker's session is resumed in a new shim instance (spec 2.1): the worker keeps its transcript. */
export interface ResumeEvent {
  readonly type: 'resume';
  readonly worker: string;
}

export type TraceEvent =
  | WriteEvent
  | DeleteEvent
  | SymlinkEvent
  | HardlinkEvent
  | ReadEvent
  | StaleEvent
  | ForgetEvent
  | WorkerEvent
  | ForkEvent
  | ResumeEvent;

export interface Trace {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
}

/** A trace problem that names the line (1-based) it was found on. */
export class TraceError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'TraceError';
  }
}

/**
 * Validates one parsed event: its shape against spec/schemas/trace.schema.json (#/$defs/event),
 * then what a schema cannot say (a fork's two workers differ; the one path domain). A reason or undefined.
 */
export function eventProblem(e: unknown): string | undefined {
  const subject =
    typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string'
      ? (e as { type: string }).type
      : 'event';
  const shape = schemaProblem('trace', 'event', e, subject);
  if (shape !== undefined) return shape;
  const ev = e as TraceEvent;
  if (ev.type === 'fork' && ev.parent === ev.worker) return 'fork needs a "worker" other than its "parent"';
  return eventPathProblem(ev);
}

/** A path of the event outside the one path domain (`pathProblem`), named with the rule it breaks. */
export function eventPathProblem(e: TraceEvent): string | undefined {
  if (e.type === 'forget')
    for (const r of e.reattached ?? []) {
      const p = pathProblem(r);
      if (p !== undefined)
        return `forget reattached path ${JSON.stringify(r)} is outside the path domain: ${p} (spec/SPEC.md "Request keys and windows")`;
    }
  if (e.type === 'worker' || e.type === 'fork' || e.type === 'resume' || e.path === undefined) return undefined;
  // A link's target is spelled from the link's directory: it must stay inside the sandbox too.
  const other = e.type === 'symlink' ? linkTarget(e.path, e.target) : e.type === 'hardlink' ? e.existing : undefined;
  if (other !== undefined) {
    const q = pathProblem(other);
    if (q !== undefined)
      return `${e.type} target ${JSON.stringify(e.type === 'symlink' ? e.target : other)} is outside the path domain: ${q} (spec/SPEC.md "Links and case")`;
  }
  const p = pathProblem(e.path);
  return p === undefined
    ? undefined
    : `${e.type} path ${JSON.stringify(e.path)} is outside the path domain: ${p} (spec/SPEC.md "Request keys and windows")`;
}

/** Validates the header line against spec/schemas/trace.schema.json (#/$defs/header); a reason or undefined. */
export function headerProblem(h: unknown): string | undefined {
  if (typeof h !== 'object' || h === null || Array.isArray(h) || (h as { type?: unknown }).type !== 'header')
    return 'the first line must be a header ({"type":"header",...})';
  const shape = schemaProblem('trace', 'header', h, 'header');
  // The bound's messages are capabilities.tool's (the schema's hostTool): here it is the header's "tool".
  if (shape !== undefined)
    return shape.startsWith('capabilities.tool')
      ? `header "tool": ${shape.replace('capabilities.tool', 'tool')}`
      : shape;
  return headerValueProblem(h as TraceHeader);
}

/** What the header's schema leaves open: a header is input, so a value no run can have is named here, not blamed on the shim. */
function headerValueProblem(h: TraceHeader): string | undefined {
  if (!/^\d+(\.\d+){0,2}$/.test(h.specVersion))
    return `header "specVersion" must be a version number such as "2.1", got ${JSON.stringify(h.specVersion)}`;
  if (h.cap < MIN_CAP || h.cap > MAX_CAP)
    return `header "cap" must be an integer from ${MIN_CAP} to ${MAX_CAP} (bytes), got ${h.cap}`;
  if (h.seal === '') return 'header needs a non-empty string "seal"';
  return undefined;
}

/** Parses JSON-lines text into a validated trace; throws TraceError naming the line. */
export function parseTrace(text: string): Trace {
  const lines = text.split('\n');
  let header: TraceHeader | undefined;
  const events: TraceEvent[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new TraceError(i + 1, 'not JSON');
    }
    if (header === undefined) {
      const p = headerProblem(v);
      if (p) throw new TraceError(i + 1, p);
      header = v as TraceHeader;
      return;
    }
    const p = eventProblem(v);
    if (p) throw new TraceError(i + 1, p);
    events.push(v as TraceEvent);
  });
  if (header === undefined) throw new TraceError(1, 'empty trace: no header line');
  return { header, events };
}

/** A link's target spelled from the sandbox root (relative to the link's directory, as on disk). */
export function linkTarget(linkPath: string, target: string): string {
  if (target.startsWith('/')) return target;
  const slash = linkPath.lastIndexOf('/');
  return slash < 0 ? target : `${linkPath.slice(0, slash)}/${target}`;
}

/** Serialises a trace as JSON lines (one header line, one line per event). */
export function formatTrace(trace: Trace): string {
  return [trace.header, ...trace.events].map((x) => JSON.stringify(x)).join('\n') + '\n';
}

/** The mode a trace header records: its levers, or its arm. */
export function headerMode(h: TraceHeader): Mode {
  return h.levers !== undefined ? modeOfLevers(h.levers) : modeOfArm(h.arm ?? 'all');
}

/** "arm cap" / "levers [pointer]", as a header records it. */
export function headerModeText(h: TraceHeader): string {
  return h.levers !== undefined ? `levers [${h.levers.join(', ')}]` : `arm ${h.arm ?? 'all'}`;
}
