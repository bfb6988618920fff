/**
 * What the corpus cases share that depends on the context a case is built for (its cap, mode and
 * host tool): file sizes, the reads that hold a file, and why a case cannot be played.
 */
import { smallestDiffResponse } from '../oracle/smallest-diff.ts';
import { windowLimitMax } from '../../src/core/host-tool.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { T0, bytesOf, code, lines, reads, readsToHold, write, writeBytes } from './content.ts';
import type { CaseContext } from './types.ts';
import { boundedText, refusalOf } from '../../src/harness/host-tool.ts';
import { defined } from '../../src/core/defined.ts';

/** Bytes of text `tokens` tokens are estimated from (src/core/host-tool.ts `estimateTokens`: ceil(bytes / 4)). */
const estimateBytes = (tokens: number): number => tokens * 4;

/** A window wider than the cases' files, but never above a maxLines declared alone (windowLimitMax). */
export const wide = (ctx: CaseContext): number => Math.min(50, windowLimitMax(ctx.tool) ?? 50);

export const TINY = 16;
export const MID = 4096;
/** Caps above this make files too large to hold in memory many times over: cases over the cap are skipped. */
const LARGEST_SLICED_CAP = 4 * 1024 * 1024;

export const tooLarge = (ctx: CaseContext): string | undefined =>
  ctx.mode.levers.cap && ctx.cap > LARGEST_SLICED_CAP
    ? `a file over a ${ctx.cap}-byte cap is too large for the corpus`
    : undefined;

/** Under a capping lever a diff must fit the cap: below the smallest strictly applicable diff no truthful shim can send one. */
export const diffFits = (ctx: CaseContext): string | undefined => {
  if (!ctx.mode.levers.cap) return undefined;
  const least = smallestDiffResponse(ctx.seal);
  return ctx.cap < least * 4
    ? `cap ${ctx.cap} leaves no room for a diff of this case (${least} bytes at the least)`
    : undefined;
};

/** A small file: held after one read under any cap of at least 8 (and a few bytes under 4–7). */
export const small = (ctx: CaseContext, tag: string): string => {
  const n = Math.max(2, Math.min(24, ctx.cap - 1));
  return code(n, tag, Math.min(12, n));
};

/** A mid-size code file a one-line diff is small against (kept under the cap when the cap allows). */
export const midFile = (ctx: CaseContext, tag: string): string =>
  code(Math.max(1600, Math.min(2400, ctx.cap - 200)), tag, 40);

/** The base64 text a binary file is judged on (spec 2.1 "Bytes that are not text"). */
export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Reads of `path` enough to hold `text` at the cap, plus `extra` re-reads. */
export const readUntilHeld = (
  ctx: CaseContext,
  path: string,
  text: string,
  lineWidth: number,
  extra = 1,
  w = 'w1',
): TraceEvent[] => reads((ctx.mode.levers.cap ? readsToHold(bytesOf(text), ctx.cap, lineWidth) : 1) + extra, path, w);

/** A file over the declared `refuse.maxBytes`: `head` (the host's line bound of it, or a few lines) within it, then a tail past the bound. */
export const overRefusal = (ctx: CaseContext, tag: string): { text: string; head: string } => {
  const max = ctx.tool?.refuse?.maxBytes ?? MID;
  let n = ctx.tool?.maxLines ?? 8;
  while (n > 1 && bytesOf(lines(n, tag)) > max) n--;
  const head = lines(n, tag);
  const row = `${'t'.repeat(79)}\n`;
  const rows = Math.max(1, Math.ceil((max + 1 - bytesOf(head)) / row.length));
  return { text: head + row.repeat(rows), head };
};

/** A file whose whole read the declared `refuse.maxTokens` refuses, and a one-line window it does not. */
export const overTokens = (ctx: CaseContext): { text: string; window: Record<string, number>; why?: string } => {
  const t = ctx.tool ?? {};
  const max = t.refuse?.maxTokens ?? 1;
  const row = `${'k'.repeat(39)}\n`;
  const text = row.repeat(Math.ceil((estimateBytes(max) + 1) / row.length) + 1);
  const window = { offset: 1, limit: 1 };
  const whole = boundedText(text, undefined, undefined, t);
  const one = boundedText(text, 1, 1, t);
  const why =
    refusalOf(text, undefined, undefined, whole, t) === undefined
      ? `the host tool's bound keeps a whole read under ${max} tokens`
      : refusalOf(text, 1, 1, one, t) !== undefined
        ? `the host tool refuses even a one-line window at ${max} tokens`
        : undefined;
  return { text, window, ...defined({ why }) };
};

/** Text written as text, bytes (an image) as bytes (spec 2.1). */
export const put = (path: string, content: string | Uint8Array, mtimeMs: number): TraceEvent =>
  typeof content === 'string' ? write(path, content, mtimeMs) : writeBytes(path, content, mtimeMs);

/**
 * One version of a file: its text (or bytes), its mtime (default: a second after the version before
 * it, the first at T0), its line width and what the tool shows of it.
 */
export type Version =
  | string
  | {
      readonly text: string | Uint8Array;
      readonly mtimeMs?: number;
      /** For readsToHold (default: the caller's). */
      readonly lineWidth?: number;
      /** The text the worker is shown, when not the file's (bytes: their base64; a host tool's bound). */
      readonly shown?: string;
    };

/** Each version of `path` written in turn and read until the worker holds it, plus `extra` re-reads. */
export const inTurn = (
  ctx: CaseContext,
  path: string,
  versions: readonly Version[],
  lineWidth = 0,
  extra = 0,
): TraceEvent[] =>
  versions.flatMap((version, i) => {
    const v = typeof version === 'string' ? { text: version } : version;
    const shown = v.shown ?? (typeof v.text === 'string' ? v.text : base64(v.text));
    return [
      put(path, v.text, v.mtimeMs ?? T0 + 1000 * i),
      ...readUntilHeld(ctx, path, shown, v.lineWidth ?? lineWidth, extra),
    ];
  });

/** Small files `<name>.ts`, each of text tagged `<tag>-<name>`, written at T0. */
export const smallFiles = (ctx: CaseContext, tag: string, ...names: readonly string[]): TraceEvent[] =>
  names.map((n) => write(`${n}.ts`, small(ctx, `${tag}-${n}`), T0));
