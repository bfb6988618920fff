/**
 * How the hook and MCP drivers read what the worker was shown (README "Check a hook"): the
 * request's content itself is verbatim; a unified diff in it is a diff; text matching the pointer
 * pattern is "you already hold it"; a user's --decode module may answer first. Every claim's body
 * is taken from the text itself (payloads and patches lie in the response), so the
 * oracle judges what the worker really saw.
 */
import type { Claim } from '../../core/claims.ts';
import { UsageError } from '../../core/errors.ts';
import type { ReadArgs } from '../../core/contract.ts';
import { importUserModule } from '../load.ts';

/**
 * The default pointer pattern, matched case-insensitively anywhere in the text: the wordings dedup
 * hooks and servers use for "you already have this file" ("File unchanged since last read",
 * "already in context", "you already read this file").
 */
export const DEFAULT_POINTER_PATTERN = String.raw`\b(?:unchanged|already (?:in (?:the |your )?context|read|seen|loaded|provided|hold|have))\b`;

export function pointerRegex(source: string, flag = '--pointer-pattern'): RegExp {
  try {
    return new RegExp(source, 'i');
  } catch (e) {
    throw new UsageError(`run: ${flag} is not a regular expression: ${(e as Error).message}`);
  }
}

/** Where the worker's text came from. */
export type DriverSource = 'deny' | 'block' | 'exit 2' | 'mcp';

/** What a --decode module is told about one response. */
export interface DriverDecodeInfo {
  readonly source: DriverSource;
  /** The path as the kit spelled it (relative to the sandbox). */
  readonly path: string;
  /** The absolute path sent to the hook or server. */
  readonly file: string;
  readonly args: Readonly<ReadArgs>;
  /**
   * UTF-8 bytes of what the host's read would return for this request now (0 when it fails): the
   * `total` of a claim whose text names no size (a pointer that only says "unchanged").
   */
  readonly contentBytes: number;
}

/** A --decode module's export: a claim for the text, or undefined for the default decoding. */
export type DriverDecoder = (text: string, info: DriverDecodeInfo) => Claim | undefined;

export async function loadDecoder(modulePath: string): Promise<DriverDecoder> {
  const mod = await importUserModule(modulePath, 'decoder');
  const f = typeof mod.decode === 'function' ? mod.decode : mod.default;
  if (typeof f !== 'function')
    throw new UsageError(
      `decoder ${modulePath}: export a function decode(text, info) (named "decode" or the default export)`,
    );
  return f as DriverDecoder;
}

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * The first unified diff in `text`: a `--- ` row, a `+++ ` row, then hunks, each exactly the rows
 * its header counts; the patch ends after the last such hunk (its final newline included).
 */
export function findUnifiedDiff(text: string): { patch: string; at: number } | undefined {
  const rows = text.split('\n');
  let offset = 0;
  for (let i = 0; i + 2 < rows.length; offset += rows[i]!.length + 1, i++) {
    if (!rows[i]!.startsWith('--- ') || !rows[i + 1]!.startsWith('+++ ') || !HUNK.test(rows[i + 2]!)) continue;
    let j = i + 2;
    let end = -1;
    while (j < rows.length) {
      const m = HUNK.exec(rows[j]!);
      if (m === null) break;
      let oldLeft = m[1] === undefined ? 1 : Number(m[1]);
      let newLeft = m[2] === undefined ? 1 : Number(m[2]);
      j++;
      while (j < rows.length && (oldLeft > 0 || newLeft > 0 || rows[j]!.startsWith('\\'))) {
        const r = rows[j]!;
        if (r.startsWith('\\')) j++;
        else if (r.startsWith(' ')) {
          oldLeft--;
          newLeft--;
          j++;
        } else if (r.startsWith('-')) {
          oldLeft--;
          j++;
        } else if (r.startsWith('+')) {
          newLeft--;
          j++;
        } else break;
      }
      if (oldLeft > 0 || newLeft > 0) break; // a hunk cut short: the patch ends before it
      end = j;
    }
    if (end === -1) continue;
    const upto = rows.slice(0, end).join('\n').length + (end < rows.length ? 1 : 0);
    return { patch: text.slice(offset, Math.min(upto, text.length)), at: offset };
  }
  return undefined;
}

export interface DefaultDecode {
  readonly pointer: RegExp;
  /** What the host's read returns for this request now (undefined when it fails). */
  readonly content: string | undefined;
  /** Text that is none of these: judged as the file's text (MCP), or undecodable (a hook's deny reason). */
  readonly otherwise: 'verbatim' | 'undecodable';
}

/** The default decoding, or undefined when the text is undecodable. */
export function defaultDecode(text: string, d: DefaultDecode): Claim | undefined {
  if (d.content !== undefined && text === d.content) return { kind: 'verbatim' };
  const total = d.content === undefined ? 0 : Buffer.byteLength(d.content, 'utf8');
  const diff = findUnifiedDiff(text);
  if (diff !== undefined) return { kind: 'diff', patch: diff.patch, total, at: diff.at };
  const m = d.pointer.exec(text);
  if (m !== null) {
    const stated = m.groups?.total;
    return {
      kind: 'pointer',
      total: stated !== undefined && /^[\d,]+$/.test(stated) ? Number(stated.replace(/,/g, '')) : total,
    };
  }
  return d.otherwise === 'verbatim' ? { kind: 'verbatim' } : undefined;
}
