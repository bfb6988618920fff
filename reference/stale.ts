/**
 * The stale serve (spec/SPEC.md "Stale-serve line semantics"). It is given no ledger and reaches none
 * (STALE-NO-RECORD); it never throws (refusals are results) and is off without the cap lever.
 */
import type { Arm } from './arms.ts';
import { splitLines } from './lines.ts';
import { sliceEnd } from './utf8.ts';
import { staleAbsentNotice, staleBadRangeNotice, stalePastEofNotice, staleNotice } from './notices.ts';

export interface StaleRequest {
  readonly path: string;
  /** 0-based first line. */
  readonly startLine: number;
  /** 0-based last line, inclusive. */
  readonly endLine: number;
}

export interface StaleDeps {
  readonly arm: Arm;
  readonly cap: number;
  readonly seal: string;
  readonly readFile: (path: string) => Promise<string> | string;
}

export async function serveStaleRange(req: StaleRequest, deps: StaleDeps): Promise<string | null> {
  if (!deps.arm.cap) return null;
  const { path, startLine, endLine } = req;
  if (!Number.isSafeInteger(startLine) || !Number.isSafeInteger(endLine) || startLine < 0 || endLine < startLine)
    return staleBadRangeNotice(deps.seal, path, startLine, endLine);
  let text: string;
  try {
    text = await deps.readFile(path);
    if (typeof text !== 'string') return staleAbsentNotice(deps.seal, path);
  } catch {
    return staleAbsentNotice(deps.seal, path);
  }
  const lines = splitLines(text);
  if (startLine >= lines.length) return stalePastEofNotice(deps.seal, path, startLine, endLine, lines.length);
  const last = Math.min(endLine, lines.length - 1);
  const buf = Buffer.from(lines.slice(startLine, last + 1).join(''));
  const end = sliceEnd(buf, 0, deps.cap);
  const cutAt = end < buf.length ? end : undefined;
  const payload = buf.subarray(0, end).toString('utf8');
  return `${staleNotice(deps.seal, path, startLine, last, lines.length, cutAt)}\n${payload}`;
}
