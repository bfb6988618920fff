/**
 * The Read tool of the host the kit plays for hooks: reads the sandbox file named by an absolute
 * `file_path`, returns lines `offset..offset+limit-1` (1-based) as Claude Code 2.1.197's Read does —
 * no line or length cut, CRLF as LF, a BOM dropped, rows of split("\n"), without line numbers,
 * refusing a whole read of a file over 256 KB (docs/guide/hook.md; `--hook-tool` declares another).
 * The bound is declared as the host tool (src/core/host-tool.ts), so every rule judges the bounded text.
 */
import { readFileSync } from 'node:fs';
import type { HostToolBound } from '../../core/host-tool.ts';
import { resolvePath } from '../../core/paths.ts';
import { boundedText, refusalOf } from '../../harness/host-tool.ts';
import { splitLines } from '../../harness/lines.ts';
import { TOOL_ERROR_CODES } from '../../harness/world.ts';

/**
 * Claude Code 2.1.197's Read, measured with the agent driver (the `claude-code` profile declares the
 * same): a 2,500-line file and a 5,000-character line come back whole; CRLF shown as LF, a BOM
 * dropped, lines as the rows of split("\n"); a whole read of a file over 256 KB is refused
 * (spec/SPEC.md "Host read tools", "Host refusals").
 */
export const READ_TOOL_BOUND: HostToolBound = Object.freeze({
  normalize: Object.freeze(['crlf', 'bom', 'split'] as const),
  refuse: Object.freeze({ maxBytes: 256 * 1024 }),
});

/** The hook host's Read before 2.1 measured it: 2,000 lines, lines cut after 2,000 characters (`--hook-tool`). */
export const READ_TOOL_BOUND_2_0: HostToolBound = Object.freeze({
  maxLines: 2000,
  maxLineChars: 2000,
  refuse: Object.freeze({ maxBytes: 256 * 1024 }),
});

/** Which host version a bound describes, for the report. */
export const READ_TOOL_MEASURED = 'Claude Code 2.1.197 Read, measured';

export type HostRead =
  | {
      readonly ok: true;
      readonly text: string;
      readonly file: string;
      readonly startLine: number;
      readonly numLines: number;
      readonly totalLines: number;
    }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** A read tool failure with the code the kit's tool fails with (passed on, never a crash). */
export class HostReadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostReadError';
  }
}

const isWindow = (v: unknown): v is number | undefined =>
  v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);

/** What the played Read tool returns for `input` now; paths outside the sandbox are refused. */
export function hostRead(
  root: string,
  input: Readonly<Record<string, unknown>>,
  bound: HostToolBound = READ_TOOL_BOUND,
): HostRead {
  const path = input.file_path;
  if (typeof path !== 'string' || !path.startsWith('/'))
    return { ok: false, code: 'EINVAL', message: 'EINVAL: Read needs an absolute file_path' };
  if (!resolvePath(path).startsWith(`${root}/`))
    return { ok: false, code: 'EACCES', message: `EACCES: ${path} is outside the project directory ${root}` };
  const { offset, limit } = input;
  if (!isWindow(offset) || !isWindow(limit) || offset === 0)
    return { ok: false, code: 'EINVAL', message: `EINVAL: bad window offset=${String(offset)} limit=${String(limit)}` };
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const known = typeof code === 'string' && TOOL_ERROR_CODES.has(code) ? code : 'EIO';
    return { ok: false, code: known, message: `${known}: ${(e as Error).message}` };
  }
  const text = boundedText(content, offset, limit, bound);
  // The tool refuses instead of answering: the worker sees the refusal, PostToolUse does not run.
  const refused = refusalOf(content, offset, limit, text, bound, path);
  if (refused !== undefined) return { ok: false, ...refused };
  return {
    ok: true,
    text,
    file: path,
    startLine: offset ?? 1,
    numLines: splitLines(text).length,
    totalLines: splitLines(content).length,
  };
}
