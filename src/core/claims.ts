/**
 * What a shim's response claims (spec/SPEC.md "The claim model"). A decoder turns a response text
 * into one Claim; the oracle judges the claim against ground truth.
 */

/**
 * The response is the inner tool's text, untouched. The kit checks this itself. With `payload`:
 * the tool's text lies inside host framing (a host's note about its own bound, say).
 */
export interface VerbatimClaim {
  readonly kind: 'verbatim';
  /** The tool's text as it appears in the response; absent = the whole response is the tool's text. */
  readonly payload?: string;
  /** UTF-16 index of the payload in the response text (else it is searched as a suffix, then a prefix). */
  readonly at?: number;
}
/** Bytes [start, end) of a `total`-byte content; `done` = "you now hold all of it". */
export interface SliceClaim {
  readonly kind: 'slice';
  readonly start: number;
  readonly end: number;
  readonly total: number;
  readonly done: boolean;
  /** The file bytes the response carries (without the notice). */
  readonly payload: string;
  /** UTF-16 index of the payload in the response text (else it is searched as a suffix, then a prefix). */
  readonly at?: number;
}
/** "Unchanged, you already hold all `total` bytes." */
export interface PointerClaim {
  readonly kind: 'pointer';
  readonly total: number;
}
/**
 * A unified diff against the version the worker holds; `total` = size of the result. Without
 * `lines`: file headers, rows are lines with their endings. `lines: 'split'`: rows are the
 * elements of `text.split('\n')`, bare `@@` hunks allowed (SPEC.md "Diff dialects").
 */
export interface DiffClaim {
  readonly kind: 'diff';
  readonly patch: string;
  readonly total: number;
  /** `'split'`: rows run over `text.split('\n')` elements; absent: lines with endings. */
  readonly lines?: 'split';
  /** UTF-16 index of the patch in the response text (else it is searched as a suffix, then a prefix). */
  readonly at?: number;
}
/** A stale line-range serve: 0-based inclusive lines read fresh from disk. */
export interface StaleClaim {
  readonly kind: 'stale';
  readonly startLine: number;
  /** Last line served, after clamping to the file's end. */
  readonly endLine: number;
  /** How many lines the file has now. */
  readonly lines: number;
  /** The range was cut at the cap. */
  readonly truncated: boolean;
  readonly payload: string;
  /** UTF-16 index of the payload in the response text (else it is searched as a suffix, then a prefix). */
  readonly at?: number;
}
/** A number the response text states: its decimal digits start at UTF-16 index `at` (spec 2.2, `delta`). */
export interface StatedNumber {
  readonly value: number;
  readonly at: number;
}

/**
 * Spec 2.2: a change notice in any wording (SPEC.md "Change notices"): the rows it replaces in the
 * version the worker holds, and the text that replaces them. Every number and the text lie in the
 * response at the stated positions; nothing is computed by a decoder.
 */
export interface DeltaClaim {
  readonly kind: 'delta';
  /** Rows `first`..`last` (1-based, inclusive) of the held version are replaced; or the text goes in after row `after` (0: at the top). */
  readonly replaces: { readonly first: StatedNumber; readonly last: StatedNumber } | { readonly after: StatedNumber };
  /** The replacement text, rows with their endings as shown (CRLF kept), at `at` in the response. */
  readonly text: { readonly body: string; readonly at: number };
  /** The number of rows of the version it applies to, when the response states it. */
  readonly base?: StatedNumber;
  /** UTF-8 bytes of the result, when the response states it. */
  readonly total?: StatedNumber;
}

/**
 * Spec 2.2: the shim's own policy withheld the file (SPEC.md "Withheld by the shim's policy"):
 * nothing was delivered, and the text says how to get the bytes. `policy` is the id of a policy
 * the shim declares in `capabilities.policies`.
 */
export interface WithheldClaim {
  readonly kind: 'withheld';
  readonly policy: string;
}

/** A refusal: the file is missing/unreadable, or a stale range is past the end or malformed. */
export interface RefusalClaim {
  readonly kind: 'refusal';
  readonly reason: RefusalReason;
}

export type RefusalReason = 'absent' | 'unreadable' | 'stale-absent' | 'stale-past-eof' | 'stale-bad-range';
export const REFUSAL_REASONS: readonly RefusalReason[] = Object.freeze([
  'absent',
  'unreadable',
  'stale-absent',
  'stale-past-eof',
  'stale-bad-range',
]);

export type Claim =
  VerbatimClaim | SliceClaim | PointerClaim | DiffClaim | DeltaClaim | StaleClaim | RefusalClaim | WithheldClaim;
export type ClaimKind = Claim['kind'];
export const CLAIM_KINDS: readonly ClaimKind[] = Object.freeze([
  'verbatim',
  'slice',
  'pointer',
  'diff',
  'delta',
  'stale',
  'refusal',
  'withheld',
]);

