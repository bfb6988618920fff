/** The reference's decoder: any response of the reference → the kit's claim model. */
import { sealPrefix } from './notices.ts';

export type ReferenceClaim =
  | { kind: 'verbatim' }
  | { kind: 'slice'; start: number; end: number; total: number; done: boolean; payload: string }
  | { kind: 'pointer'; total: number }
  | { kind: 'diff'; patch: string; total: number }
  | { kind: 'stale'; startLine: number; endLine: number; lines: number; truncated: boolean; payload: string }
  | { kind: 'refusal'; reason: 'stale-absent' | 'stale-past-eof' | 'stale-bad-range' };

const PATH = '"(?:[^"\\\\]|\\\\.)*"';
// Whole-notice patterns: a notice is one line ending with a period.
const SLICE = new RegExp(`^(partial|rest|whole): bytes (\\d+)-(\\d+) of (\\d+) of ${PATH}[. ].*\\.$`);
const POINTER = new RegExp(
  `^unchanged: ${PATH} is the same (\\d+) bytes you were already given in full earlier in this conversation; not sent again\\.$`,
);
const DIFF = /^diff: .* Result: (\d+) bytes\.$/;
const STALE = new RegExp(
  `^stale: ${PATH} changed on disk .* lines (\\d+)-(\\d+) \\(0-based, inclusive\\).* the file now has (\\d+) lines(; cut at \\d+ bytes on a character boundary)?\\. .*\\.$`,
);
const REFUSAL = /^(stale-absent|stale-past-eof|stale-bad-range): .*\.$/;

/**
 * Only text that starts with this instance's sealed prefix is the shim speaking; anything else
 * (including file content imitating a notice with another seal) is the tool's text, verbatim.
 */
export function decodeResponse(text: string, seal: string): ReferenceClaim {
  const prefix = `${sealPrefix(seal)} `;
  if (!text.startsWith(prefix)) return { kind: 'verbatim' };
  // The notice is the first line; what follows its newline (if any) is the payload or patch.
  const [line = ''] = text.split('\n', 1);
  const notice = line.slice(prefix.length);
  const body = text.slice(line.length + 1);
  let m = SLICE.exec(notice);
  if (m) {
    const [, tag, start, end, total] = m;
    return {
      kind: 'slice',
      start: Number(start),
      end: Number(end),
      total: Number(total),
      done: tag !== 'partial',
      payload: body,
    };
  }
  if ((m = POINTER.exec(notice))) return { kind: 'pointer', total: Number(m[1]) };
  if ((m = DIFF.exec(notice))) return { kind: 'diff', patch: body, total: Number(m[1]) };
  if ((m = STALE.exec(notice)))
    return {
      kind: 'stale',
      startLine: Number(m[1]),
      endLine: Number(m[2]),
      lines: Number(m[3]),
      truncated: m[4] !== undefined,
      payload: body,
    };
  if ((m = REFUSAL.exec(notice)))
    return { kind: 'refusal', reason: m[1] as 'stale-absent' | 'stale-past-eof' | 'stale-bad-range' };
  throw new Error(`readshim decoder: a sealed notice it does not know: ${notice.slice(0, 120)}`);
}
