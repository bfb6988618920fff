/**
 * A read as a call of the server's read tool (docs/guide/mcp.md): the arguments the
 * kit's request maps onto, the text the worker sees (the text parts, joined), and its claim.
 */
import { readFileSync } from 'node:fs';
import type { Claim } from '../../core/claims.ts';
import { AdapterError } from '../../core/errors.ts';
import { windowOf } from '../../harness/lines.ts';
import { utf8Text } from '../../harness/world.ts';
import type { ReadArgs } from '../../core/contract.ts';
import { defaultDecode, type DriverDecoder, type MorePatterns } from '../drivers/decode.ts';
import type { ReadTool } from './tool.ts';

/** The read tool's arguments: the absolute path, and the window where the tool takes one. */
export function readArguments(tool: ReadTool, file: string, args: ReadArgs): Record<string, unknown> {
  const windows = tool.offsetArg !== undefined;
  const a: Record<string, unknown> = { [tool.pathArg]: file };
  if (windows && args.offset !== undefined) a[tool.offsetArg] = args.offset;
  if (windows && args.limit !== undefined) a[tool.limitArg!] = args.limit;
  return a;
}

/** What the worker sees of a result: its parts' text joined, and whether it is one part of bytes. */
export interface ResultContent {
  readonly text: string;
  /** Spec 2.1: the result is one image, audio or blob part: bytes, `text` their base64 (judged verbatim). */
  readonly binary: boolean;
}

/** A part's content: a text part's text, an image's or audio's data, an embedded resource's text or blob. */
function partContent(p: unknown): { text: string; binary: boolean } | undefined {
  const o = (p ?? {}) as { type?: unknown; text?: unknown; data?: unknown; resource?: unknown };
  if (o.type === 'text') return { text: String(o.text), binary: false };
  // Spec 2.1 "Bytes that are not text": bytes travel as base64, and are judged on it.
  if ((o.type === 'image' || o.type === 'audio') && typeof o.data === 'string') return { text: o.data, binary: true };
  if (o.type === 'resource') {
    const r = (o.resource ?? {}) as { text?: unknown; blob?: unknown };
    if (typeof r.text === 'string') return { text: r.text, binary: false };
    if (typeof r.blob === 'string') return { text: r.blob, binary: true };
  }
  return undefined;
}

/**
 * What the worker sees: the result's parts joined with no separator — text parts, embedded text
 * resources, and (spec 2.1) image, audio and blob parts as their base64 data. One part of bytes
 * alone is bytes answered (judged as the claim `verbatim`). A result with no content list, or with
 * another kind of part (a resource link), is undecodable (exit 2); `where` names the call.
 */
export function resultContent(r: unknown, where: string): ResultContent {
  const parts = (r as { content?: unknown }).content;
  if (!Array.isArray(parts)) throw new AdapterError(`${where} returned no content list`);
  const seen = parts.map(partContent);
  const other = parts.filter((_, i) => seen[i] === undefined).map((p: { type?: unknown }) => String(p?.type));
  if (other.length > 0)
    throw new AdapterError(
      `${where} answered with ${[...new Set(other)].join(', ')} content; the kit judges text, image, audio and embedded resource parts only, so the response is undecodable`,
    );
  const got = seen as { text: string; binary: boolean }[];
  return { text: got.map((p) => p.text).join(''), binary: got.length === 1 && got[0]!.binary };
}

/** An isError result: a refusal, absent when its text says the file is not there, else unreadable. */
export function refusalOf(text: string): Claim {
  return {
    kind: 'refusal',
    reason: /ENOENT|not found|no such file|does not exist/i.test(text) ? 'absent' : 'unreadable',
  };
}

/**
 * What a read of the file returns now (no host bound: the server's text is the content). A file
 * that is not UTF-8 is its base64 text, whole, for every request (SPEC.md "Bytes that are not
 * text"), so a pointer without a stated size to an image gets the size the kit judges.
 */
export function contentNow(root: string, args: ReadArgs, windows: boolean): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(`${root}/${args.path}`);
  } catch {
    return undefined;
  }
  const text = utf8Text(bytes);
  if (text === undefined) return bytes.toString('base64');
  return windows ? windowOf(text, args.offset, args.limit) : text;
}

/** How a successful result's text is decoded: --decode first, then the default decoding. */
export interface ReadDecoding {
  readonly pointer: RegExp;
  /** Spec 2.2: --delta-pattern and --withheld-pattern. */
  readonly more?: MorePatterns;
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
  return (
    d.decoder?.(text, info) ?? defaultDecode(text, { pointer: d.pointer, ...d.more, content, otherwise: 'verbatim' })!
  );
}
