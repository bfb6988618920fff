/**
 * What an allowed read told the worker. The request as the worker made it is the host's text,
 * verbatim. A hook's updatedInput that moves the window forward within the same file serves part
 * of the request's content: a slice, bytes [start, end) of it, where `start` is where the new first
 * line sits in the content (a slice lever, docs/guide/hook.md). Anything else is passed off as
 * the request's text — verbatim — and the oracle judges it against that.
 */
import type { Claim } from '../../core/claims.ts';
import { resolvePath } from '../../core/paths.ts';
import { splitLines } from '../../harness/lines.ts';
import type { HostRead } from './host-read.ts';
import type { ReadToolInput } from './protocol.ts';

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The same file and window (the hook's updatedInput changed nothing that matters). */
export function sameRequest(a: ReadToolInput, b: Readonly<Record<string, unknown>>): boolean {
  return (
    typeof b.file_path === 'string' &&
    resolvePath(b.file_path) === resolvePath(a.file_path) &&
    num(b.offset) === a.offset &&
    num(b.limit) === a.limit
  );
}

/** The claim of `served` (the text of the effective input) for the worker's request, whose content now is `asked`. */
export function allowedClaim(
  request: ReadToolInput,
  effective: Readonly<Record<string, unknown>>,
  asked: HostRead,
  served: string,
): Claim {
  if (sameRequest(request, effective) || !asked.ok || served === asked.text) return { kind: 'verbatim' };
  if (typeof effective.file_path !== 'string' || resolvePath(effective.file_path) !== resolvePath(request.file_path))
    return { kind: 'verbatim' };
  const from = request.offset ?? 1;
  const to = num(effective.offset) ?? 1;
  const lines = splitLines(asked.text);
  if (to < from || to - from >= lines.length) return { kind: 'verbatim' };
  const start = Buffer.byteLength(lines.slice(0, to - from).join(''), 'utf8');
  const total = Buffer.byteLength(asked.text, 'utf8');
  return { kind: 'slice', start, end: start + Buffer.byteLength(served, 'utf8'), total, done: false, payload: served };
}

/**
 * What the worker holds when a PostToolUse hook replaced the Read's output with `shown`
 * (spec/SPEC.md "Substituted results"): the claim of the text it was shown, judged against the
 * content. The tool's text inside the replacement is that text, framed; otherwise the longest
 * start of the served text the replacement begins with is a partial slice (bytes 0–N of it, none
 * when N is 0); the rest of the replacement is the hook's own text.
 */
export function shownClaim(served: string, claim: Claim, total: number, shown: string): Claim {
  if (shown === served) return claim;
  const start = claim.kind === 'slice' ? claim.start : 0;
  if (claim.kind !== 'verbatim' && claim.kind !== 'slice') return claim;
  if (shown.includes(served) && claim.kind === 'verbatim')
    return { kind: 'verbatim', payload: served, at: shown.indexOf(served) };
  let n = 0;
  while (n < served.length && n < shown.length && served.charCodeAt(n) === shown.charCodeAt(n)) n++;
  // Never half a surrogate pair: the worker would hold U+FFFD, not the content's bytes.
  if (n > 0 && n < served.length && /[\uD800-\uDBFF]/.test(served[n - 1]!)) n--;
  const payload = served.slice(0, n);
  const end = start + Buffer.byteLength(payload, 'utf8');
  return { kind: 'slice', start, end, total, done: end === total && start === 0, payload, at: 0 };
}

/**
 * Whether `shown` is the served text under a note of the hook's own (spec/SPEC.md "Substituted
 * results"): the whole text at its start or its end, a line break between it and the note. A text
 * found only inside the note's words (a one-letter file in "unchanged") is not framed.
 */
export function framesServed(served: string, shown: string): boolean {
  if (served === '' || shown.length <= served.length) return false;
  if (shown.startsWith(served)) return served.endsWith('\n') || shown[served.length] === '\n';
  return shown.endsWith(served) && shown[shown.length - served.length - 1] === '\n';
}
