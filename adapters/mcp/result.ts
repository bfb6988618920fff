/**
 * A read as a call of the server's read tool (README "Check an MCP server"): the arguments the
 * kit's request maps onto, the text the worker sees (the text parts, joined), and its claim.
 */
import { readFileSync } from 'node:fs';
import type { Claim } from '../../core/claims.ts';
import { AdapterError } from '../../core/errors.ts';
import { windowOf } from '../../harness/lines.ts';
import type { ReadArgs } from '../contract.ts';
import { defaultDecode, type DriverDecoder } from '../drivers/decode.ts';
import type { ReadTool } from './tool.ts';

/** The read tool's arguments: the absolute path, and the window where the tool takes one. */
export function readArguments(tool: ReadTool, file: string, args: ReadArgs): Record<string, unknown> {
  const windows = tool.offsetArg !== undefined;
  const a: Record<string, unknown> = { [tool.pathArg]: file };
  if (windows && args.offset !== undefined) a[tool.offsetArg] = args.offset;
  if (windows && args.limit !== undefined) a[tool.limitArg!] = args.limit;
  return a;
}

/**
 * What the worker sees: the result's text parts joined with no separator. A result with no
 * content list, or with parts other than text, is undecodable (exit 2); `where` names the call.
 */
export function resultText(r: unknown, where: string): string {
  const parts = (r as { content?: unknown }).content;
  if (!Array.isArray(parts)) throw new AdapterError(`${where} returned no content list`);
  const other = parts
    .filter((p: { type?: unknown }) => p?.type !== 'text')
    .map((p: { type?: unknown }) => String(p?.type));
  if (other.length > 0)
    throw new AdapterError(
      `${where} answered with ${[...new Set(other)].join(', ')} content; the kit judges text parts only, so the response is undecodable`,
    );
  return parts.map((p: { text?: unknown }) => String(p.text)).join('');
}

/** An isError result: a refusal, absent when its text says the file is not there, else unreadable. */
export function refusalOf(text: string): Claim {
  return {
    kind: 'refusal',
    reason: /ENOENT|not found|no such file|does not exist/i.test(text) ? 'absent' : 'unreadable',
  };
}

/** What a read of the file returns now (no host bound: the server's text is the content). */
export function contentNow(root: string, args: ReadArgs, windows: boolean): string | undefined {
  try {
    const text = readFileSync(`${root}/${args.path}`, 'utf8');
    return windows ? windowOf(text, args.offset, args.limit) : text;
  } catch {
    return undefined;
  }
}

/** How a successful result's text is decoded: --decode first, then the default decoding. */
export interface ReadDecoding {
  readonly pointer: RegExp;
  readonly decoder: DriverDecoder | undefined;
  readonly windows: boolean;
}

/** The claim of a successful read of `file` (args.path under `root`). */
export function decodeRead(d: ReadDecoding, text: string, root: string, file: string, args: ReadArgs): Claim {
  const content = contentNow(root, args, d.windows);
  const info = {
    source: 'mcp' as const,
    path: args.path,
    file,
    args,
    contentBytes: content === undefined ? 0 : Buffer.byteLength(content, 'utf8'),
  };
  return d.decoder?.(text, info) ?? defaultDecode(text, { pointer: d.pointer, content, otherwise: 'verbatim' })!;
}
