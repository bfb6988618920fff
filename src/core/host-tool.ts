/**
 * The host's own read tool bound (spec/SPEC.md "Host read tools"): many hosts return at most N
 * lines, cut long lines and cap the whole text, and some show a text that is not the disk's bytes
 * (CRLF as LF, a BOM dropped). The content of a request is what such a tool returns for it, so
 * every rule is judged against that bounded, normalised text.
 */

/** How `maxLineChars` and `maxChars` count: UTF-16 code units (default), code points, or UTF-8 bytes. */
export type HostToolUnit = 'utf16' | 'codepoint' | 'byte';
export const HOST_TOOL_UNITS: readonly HostToolUnit[] = Object.freeze(['utf16', 'codepoint', 'byte']);

/**
 * What the tool shows that is not the disk's bytes: `crlf` shows every "\r\n" as "\n", `bom` drops
 * a leading U+FEFF, `split` makes a window's lines the rows of `text.split('\n')` joined by "\n"
 * (a window's last row shows no ending; the empty row after a final newline is a row), `trim-last`
 * drops the trailing whitespace of the shown text's last row, the text after its last "\n" (spec
 * 2.2; SPEC "Host read tools", step 7).
 */
export type HostToolNormalization = 'crlf' | 'bom' | 'trim-end' | 'split' | 'trim-last';
export const HOST_TOOL_NORMALIZATIONS: readonly HostToolNormalization[] = Object.freeze([
  'crlf',
  'bom',
  'trim-end',
  'split',
  'trim-last',
]);

export interface HostToolBound {
  /** At most this many lines from the requested start, for every request (a window's limit composes with it: min). */
  readonly maxLines?: number;
  /** This many lines when the request gives no `limit`; an explicit limit, larger or not, is honoured (SPEC "Host read tools", step 2). */
  readonly defaultLimit?: number;
  /** Each line is cut after this many units (its ending kept, not counted). */
  readonly maxLineChars?: number;
  /** The whole text is cut to at most this many units, at a line end (at least one line). */
  readonly maxChars?: number;
  readonly unit?: HostToolUnit;
  /** The tool numbers its lines like `cat -n` ("     1\t"); offsets are bytes of the numbered text. */
  readonly lineNumbers?: 'cat-n';
  /** Requests the tool refuses instead of bounding (spec/SPEC.md "Host refusals"): the worker sees only the refusal. */
  readonly refuse?: HostToolRefusals;
  /** Normalisations applied to the file's text before everything else (SPEC "Host read tools", step 0). */
  readonly normalize?: readonly HostToolNormalization[];
  /** A cut that ignores line ends (SPEC "Host read tools", step 5). */
  readonly cutChars?: HostToolMidLineCut;
  /**
   * A partial view past a token estimate, last of all (SPEC "Host read tools", step 6): whole lines
   * kept while the text estimates at most this many tokens, ceil(UTF-8 bytes / 4) as for
   * `refuse.maxTokens` (Claude Code 2.1 cuts a file past about 25,000 tokens). A bound, not a refusal.
   */
  readonly maxTokens?: number;
  /**
   * Spec 2.2: a text estimated over this many tokens, ceil(UTF-16 units / 4), is shown as a page
   * of the host's choosing — its first K lines, K ≥ 1 — and that page is the tool's text for the
   * read (SPEC "Host read tools", "A host's page"; Claude Code 2.1.332 past 25,000 tokens).
   */
  readonly pageOverTokens?: number;
  /**
   * Spec 2.1: what the tool does with a file whose bytes are not valid UTF-8 (spec/SPEC.md "Bytes
   * that are not text"): `base64` returns them as their base64 text, `bytes` returns the bytes
   * (an image or resource part; in-process `ctx.read` resolves a Uint8Array), `refuse` fails with
   * EBINARY. Absent: refused, and no binary corpus case is played.
   */
  readonly binary?: HostToolBinary;
  /**
   * Spec 2.2: a request whose offset lies past the file's last line fails with ERANGE instead of
   * returning "" (SPEC "Host read tools", step 2).
   */
  readonly pastEnd?: 'error';
  /**
   * Spec 2.2: a request whose first line is over `firstLineOverBytes` UTF-8 bytes (its ending not
   * counted) gets a notice instead of content: no byte of the file (SPEC "Host read tools", "A notice
   * instead of content").
   */
  readonly notice?: HostToolNotice;
  /**
   * Spec 2.2: what the tool shows instead of a text that is empty or whitespace only when the
   * request shows the file from its first line to its last (qwen-code 0.24's "(read_file completed
   * with no output)"; SPEC "Host read tools", step 8).
   */
  readonly blankText?: string;
}

