/**
 * Claims backed by the response text (spec/SPEC.md "The claim model"): a payload, patch or
 * verbatim tool text must lie contiguously in what the worker was shown — at the claim's `at`,
 * else as a suffix, else as a prefix. Compared on the wire (a lone surrogate is U+FFFD), so a shim
 * that re-encodes text is judged on the bytes it sent. The rest of the text is the framing, where
 * the seal is looked for (NOTICE-SEALED).
 */
import type { Claim, DeltaClaim, StatedNumber } from '../../src/core/claims.ts';
import { wire } from './bytes.ts';
import { defined } from '../../src/core/defined.ts';

export type Backing =
  | { readonly found: true; readonly framing: string }
  | { readonly found: false; readonly what: string; readonly framing: string };

/** The body a claim says the response carries (undefined: the claim carries none). */
export function claimedBody(claim: Claim): { what: string; body: string; at?: number } | undefined {
  switch (claim.kind) {
    case 'slice':
      return { what: 'slice payload', body: claim.payload, ...defined({ at: claim.at }) };
    case 'stale':
      return { what: 'stale payload', body: claim.payload, ...defined({ at: claim.at }) };
    case 'diff':
      return { what: 'diff patch', body: claim.patch, ...defined({ at: claim.at }) };
    case 'delta':
      return { what: 'change notice text', body: claim.text.body, at: claim.text.at };
    case 'verbatim':
      return claim.payload === undefined
        ? undefined
        : { what: "tool's text", body: claim.payload, ...defined({ at: claim.at }) };
    default:
      return undefined;
  }
}

/** Spec 2.2: where a change notice states each number (its digits, with no digit before or after), or the first that is not there. */
function unstated(claim: DeltaClaim, text: string): string | undefined {
  const r = claim.replaces;
  const nums: [string, StatedNumber | undefined][] =
    'after' in r
      ? [['row after', r.after]]
      : [
          ['first row', r.first],
          ['last row', r.last],
        ];
  nums.push(['row count', claim.base], ['total', claim.total]);
  for (const [what, x] of nums) {
    if (x === undefined) continue;
    const digits = String(x.value);
    const isDigit = (i: number): boolean => /[0-9]/.test(text[i] ?? '');
    if (!text.startsWith(digits, x.at) || isDigit(x.at - 1) || isDigit(x.at + digits.length))
      return `${what} ${x.value} at index ${x.at}`;
  }
  return undefined;
}

/** Where the claimed body lies in `text`, and the framing around it. */
export function backing(claim: Claim, text: string): Backing {
  if (claim.kind === 'delta') {
    const missing = unstated(claim, text);
    if (missing !== undefined) return { found: false, what: missing, framing: text };
  }
  const b = claimedBody(claim);
  if (b === undefined || b.body === '') return { found: true, framing: text };
  const t = wire(text);
  const body = wire(b.body);
  const cut = (from: number): Backing => ({
    found: true,
    framing: text.slice(0, from) + text.slice(from + body.length),
  });
  if (b.at !== undefined)
    return t.startsWith(body, b.at) ? cut(b.at) : { found: false, what: `${b.what} at index ${b.at}`, framing: text };
  if (t.endsWith(body)) return cut(t.length - body.length);
  if (t.startsWith(body)) return cut(0);
  return { found: false, what: b.what, framing: text };
}
