/**
 * How the hook and MCP drivers read what the worker was shown (docs/guide/hook.md): the
 * request's content itself is verbatim; a unified diff in it is a diff; text matching the pointer
 * pattern is "you already hold it"; a user's --decode module may answer first. Every claim's body
 * is taken from the text itself (payloads and patches lie in the response), so the
 * oracle judges what the worker really saw.
 */
import type { Claim } from '../../core/claims.ts';
import { UsageError } from '../../core/errors.ts';
import type { ReadArgs } from '../../core/contract.ts';
import { importUserModule } from '../load.ts';
import type { WithholdPolicy } from '../../core/policies.ts';

export { DEFAULT_POINTER_PATTERN } from '../../core/pointer-words.ts';

export function pointerRegex(source: string, flag = '--pointer-pattern'): RegExp {
  try {
    return new RegExp(source, 'i');
  } catch (e) {
    throw new UsageError(`run: ${flag} is not a regular expression: ${(e as Error).message}`);
  }
}

/** Where the worker's text came from: a PreToolUse withholding, a PostToolUse `updatedToolOutput`, an MCP result. */
export type DriverSource = 'deny' | 'block' | 'exit 2' | 'updatedToolOutput' | 'mcp';

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
  /** Spec 2.2 (--delta-pattern): a change notice in the driver's own words (deltaFromText). */
  readonly delta?: RegExp;
  /** Spec 2.2 (--withheld-pattern, --policy): text matching it is the shim's own policy withholding the read. */
  readonly withheld?: { readonly pattern: RegExp; readonly policy: string };
  /** What the host's read returns for this request now (undefined when it fails). */
  readonly content: string | undefined;
  /** Text that is none of these: judged as the file's text (MCP), or undecodable (a hook's deny reason). */
  readonly otherwise: 'verbatim' | 'undecodable';
}

/** The default decoding, or undefined when the text is undecodable. */
export function defaultDecode(text: string, d: DefaultDecode): Claim | undefined {
  if (d.content !== undefined && text === d.content) return { kind: 'verbatim' };
  const total = d.content === undefined ? 0 : Buffer.byteLength(d.content, 'utf8');
  // A withheld notice is looked for before the pointer: one that also reads "unchanged" is REFUSAL-TRUE's lie.
  const held = d.withheld?.pattern.exec(text);
  if (held !== undefined && held !== null)
    return { kind: 'withheld', policy: held.groups?.policy ?? d.withheld!.policy };
  const diff = findUnifiedDiff(text);
  if (diff !== undefined) return { kind: 'diff', patch: diff.patch, total, at: diff.at };
  const delta = d.delta === undefined ? undefined : deltaFromText(text, d.delta);
  if (delta !== undefined) return delta;
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

/**
 * `--delta-pattern`: a regular expression (flags d, s and i) whose named groups mark where a change
 * notice states its parts (spec 2.2, SPEC.md "Change notices"): `body` (the replacement text),
 * `first` and `last` (rows replaced; `first` alone replaces one row) or `after` (insert after that
 * row), and optionally `base` (rows of the version it applies to) and `total` (bytes of the
 * result). Every number and the body are taken where the match found them, so the claim is
 * backed by the text as any other.
 */
export function deltaRegex(source: string, flag = '--delta-pattern'): RegExp {
  let re: RegExp;
  try {
    re = new RegExp(source, 'dsi');
  } catch (e) {
    throw new UsageError(`run: ${flag} is not a regular expression: ${(e as Error).message}`);
  }
  const named = (g: string): boolean => source.includes(`(?<${g}>`);
  if (!named('body') || !(named('first') || named('after')))
    throw new UsageError(
      `run: ${flag} needs named groups (?<body>…) and (?<first>…) [with (?<last>…)] or (?<after>…) (SPEC.md "Change notices")`,
    );
  return re;
}

/** The delta claim a match of `re` in `text` describes, or undefined when it does not match. */
export function deltaFromText(text: string, re: RegExp): Claim | undefined {
  const m = re.exec(text);
  const at = m?.indices?.groups;
  if (m === null || m.groups === undefined || at === undefined) return undefined;
  const num = (g: string): { value: number; at: number } | undefined => {
    const v = m.groups![g];
    const where = at[g];
    return v === undefined || where === undefined || !/^\d+$/.test(v) ? undefined : { value: Number(v), at: where[0] };
  };
  const body = m.groups.body;
  const bodyAt = at.body;
  if (body === undefined || bodyAt === undefined) return undefined;
  const first = num('first');
  const after = num('after');
  const replaces =
    first !== undefined ? { first, last: num('last') ?? first } : after !== undefined ? { after } : undefined;
  if (replaces === undefined) return undefined;
  const base = num('base');
  const total = num('total');
  return {
    kind: 'delta',
    replaces,
    text: { body, at: bodyAt[0] },
    ...(base !== undefined ? { base } : {}),
    ...(total !== undefined ? { total } : {}),
  };
}

/** The spec 2.2 patterns a driver decodes with besides the pointer's (--delta-pattern, --withheld-pattern). */
export interface MorePatterns {
  readonly delta?: RegExp;
  readonly withheld?: { readonly pattern: RegExp; readonly policy: string };
}

/** --delta-pattern, --withheld-pattern and --policy as a driver's options give them. */
export interface MorePatternOptions {
  readonly deltaPattern?: string;
  readonly withheldPattern?: string;
  readonly policies?: readonly WithholdPolicy[];
}

export function morePatterns(o: MorePatternOptions): MorePatterns {
  return {
    ...(o.deltaPattern !== undefined ? { delta: deltaRegex(o.deltaPattern) } : {}),
    ...(o.withheldPattern !== undefined && o.policies !== undefined && o.policies.length > 0
      ? { withheld: { pattern: pointerRegex(o.withheldPattern, '--withheld-pattern'), policy: o.policies[0]!.id } }
      : {}),
  };
}

/** The assumption words for the spec 2.2 patterns (none when neither is given). */
export function describeMorePatterns(o: MorePatternOptions): string {
  const parts: string[] = [];
  if (o.withheldPattern !== undefined)
    parts.push(`text matching /${o.withheldPattern}/i = withheld by the shim's own policy (--policy)`);
  if (o.deltaPattern !== undefined)
    parts.push(`text matching /${o.deltaPattern}/dsi = a change notice (a delta claim)`);
  return parts.length === 0 ? '' : `${parts.join('; ')}; `;
}