/**
 * `notice`: the tool answers a request whose first line is over `firstLineOverBytes` bytes with a
 * notice. `pattern` (a JavaScript regular expression's source) is how that notice reads when a shim
 * passes it on as text; absent, the kit's own notice (NOTICE_TEXT in src/harness/host-tool.ts).
 */
export interface HostToolNotice {
  readonly firstLineOverBytes: number;
  readonly pattern?: string;
}

/** How the host's read tool answers a file that is not valid UTF-8 (spec 2.1). */
export type HostToolBinary = 'base64' | 'bytes' | 'refuse';
export const HOST_TOOL_BINARY: readonly HostToolBinary[] = Object.freeze(['base64', 'bytes', 'refuse']);

/**
 * `cutChars`: when the file's size on disk exceeds `overBytes` UTF-8 bytes, the tool's text is cut
 * after `at` units (of `unit`), wherever that falls — mid-line, even inside a surrogate pair for
 * utf16. One shipped read tool does this at 30,000 UTF-16 units over 30,000 bytes. Spec 2.2:
 * `marker` is text the tool appends after a cut (qwen-code: "... [truncated]"), and `minLine` the
 * units of the cut line it shows at the least, past `at` if need be (qwen-code: 10).
 */
export interface HostToolMidLineCut {
  readonly at: number;
  readonly overBytes: number;
  readonly marker?: string;
  readonly minLine?: number;
}

/**
 * What the host's read tool refuses (spec/SPEC.md "Host refusals"). `maxBytes`: a request without
 * offset and limit of a file over this many UTF-8 bytes (Claude Code 2.1: 262,144); `maxTokens`: a
 * request whose bounded text estimates over this many tokens, estimated as ceil(UTF-8 bytes / 4);
 * `binary`: every request of a file that holds a NUL character — spec 2.2: with `binaryWithin`,
 * only a NUL within the file's first `binaryWithin` UTF-8 bytes counts (a tool that sniffs a prefix).
 */
export interface HostToolRefusals {
  readonly maxBytes?: number;
  readonly maxTokens?: number;
  readonly binary?: boolean;
  readonly binaryWithin?: number;
  /** File extensions (lower case, with the dot: ".bin") the tool refuses as binary whatever the file holds. */
  readonly extensions?: readonly string[];
  /** Spec 2.2: extensions the tool shows as text whatever the file holds (never sniffed for `binary`). */
  readonly textExtensions?: readonly string[];
  /** Spec 2.2: a file that starts with a UTF-8 BOM is text whatever follows (never sniffed for `binary`). */
  readonly bomIsText?: boolean;
}

const KEYS = [
  'maxLines',
  'maxLineChars',
  'maxChars',
  'unit',
  'lineNumbers',
  'normalize',
  'defaultLimit',
  'refuse',
  'cutChars',
  'maxTokens',
  'pageOverTokens',
  'binary',
  'pastEnd',
  'notice',
  'blankText',
];
const REFUSE_KEYS = ['maxBytes', 'maxTokens', 'binary', 'binaryWithin', 'extensions', 'textExtensions', 'bomIsText'];
const isPositive = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/**
 * Why a bound whose read tool the kit itself plays cannot declare a host's page (spec 2.2 "A host's
 * page"): only an agent profile may, its CLI running its own tool; the kit's tool never pages.
 */
