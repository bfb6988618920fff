/**
 * Claims backed by the response text (spec/SPEC.md "The claim model"): a payload, patch or
 * verbatim tool text must lie contiguously in what the worker was shown — at the claim's `at`,
 * else as a suffix, else as a prefix. Compared on the wire (a lone surrogate is U+FFFD), so a shim
 * that re-encodes text is judged on the bytes it sent. The rest of the text is the framing, where
 * the seal is looked for (NOTICE-SEALED).
 */
import type { Claim } from '../../src/core/claims.ts';
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
    case 'verbatim':
      return claim.payload === undefined
        ? undefined
        : { what: "tool's text", body: claim.payload, ...defined({ at: claim.at }) };
    default:
      return undefined;
  }
}

/** Where the claimed body lies in `text`, and the framing around it. */
export function backing(claim: Claim, text: string): Backing {
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
