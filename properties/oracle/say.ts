/** How claims and what a worker holds read in a story (spec/SPEC.md "How to read the examples"). */
import type { Claim } from '../../src/core/claims.ts';
import { n, sameBytes, utf8 } from './bytes.ts';
import type { Known } from './knowledge.ts';

export function sayClaim(claim: Claim, text: string): string {
  switch (claim.kind) {
    case 'verbatim':
      return claim.payload === undefined
        ? `the tool's text verbatim (${n(utf8(text).length)} bytes)`
        : `the tool's text (${n(utf8(claim.payload).length)} bytes) inside host framing`;
    case 'slice':
      return `bytes ${n(claim.start)}–${n(claim.end)} of ${n(claim.total)}${claim.done ? ' ("you now hold all of it")' : ' (partial)'}`;
    case 'pointer':
      return `"unchanged, you hold all ${n(claim.total)} bytes"`;
    case 'diff':
      return `a diff (${n(utf8(text).length)} bytes) giving ${n(claim.total)} bytes`;
    case 'stale':
      return `stale lines ${claim.startLine}–${claim.endLine} of ${claim.lines}${claim.truncated ? ' (cut at the cap)' : ''}`;
    case 'refusal':
      return `a refusal (${claim.reason})`;
    case 'delta':
      return `a change notice (${n(utf8(text).length)} bytes) ${'after' in claim.replaces ? `inserting after row ${n(claim.replaces.after.value)}` : `replacing rows ${n(claim.replaces.first.value)}–${n(claim.replaces.last.value)}`}`;
    case 'withheld':
      return `"withheld by the shim's policy ${claim.policy}"`;
  }
}

/** A claim as a story tells it, from the response it came in. */
export function sayIn(claim: Claim, response: { text?: string } | object): string {
  return sayClaim(claim, 'text' in response && typeof response.text === 'string' ? response.text : '');
}

/** What the worker holds of `content`, as a finding says it. */
export function describeHeld(k: Known | undefined, content: Buffer): string {
  if (k === undefined || k.prefix.length === 0)
    return k?.total === 0 ? 'the worker holds the empty file' : 'the worker holds none of it';
  if (k.prefix.length < k.total) return `the worker holds bytes 0–${n(k.prefix.length)} of ${n(k.total)}`;
  if (!sameBytes(k.prefix, content))
    return `the worker holds a different version (${n(k.prefix.length)} bytes) than the current ${n(content.length)} bytes`;
  return `the worker holds all ${n(k.prefix.length)} bytes`;
}