export function pageProblem(t: unknown, where: string): string | undefined {
  if (typeof t !== 'object' || t === null || !('pageOverTokens' in t)) return undefined;
  return `${where}.pageOverTokens is for an agent profile (its CLI's own read tool pages a long text); the kit's read tool never pages, so a page here would be the shim's own slice`;
}

/** Why a declared bound is malformed, or undefined. */
export function hostToolProblem(t: unknown): string | undefined {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return 'capabilities.tool must be an object';
  const o = t as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (extra.length > 0)
    return `capabilities.tool has unknown key ${JSON.stringify(extra[0])} (known: ${KEYS.join(', ')})`;
  for (const k of ['maxLines', 'maxLineChars', 'maxChars', 'defaultLimit', 'maxTokens', 'pageOverTokens'])
    if (o[k] !== undefined && !isPositive(o[k])) return `capabilities.tool.${k} must be an integer >= 1 when given`;
  if (o.unit !== undefined && !(HOST_TOOL_UNITS as readonly unknown[]).includes(o.unit))
    return `capabilities.tool.unit must be one of ${HOST_TOOL_UNITS.join('|')}`;
  if (o.lineNumbers !== undefined && o.lineNumbers !== 'cat-n')
    return 'capabilities.tool.lineNumbers must be "cat-n" when given';
  if (o.binary !== undefined && !(HOST_TOOL_BINARY as readonly unknown[]).includes(o.binary))
    return `capabilities.tool.binary must be one of ${HOST_TOOL_BINARY.join('|')} when given`;
  if (o.pastEnd !== undefined && o.pastEnd !== 'error') return 'capabilities.tool.pastEnd must be "error" when given';
  if (o.blankText !== undefined && (typeof o.blankText !== 'string' || o.blankText.trim() === ''))
    return 'capabilities.tool.blankText must be a string that is not blank when given';
  return (
    normalizeProblem(o.normalize) ??
    (o.refuse === undefined ? undefined : refuseProblem(o.refuse)) ??
    (o.cutChars === undefined ? undefined : cutProblem(o.cutChars)) ??
    (o.notice === undefined ? undefined : noticeProblem(o.notice))
  );
}

const CUT_SHAPE =
  'capabilities.tool.cutChars must be {at, overBytes, marker?, minLine?}: integers, at >= 1, overBytes >= 0, minLine >= 1, marker a string';

function cutProblem(c: unknown): string | undefined {
  const o = typeof c === 'object' && c !== null && !Array.isArray(c) ? (c as Record<string, unknown>) : undefined;
  const known = ['at', 'overBytes', 'marker', 'minLine'];
  if (o === undefined || Object.keys(o).some((k) => !known.includes(k)) || !isPositive(o.at)) return CUT_SHAPE;
  const t = o.overBytes;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) return CUT_SHAPE;
  if (o.minLine !== undefined && !isPositive(o.minLine)) return CUT_SHAPE;
  return o.marker === undefined || typeof o.marker === 'string' ? undefined : CUT_SHAPE;
}

function noticeProblem(n: unknown): string | undefined {
  const shape =
    'capabilities.tool.notice must be {firstLineOverBytes, pattern?}: an integer >= 1, a regular expression source';
  const o = typeof n === 'object' && n !== null && !Array.isArray(n) ? (n as Record<string, unknown>) : undefined;
  if (o === undefined || Object.keys(o).some((k) => k !== 'firstLineOverBytes' && k !== 'pattern')) return shape;
  if (!isPositive(o.firstLineOverBytes)) return shape;
  if (o.pattern === undefined) return undefined;
  if (typeof o.pattern !== 'string') return shape;
  try {
    new RegExp(o.pattern);
    return undefined;
  } catch (e) {
    return `capabilities.tool.notice.pattern is not a regular expression: ${(e as Error).message}`;
  }
}

