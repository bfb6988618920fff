/**
 * The one trace schema (docs/PROTOCOL.md): JSON lines, a header then events.
 * Used by SPEC.md examples, the failure database, --replay files and `audit`.
 */
import type { ArmName } from './arms.ts';
import { isArmName } from './arms.ts';
import { hostToolProblem, type HostToolBound } from './host-tool.ts';
import { pathProblem } from './paths.ts';
import { MAX_CAP, MIN_CAP } from './limits.ts';
import { isLeverName, modeOfArm, modeOfLevers, type LeverName, type Mode } from './levers.ts';

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
 * The tool result an agent CLI sent, before its profile's normalisation (spec 2.1, docs/PROTOCOL.md
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

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
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

const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkResponse(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (!isObj(v)) return '"response" must be an object';
  if (v.raw !== undefined) {
    if (!isStr(v.text)) return '"raw" belongs to a response with "text"';
    if (!isObj(v.raw) || !isStr(v.raw.text)) return '"raw" needs string "text"';
    if (v.raw.isError !== undefined && v.raw.isError !== true) return '"raw.isError" is true when given';
  }
  if (v.binary !== undefined) {
    if (v.binary !== true || !isStr(v.text)) return '"binary" is true when given, beside "text"';
    if (!BASE64.test(v.text)) return 'a "binary" response\'s "text" must be base64 (RFC 4648, padded)';
  }
  if (isStr(v.text) || isStr(v.error) || v.none === true) return undefined;
  return '"response" needs "text", "error" or "none": true';
}

/** Validates one parsed event; returns a reason or undefined. */
export function eventProblem(e: unknown): string | undefined {
  return shapeProblem(e) ?? eventPathProblem(e as TraceEvent);
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

function shapeProblem(e: unknown): string | undefined {
  if (!isObj(e)) return 'event is not an object';
  switch (e.type) {
    case 'write':
      if (!isStr(e.path)) return 'write needs string "path"';
      if (e.contentBase64 !== undefined) {
        if (e.content !== undefined) return 'write has both "content" and "contentBase64" (give one)';
        if (!isStr(e.contentBase64) || !BASE64.test(e.contentBase64))
          return 'write "contentBase64" must be base64 (RFC 4648, padded)';
      } else if (!isStr(e.content)) return 'write needs string "content"';
      return isInt(e.mtimeMs) && e.mtimeMs >= 0 ? undefined : 'write needs whole-millisecond integer "mtimeMs"';
    case 'delete':
      return isStr(e.path) ? undefined : 'delete needs string "path"';
    case 'symlink':
      if (!isStr(e.path) || !isStr(e.target)) return 'symlink needs string "path" and "target"';
      return isInt(e.mtimeMs) && e.mtimeMs >= 0 ? undefined : 'symlink needs whole-millisecond integer "mtimeMs"';
    case 'hardlink':
      return isStr(e.path) && isStr(e.existing) ? undefined : 'hardlink needs string "path" and "existing"';
    case 'read':
      if (!isStr(e.worker)) return 'read needs string "worker"';
      if (!isStr(e.path)) return 'read needs string "path"';
      if (e.args !== undefined && !isObj(e.args)) return '"args" must be an object';
      if (e.fail !== undefined && !isStr(e.fail)) return '"fail" must be an error code string';
      if (e.race !== undefined && !(isObj(e.race) && isStr(e.race.content) && isInt(e.race.mtimeMs)))
        return '"race" needs content and mtimeMs';
      if (e.batch !== undefined && !isInt(e.batch)) return '"batch" must be an integer';
      if (e.call !== undefined) {
        if (!isInt(e.call)) return '"call" must be an integer';
        if (e.batch !== undefined)
          return '"call" (one batch read call) and "batch" (concurrent reads) exclude each other';
        if (e.args !== undefined && (e.args.offset !== undefined || e.args.limit !== undefined))
          return 'a read in a batch "call" reads the whole file (no "offset" or "limit")';
      }
      return checkResponse(e.response);
    case 'stale':
      if (!isStr(e.worker) || !isStr(e.path)) return 'stale needs string "worker" and "path"';
      if (!isInt(e.startLine) || !isInt(e.endLine)) return 'stale needs integer "startLine" and "endLine"';
      return checkResponse(e.response);
    case 'forget':
      if (!isStr(e.worker)) return 'forget needs string "worker"';
      if (e.path !== undefined && !isStr(e.path)) return '"path" must be a string when given';
      if (e.reattached === undefined) return undefined;
      if (!Array.isArray(e.reattached) || !e.reattached.every(isStr))
        return '"reattached" must be a list of paths when given';
      return e.path === undefined ? undefined : '"reattached" belongs to a whole-worker forget (no "path")';
    case 'worker':
      return isStr(e.id) ? undefined : 'worker needs string "id"';
    case 'fork':
      if (!isStr(e.parent) || !isStr(e.worker)) return 'fork needs string "parent" and "worker"';
      if (e.parent === e.worker) return 'fork needs a "worker" other than its "parent"';
      if (e.fresh !== undefined && e.fresh !== true) return '"fresh" must be true when given';
      return e.session === undefined || e.session === 'shared' ? undefined : '"session" must be "shared" when given';
    case 'resume':
      return isStr(e.worker) ? undefined : 'resume needs string "worker"';
    default:
      return `unknown event type ${JSON.stringify(e.type)}`;
  }
}

export function headerProblem(h: unknown): string | undefined {
  if (!isObj(h) || h.type !== 'header') return 'the first line must be a header ({"type":"header",...})';
  if (!isStr(h.kit) || !isStr(h.specVersion)) return 'header needs "kit" and "specVersion"';
  if (!/^\d+(\.\d+){0,2}$/.test(h.specVersion))
    return `header "specVersion" must be a version number such as "2.1", got ${JSON.stringify(h.specVersion)}`;
  if (!isInt(h.cap)) return 'header needs integer "cap"';
  // A header is input: a cap no run can have is named here, not blamed on the shim that refuses it.
  if (h.cap < MIN_CAP || h.cap > MAX_CAP)
    return `header "cap" must be an integer from ${MIN_CAP} to ${MAX_CAP} (bytes), got ${h.cap}`;
  if (h.arm !== undefined && h.levers !== undefined)
    return 'header has both "arm" and "levers" (a shim declares one of them)';
  if (h.levers !== undefined) {
    if (!Array.isArray(h.levers) || !h.levers.every(isLeverName))
      return 'header "levers" must be a list of pointer|cap|diff';
  } else if (!isStr(h.arm) || !isArmName(h.arm)) return 'header "arm" must be off|cap|diff|all (or give "levers")';
  if (h.tool !== undefined) {
    const p = hostToolProblem(h.tool);
    if (p) return `header "tool": ${p.replace('capabilities.tool', 'tool')}`;
  }
  if (!isStr(h.seal) || h.seal === '') return 'header needs a non-empty string "seal"';
  if (h.seed !== undefined && !isInt(h.seed)) return 'header "seed" must be an integer';
  if (h.caseInsensitive !== undefined && h.caseInsensitive !== true)
    return 'header "caseInsensitive" must be true when given';
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
