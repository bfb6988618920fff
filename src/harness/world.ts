/**
 * The kit's ground truth: an in-memory file system with kit-set mtimes, and the inner read tool
 * shims wrap. SPEC.md "Knowledge": content(k, t) is what this tool returns.
 */
import type { HostToolBound } from '../core/host-tool.ts';
import { resolvePath } from '../core/paths.ts';
import { linkTarget } from '../core/trace.ts';
import type { KitFs, ReadArgs } from '../core/contract.ts';
import { boundedText, hostPage, pageable, refusalOf } from './host-tool.ts';
import { windowOf } from './lines.ts';

export interface FileState {
  /** The file's text (a file that is not valid UTF-8: its bytes decoded with U+FFFD, as a naive text read shows them). */
  readonly content: string;
  readonly mtimeMs: number;
  /** Spec 2.1: the file's bytes, for a file that is not valid UTF-8 (spec/SPEC.md "Bytes that are not text"). */
  readonly bytes?: Buffer;
}

/**
 * What the inner tool gives for a request right now: its text, or the code it fails with. A
 * binary file read as bytes (spec 2.1, `tool.binary: 'bytes'`) carries them in `bytes`; its
 * `text`, the ground truth, is their base64.
 */
export type ToolResult =
  | { readonly ok: true; readonly text: string; readonly bytes?: Buffer; readonly pageable?: true }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** The tool's text a response shows, when the host paged it (spec 2.2 "A host's page"): that page; else `truth`. */
export function pagedTruth(truth: ToolResult, shown: string | undefined, tool: HostToolBound | undefined): ToolResult {
  if (!truth.ok || truth.pageable !== true || shown === undefined) return truth;
  const page = hostPage(truth.text, shown, tool);
  return page === undefined ? truth : { ok: true, text: page };
}

/** Bytes that are valid UTF-8, decoded; undefined for bytes that are not (spec 2.1 "Bytes that are not text"). */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The message of the EBINARY a tool gives a file that is not text. */
const BINARY_REFUSAL = 'EBINARY: this tool cannot read binary files';

export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    // The tool's error has no kit frames worth showing; a stack per missing file cost ~3% of a run.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'ToolError';
  }
}

function isWindowArg(v: unknown): v is number | undefined {
  return v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
}

/** Error codes the kit's read tool fails with (a rejection carrying one is the tool's error passed on). */
export const TOOL_ERROR_CODES: ReadonlySet<string> = new Set([
  'ENOENT',
  'EIO',
  'EINVAL',
  'EACCES',
  'EISDIR',
  'EFBIG',
  'EBINARY',
  // Spec 2.2: a declared tool's offset past the end (tool.pastEnd) and its notice (tool.notice).
  'ERANGE',
  'ENOTICE',
]);

/** A file as the world keeps it: its UTF-8 size is counted once, at the first stat (shims stat on every read). */
type Stored = { content: string; mtimeMs: number; bytes?: Buffer; size?: number; base64?: string };

/** How the host names files: a case-insensitive host makes `A.ts` and `a.ts` one file. */
export interface HostNaming {
  readonly caseInsensitive?: boolean;
}

/** A symlink as the world keeps it: its own lstat mtime, distinct from its target's. */
interface Link {
  readonly target: string;
  readonly mtimeMs: number;
}

/** Links followed before a path is called a loop (ELOOP), as hosts bound it. */
const MAX_LINKS = 40;

export class World {
  /** Keyed by the host's key of the resolved spelling; a hardlink is a second key on one Stored. */
  readonly #files = new Map<string, Stored>();
  /** The spelling each key was first written under (paths() lists these). */
  readonly #spelling = new Map<string, string>();
  readonly #links = new Map<string, Link>();

  /** `tool`: the host tool's declared bound; ground truth is the bounded text. `naming`: the host's file names. */
  constructor(
    readonly tool?: HostToolBound,
    readonly naming: HostNaming = {},
  ) {}