function refuseProblem(r: unknown): string | undefined {
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return 'capabilities.tool.refuse must be an object';
  const o = r as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !REFUSE_KEYS.includes(k));
  if (extra.length > 0)
    return `capabilities.tool.refuse has unknown key ${JSON.stringify(extra[0])} (known: ${REFUSE_KEYS.join(', ')})`;
  for (const k of ['maxBytes', 'maxTokens', 'binaryWithin'])
    if (o[k] !== undefined && !isPositive(o[k]))
      return `capabilities.tool.refuse.${k} must be an integer >= 1 when given`;
  if (o.binary !== undefined && typeof o.binary !== 'boolean')
    return 'capabilities.tool.refuse.binary must be a boolean when given';
  if (o.binaryWithin !== undefined && o.binary !== true)
    return 'capabilities.tool.refuse.binaryWithin needs refuse.binary: true (it says where the tool looks for a NUL)';
  for (const k of ['extensions', 'textExtensions']) {
    const ext = o[k];
    if (
      ext !== undefined &&
      (!Array.isArray(ext) || ext.some((e) => typeof e !== 'string' || !/^\.[a-z0-9]+$/.test(e)))
    )
      return `capabilities.tool.refuse.${k} must be an array of lower-case extensions with the dot (".bin") when given`;
  }
  if (o.bomIsText !== undefined && typeof o.bomIsText !== 'boolean')
    return 'capabilities.tool.refuse.bomIsText must be a boolean when given';
  if ((o.textExtensions !== undefined || o.bomIsText !== undefined) && o.binary !== true)
    return 'capabilities.tool.refuse.textExtensions and bomIsText need refuse.binary: true (they say which files the tool does not sniff)';
  return undefined;
}

/** The token estimate of `tool.maxTokens` and `tool.refuse.maxTokens`: ceil(UTF-8 bytes / 4). */
export const estimateTokens = (bytes: number): number => Math.ceil(bytes / 4);

/** "refuses files over 262,144 bytes (whole reads), binary files" — for reports. */
export function describeRefusals(r: HostToolRefusals): string {
  const parts: string[] = [];
  if (r.maxBytes !== undefined)
    parts.push(`refuses a whole read of a file over ${r.maxBytes.toLocaleString('en-US')} bytes`);
  if (r.maxTokens !== undefined)
    parts.push(`refuses a read over ${r.maxTokens.toLocaleString('en-US')} tokens (estimated as UTF-8 bytes / 4)`);
  if (r.binary === true)
    parts.push(
      r.binaryWithin === undefined
        ? 'refuses binary files (a NUL character)'
        : `refuses binary files (a NUL byte within the first ${r.binaryWithin.toLocaleString('en-US')} bytes)`,
    );
  if (r.textExtensions !== undefined && r.textExtensions.length > 0)
    parts.push(`shows files named ${r.textExtensions.join(' ')} as text whatever they hold`);
  if (r.bomIsText === true) parts.push('shows a file that starts with a BOM as text whatever follows');
  if (r.extensions !== undefined && r.extensions.length > 0)
    parts.push(`refuses files named ${r.extensions.join(' ')} (by extension)`);
  return parts.join(', ');
}

function normalizeProblem(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const known = HOST_TOOL_NORMALIZATIONS as readonly unknown[];
  if (!Array.isArray(v) || v.some((x) => !known.includes(x)) || new Set(v).size !== v.length)
    return `capabilities.tool.normalize must be an array of distinct ${HOST_TOOL_NORMALIZATIONS.map((x) => `"${x}"`).join(', ')} when given`;
  return undefined;
}

/**
 * The largest window `limit` the kit sends behind `t`: `maxLines` when it is the only line bound (a
 * declared cap may really be a default, so nothing above it is judged); none with `defaultLimit`.
 */
export function windowLimitMax(t: HostToolBound | undefined): number | undefined {
  return t?.maxLines !== undefined && t.defaultLimit === undefined ? t.maxLines : undefined;
}

