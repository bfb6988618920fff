/**
 * The kit's ground truth: an in-memory file system with kit-set mtimes, and the inner read tool
 * shims wrap. SPEC.md "Knowledge": content(k, t) is what this tool returns.
 */
import type { HostToolBound } from '../core/host-tool.ts';
import { resolvePath } from '../core/paths.ts';
import type { KitFs, ReadArgs } from '../core/contract.ts';
import { boundedText, refusalOf } from './host-tool.ts';
import { windowOf } from './lines.ts';

export interface FileState {
  readonly content: string;
  readonly mtimeMs: number;
}

/** What the inner tool gives for a request right now: its text, or the code it fails with. */
export type ToolResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: string; readonly message: string };

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
]);

/** A file as the world keeps it: its UTF-8 size is counted once, at the first stat (shims stat on every read). */
type Stored = FileState & { size?: number };

export class World {
  readonly #files = new Map<string, Stored>();

  /** `tool`: the host tool's declared bound; ground truth is the bounded text. */
  constructor(readonly tool?: HostToolBound) {}

  write(path: string, content: string, mtimeMs: number): void {
    this.#files.set(resolvePath(path), { content, mtimeMs });
  }

  delete(path: string): void {
    this.#files.delete(resolvePath(path));
  }

  file(path: string): FileState | undefined {
    return this.#files.get(resolvePath(path));
  }

  paths(): string[] {
    return [...this.#files.keys()];
  }

  /** The inner tool's answer for a request now (no side effects). */
  toolResult(args: ReadArgs): ToolResult {
    if (typeof args?.path !== 'string')
      return { ok: false, code: 'EINVAL', message: 'EINVAL: read needs a string path' };
    const f = this.#files.get(resolvePath(args.path));
    if (f === undefined)
      return { ok: false, code: 'ENOENT', message: `ENOENT: no such file or directory, read '${args.path}'` };
    const { offset, limit } = args;
    if (!isWindowArg(offset) || !isWindowArg(limit) || offset === 0)
      return {
        ok: false,
        code: 'EINVAL',
        message: `EINVAL: bad window offset=${String(offset)} limit=${String(limit)}`,
      };
    const text =
      this.tool === undefined ? windowOf(f.content, offset, limit) : boundedText(f.content, offset, limit, this.tool);
    // A declared refusal is the tool's answer: the worker gets nothing of the file (SPEC.md "Host refusals").
    const refused = refusalOf(f.content, offset, limit, text, this.tool, args.path);
    return refused === undefined ? { ok: true, text } : { ok: false, ...refused };
  }

  readonly fs: KitFs = {
    read: (path) => {
      const f = this.#files.get(resolvePath(path));
      if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file or directory, open '${path}'`);
      return f.content;
    },
    stat: (path) => {
      const f = this.#files.get(resolvePath(path));
      if (f === undefined) throw new ToolError('ENOENT', `ENOENT: no such file or directory, stat '${path}'`);
      f.size ??= Buffer.byteLength(f.content);
      return { mtimeMs: f.mtimeMs, size: f.size };
    },
    exists: (path) => this.#files.has(resolvePath(path)),
  };
}