  /** The key of a resolved spelling on the host's rules (case folded on a case-insensitive host). */
  #key(resolved: string): string {
    return this.naming.caseInsensitive === true ? resolved.toLowerCase() : resolved;
  }

  /**
   * The host's identity of a path: its resolved spelling with every symlink followed (the last
   * segment and the directories before it), case folded on a case-insensitive host. Undefined for
   * a link loop or a link whose target leaves the sandbox (never followed).
   */
  realpath(path: string): string | undefined {
    let p = resolvePath(path);
    if (this.#links.size === 0) return this.#key(p);
    for (let hops = 0; hops <= MAX_LINKS; hops++) {
      const segs = p.split('/');
      let next: string | undefined;
      for (let i = 1; i <= segs.length && next === undefined; i++) {
        const head = segs.slice(0, i).join('/');
        const l = this.#links.get(this.#key(head));
        if (l !== undefined) next = resolvePath([linkTarget(head, l.target), ...segs.slice(i)].join('/'));
      }
      if (next === undefined) return this.#key(p);
      if (escapes(next)) return undefined;
      p = next;
    }
    return undefined;
  }

  /**
   * The name a path was requested under (spec/SPEC.md "Knowledge"): its resolved spelling, case
   * folded on a case-insensitive host, links not followed. A delivery and a forget are by name.
   */
  nameOf(path: string): string {
    return this.#key(resolvePath(path));
  }

  /**
   * The text a read of the file's identity sees now (the version a delivery was of), or undefined
   * for a missing file and for bytes that are not text (no row of them is ever shown twice).
   */
  versionOf(path: string): string | undefined {
    const f = this.#stored(path);
    return f === undefined || f.bytes !== undefined ? undefined : f.content;
  }

  /**
   * The oracle's identity of a path (spec/SPEC.md "Links and case"): its realpath when that is not
   * its resolved spelling (a link followed, case folded), else undefined (the spelling is the identity).
   */
  identity(path: string): string | undefined {
    const k = this.realpath(path);
    return k === undefined || k === resolvePath(path) ? undefined : k;
  }

  #stored(path: string): Stored | undefined {
    const k = this.realpath(path);
    return k === undefined ? undefined : this.#files.get(k);
  }

  /** A write of text, or (spec 2.1) of bytes: bytes that are valid UTF-8 are that text, the rest a binary file. */
  write(path: string, written: string | Uint8Array, mtimeMs: number): void {
    const k = this.realpath(path);
    if (k === undefined) throw new ToolError('ELOOP', `ELOOP: '${path}' does not name a file in the sandbox`);
    const text = typeof written === 'string' ? written : utf8Text(written);
    const bytes = text === undefined ? Buffer.from(written as Uint8Array) : undefined;
    const content = text ?? (bytes as Buffer).toString('utf8');
    const have = this.#files.get(k);
    // A write through any name of a file (a hardlink, a symlink) changes the one file every name shows.
    if (have !== undefined) {
      Object.assign(have, { content, mtimeMs });
      if (bytes === undefined) delete have.bytes;
      else have.bytes = bytes;
      delete have.size;
      delete have.base64;
      return;
    }
    this.#files.set(k, bytes === undefined ? { content, mtimeMs } : { content, mtimeMs, bytes });
    this.#spelling.set(k, resolvePath(path));
  }

  /** Removes the name (a symlink itself, not its target; one name of a hardlinked file). */
  delete(path: string): void {
    const k = this.#key(resolvePath(path));
    if (this.#links.delete(k)) return;
    this.#files.delete(k);
    this.#spelling.delete(k);
  }

  /**
   * A symlink at `path` to `target` (relative to the link's directory, as on disk), with its own
   * mtime; it replaces a link already there (a retarget). A target that leaves the sandbox is
   * refused: such a link is never created.
   */
  symlink(path: string, target: string, mtimeMs: number): void {
    const at = resolvePath(path);
    if (at.startsWith('/') || escapes(at) || target.startsWith('/') || escapes(resolvePath(linkTarget(at, target))))
      throw new ToolError('EACCES', `EACCES: a link '${path}' -> '${target}' would leave the sandbox`);
    const k = this.#key(at);
    if (this.#files.has(k)) throw new ToolError('EEXIST', `EEXIST: '${path}' is a file`);
    this.#links.set(k, { target, mtimeMs });
  }

  /** A second name for an existing file: both names are one file (one content, one mtime). */
  hardlink(path: string, existing: string): void {
    const f = this.#stored(existing);
    if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file '${existing}'`);
    const k = this.#key(resolvePath(path));
    if (this.#links.has(k)) this.#links.delete(k);
    this.#files.set(k, f);
    this.#spelling.set(k, resolvePath(path));
  }

  file(path: string): FileState | undefined {
    return this.#stored(path);
  }

  paths(): string[] {
    return [...this.#spelling.values()];
  }

  /** The inner tool's answer for a request now (no side effects). */
  toolResult(args: ReadArgs): ToolResult {
    if (typeof args?.path !== 'string')
      return { ok: false, code: 'EINVAL', message: 'EINVAL: read needs a string path' };
    const f = this.#stored(args.path);
    if (f === undefined)
      return { ok: false, code: 'ENOENT', message: `ENOENT: no such file or directory, read '${args.path}'` };
    const { offset, limit } = args;
    if (!isWindowArg(offset) || !isWindowArg(limit) || offset === 0)
      return {
        ok: false,
        code: 'EINVAL',
        message: `EINVAL: bad window offset=${String(offset)} limit=${String(limit)}`,
      };
    if (f.bytes !== undefined) return this.#binaryResult(f, f.bytes, args.path);
    const text =
      this.tool === undefined ? windowOf(f.content, offset, limit) : boundedText(f.content, offset, limit, this.tool);
    // A declared refusal is the tool's answer: the worker gets nothing of the file (SPEC.md "Host refusals").
    const refused = refusalOf(f.content, offset, limit, text, this.tool, args.path);
    if (refused !== undefined) return { ok: false, ...refused };
    // Spec 2.2 "A host's page": past the bound the host shows a page of its choosing (adopted from the response).
    return pageable(text, this.tool) ? { ok: true, text, pageable: true } : { ok: true, text };
  }

  /**
   * A file that is not valid UTF-8, as the declared tool answers it (spec/SPEC.md "Bytes that are
   * not text"): its base64 text whole for every request (no window or bound applies to it), with
   * the bytes when the tool returns bytes, or EBINARY. A refusal by name (`refuse.extensions`) or
   * of binary files (`refuse.binary`) comes first.
   */
  #binaryResult(f: Stored, bytes: Buffer, path: string): ToolResult {
    const named = refusalOf('', undefined, undefined, '', this.tool, path);
    if (named !== undefined) return { ok: false, ...named };
    const mode = this.tool?.binary ?? 'refuse';
    const r = this.tool?.refuse;
    // refuse.binary: a NUL anywhere, or within the first binaryWithin bytes (spec 2.2).
    const sniffed =
      r?.binary === true && (r.binaryWithin === undefined || bytes.subarray(0, r.binaryWithin).includes(0));
    if (mode === 'refuse' || sniffed) return { ok: false, code: 'EBINARY', message: BINARY_REFUSAL };
    // One text per version: every read of it shares it (a history keeps every read's truth).
    const text = (f.base64 ??= bytes.toString('base64'));
    return mode === 'bytes' ? { ok: true, text, bytes } : { ok: true, text };
  }

  readonly fs: KitFs = {
    readBytes: (path) => {
      const f = this.#stored(path);
      if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file or directory, open '${path}'`);
      return new Uint8Array(f.bytes ?? Buffer.from(f.content, 'utf8'));
    },
    read: (path) => {
      const f = this.#stored(path);
      if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file or directory, open '${path}'`);
      return f.content;
    },
    stat: (path) => {
      const f = this.#stored(path);
      if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file or directory, stat '${path}'`);
      f.size ??= f.bytes?.length ?? Buffer.byteLength(f.content);
      return { mtimeMs: f.mtimeMs, size: f.size };
    },
    exists: (path) => this.#stored(path) !== undefined,
    realpath: (path) => {
      const k = this.realpath(path);
      if (k === undefined || !this.#files.has(k))
        throw new ToolError('ENOENT', `ENOENT: no such file or directory, realpath '${path}'`);
      return k;
    },
    lstat: (path) => {
      const l = this.#links.get(this.#key(resolvePath(path)));
      if (l !== undefined) return { mtimeMs: l.mtimeMs, size: Buffer.byteLength(l.target), symlink: true };
      const f = this.#stored(path);
      if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file or directory, lstat '${path}'`);
      f.size ??= f.bytes?.length ?? Buffer.byteLength(f.content);
      return { mtimeMs: f.mtimeMs, size: f.size, symlink: false };
    },
  };
}

/** Whether a resolved spelling leaves the sandbox (a leading `..`, or rooted). */
function escapes(resolved: string): boolean {
  return resolved === '..' || resolved.startsWith('../') || resolved.startsWith('/');
}