const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Checks that a decoder's output is a well-formed Claim. Returns a one-line reason when it is
 * not (a malformed claim is an adapter error, exit 2 — never silently judged).
 */
export function claimProblem(c: unknown): string | undefined {
  if (typeof c !== 'object' || c === null)
    return `claim is ${c === null ? 'null' : typeof c}, expected an object with "kind"`;
  const o = c as Record<string, unknown>;
  const atless = o.kind === 'pointer' || o.kind === 'refusal' || o.kind === 'withheld' || o.kind === 'delta';
  if (o.at !== undefined && (!isNat(o.at) || atless))
    return atless
      ? `a ${String(o.kind)} claim carries no "at"${o.kind === 'delta' ? ' (its numbers and text each carry theirs)' : ''}`
      : '"at" must be a non-negative integer (a UTF-16 index into the response)';
  switch (o.kind) {
    case 'verbatim':
      if (o.payload !== undefined && typeof o.payload !== 'string')
        return 'verbatim claim "payload" must be a string when given';
      if (o.at !== undefined && o.payload === undefined) return 'a verbatim claim with "at" needs "payload"';
      return undefined;
    case 'slice':
      if (!isNat(o.start) || !isNat(o.end) || !isNat(o.total))
        return 'slice claim needs non-negative integer start, end, total';
      if (o.start > o.end) return `slice claim has start ${o.start} > end ${o.end}`;
      if (typeof o.done !== 'boolean') return 'slice claim needs boolean "done"';
      if (typeof o.payload !== 'string') return 'slice claim needs string "payload"';
      return undefined;
    case 'pointer':
      return isNat(o.total) ? undefined : 'pointer claim needs non-negative integer "total"';
    case 'diff':
      if (typeof o.patch !== 'string') return 'diff claim needs string "patch"';
      if (o.lines !== undefined && o.lines !== 'split')
        return `diff claim "lines" must be "split" when given, got ${JSON.stringify(o.lines)}`;
      return isNat(o.total) ? undefined : 'diff claim needs non-negative integer "total"';
    case 'delta':
      return deltaProblem(o);
    case 'withheld':
      return typeof o.policy === 'string' && o.policy !== ''
        ? undefined
        : 'withheld claim needs "policy": the id of a policy in capabilities.policies';
    case 'stale':
      if (!isNat(o.startLine) || !isNat(o.endLine) || !isNat(o.lines))
        return 'stale claim needs integer startLine, endLine, lines';
      if (typeof o.truncated !== 'boolean') return 'stale claim needs boolean "truncated"';
      return typeof o.payload === 'string' ? undefined : 'stale claim needs string "payload"';
    case 'refusal':
      return (REFUSAL_REASONS as readonly unknown[]).includes(o.reason)
        ? undefined
        : `refusal claim needs "reason" in ${REFUSAL_REASONS.join('|')}`;
    default:
      return `unknown claim kind ${JSON.stringify(o.kind)} (expected ${CLAIM_KINDS.join('|')})`;
  }
}

const numberProblem = (v: unknown, what: string): string | undefined =>
  typeof v === 'object' && v !== null && isNat((v as StatedNumber).value) && isNat((v as StatedNumber).at)
    ? undefined
    : `delta claim "${what}" must be { value, at }: a non-negative integer and the UTF-16 index of its digits`;

function deltaProblem(o: Record<string, unknown>): string | undefined {
  const r = o.replaces as Record<string, unknown> | undefined;
  if (typeof r !== 'object' || r === null) return 'delta claim needs "replaces": { first, last } or { after }';
  const range =
    'after' in r
      ? 'first' in r || 'last' in r
        ? 'delta claim "replaces" is { first, last } or { after }, not both'
        : numberProblem(r.after, 'replaces.after')
      : (numberProblem(r.first, 'replaces.first') ?? numberProblem(r.last, 'replaces.last'));
  if (range !== undefined) return range;
  if ('first' in r) {
    const first = (r.first as StatedNumber).value;
    const last = (r.last as StatedNumber).value;
    if (first < 1 || last < first)
      return `delta claim replaces rows ${first}-${last}: rows count from 1 and last >= first (insert with { after })`;
  }
  const t = o.text as Record<string, unknown> | undefined;
  if (typeof t !== 'object' || t === null || typeof t.body !== 'string' || !isNat(t.at))
    return 'delta claim needs "text": { body, at } (the replacement text and its UTF-16 index in the response)';
  for (const k of ['base', 'total'] as const)
    if (o[k] !== undefined) {
      const p = numberProblem(o[k], k);
      if (p !== undefined) return p;
    }
  return undefined;
}