/** "a file that is not UTF-8 returned as its bytes (…)" — for reports. */
export function describeBinary(b: HostToolBinary): string {
  return BINARY_WORDS[b];
}

const BINARY_WORDS: Readonly<Record<HostToolBinary, string>> = {
  base64: 'a file that is not UTF-8 answered with its base64 text',
  bytes: 'a file that is not UTF-8 answered with its bytes (an image part)',
  refuse: 'a file that is not UTF-8 refused (EBINARY)',
};

/** "at most 2,000 lines, lines cut after 2,000 utf16 units" — for reports. */
export function describeHostTool(t: HostToolBound): string {
  const unit = t.unit ?? 'utf16';
  const parts: string[] = [];
  if (t.maxLines !== undefined) parts.push(`at most ${t.maxLines.toLocaleString('en-US')} lines per request`);
  if (t.defaultLimit !== undefined)
    parts.push(
      `${t.defaultLimit.toLocaleString('en-US')} lines when a request gives no limit (an explicit limit honoured)`,
    );
  if (t.maxLineChars !== undefined)
    parts.push(`lines cut after ${t.maxLineChars.toLocaleString('en-US')} ${unit} units`);
  if (t.maxChars !== undefined) parts.push(`at most ${t.maxChars.toLocaleString('en-US')} ${unit} units in all`);
  if (t.normalize?.includes('crlf')) parts.unshift('CRLF line ends shown as LF');
  if (t.normalize?.includes('bom')) parts.unshift('a leading BOM dropped');
  if (t.normalize?.includes('trim-end')) parts.push("each line's trailing whitespace dropped");
  if (t.normalize?.includes('split'))
    parts.push('lines are the rows of split("\\n"), a window\'s last row shown without its ending');
  if (t.lineNumbers === 'cat-n') parts.push('lines numbered like cat -n');
  if (t.cutChars !== undefined) parts.push(describeCut(t.cutChars, unit));
  if (t.maxTokens !== undefined)
    parts.push(
      `the text cut at a line end to at most ${t.maxTokens.toLocaleString('en-US')} tokens (estimated as UTF-8 bytes / 4, a partial view)`,
    );
  if (t.pageOverTokens !== undefined)
    parts.push(
      `a text over ${t.pageOverTokens.toLocaleString('en-US')} tokens (estimated as UTF-16 units / 4) shown as a page of its first lines, as many as the host chooses (that page is the tool's text)`,
    );
  if (t.normalize?.includes('trim-last')) parts.push("the last shown row's trailing whitespace dropped");
  if (t.blankText !== undefined)
    parts.push(`a whole text that is empty or whitespace only shown as ${JSON.stringify(t.blankText)}`);
  if (t.refuse !== undefined && describeRefusals(t.refuse) !== '') parts.push(describeRefusals(t.refuse));
  if (t.binary !== undefined) parts.push(BINARY_WORDS[t.binary]);
  if (t.pastEnd === 'error') parts.push('an offset past the last line fails (ERANGE), not an empty text');
  if (t.notice !== undefined)
    parts.push(
      `a first line over ${t.notice.firstLineOverBytes.toLocaleString('en-US')} bytes answered with a notice, no content (ENOTICE${t.notice.pattern === undefined ? '' : `, its text matching /${t.notice.pattern}/`})`,
    );
  return parts.length === 0 ? 'no bound' : parts.join(', ');
}

function describeCut(c: HostToolMidLineCut, unit: HostToolUnit): string {
  const at = c.at.toLocaleString('en-US');
  const base =
    c.overBytes === 0
      ? `the text cut after ${at} ${unit} units, mid-line`
      : `the text cut after ${at} ${unit} units, mid-line, when the file is over ${c.overBytes.toLocaleString('en-US')} bytes`;
  const min = c.minLine === undefined ? '' : ` (at least ${c.minLine} units of the cut line shown)`;
  return c.marker === undefined ? `${base}${min}` : `${base}${min}, then ${JSON.stringify(c.marker)}`;
}
