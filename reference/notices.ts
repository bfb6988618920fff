/**
 * Every text the shim speaks in its own voice. Each notice is one line that starts with the
 * sealed prefix (NOTICE-SEALED); a payload, when there is one, follows after a newline.
 */

/** The prefix that carries the instance's seal. */
export function sealPrefix(seal: string): string {
  return `[readshim ${seal}]`;
}

const q = (path: string): string => JSON.stringify(path);
const AIM = 'to read one symbol whole use ctx_recall then ctx_get, or grep to aim';

/** A slice that stops short of the end. */
export function partialNotice(seal: string, path: string, start: number, end: number, total: number): string {
  return `${sealPrefix(seal)} partial: bytes ${start}-${end} of ${total} of ${q(path)}. This is not the whole file; re-read the same path to continue from byte ${end}; ${AIM}.`;
}

/** A continuation that reaches the end. */
export function restNotice(seal: string, path: string, start: number, end: number, total: number): string {
  return `${sealPrefix(seal)} rest: bytes ${start}-${end} of ${total} of ${q(path)}. This is the rest of the file; you now hold all ${total} bytes of it.`;
}

/** The whole content again (it changed, or the arm re-delivers unchanged re-reads). */
export function wholeNotice(seal: string, path: string, total: number, changed: boolean): string {
  const why = changed ? 'it changed since your last read' : 'unchanged, sent again in full';
  return `${sealPrefix(seal)} whole: bytes 0-${total} of ${total} of ${q(path)} (${why}). You now hold all ${total} bytes of it.`;
}

/** POINTER-FULL: only ever said when the worker was given every byte of this content. */
export function pointerNotice(seal: string, path: string, total: number): string {
  return `${sealPrefix(seal)} unchanged: ${q(path)} is the same ${total} bytes you were already given in full earlier in this conversation; not sent again.`;
}

export function diffNotice(seal: string, path: string, heldTotal: number, total: number): string {
  return `${sealPrefix(seal)} diff: ${q(path)} changed; below is a unified diff, not the file, against the version you hold in full (${heldTotal} bytes). "-" lines removed, "+" added, " " context; "@@ -a,b +c,d @@" = old and new first line, line count. Result: ${total} bytes.`;
}

export function staleNotice(
  seal: string,
  path: string,
  startLine: number,
  endLine: number,
  lines: number,
  cutAt: number | undefined,
): string {
  const cut = cutAt === undefined ? '' : `; cut at ${cutAt} bytes on a character boundary`;
  return `${sealPrefix(seal)} stale: ${q(path)} changed on disk after it was indexed, so lines ${startLine}-${endLine} (0-based, inclusive) may now hold different code than the symbol you asked for; the file now has ${lines} lines${cut}. None of this was recorded as delivered. Call ctx_recall again for a fresh pointer.`;
}

export function staleAbsentNotice(seal: string, path: string): string {
  return `${sealPrefix(seal)} stale-absent: ${q(path)} no longer exists or cannot be read; nothing served. Call ctx_recall again for a fresh pointer.`;
}

export function stalePastEofNotice(
  seal: string,
  path: string,
  startLine: number,
  endLine: number,
  lines: number,
): string {
  return `${sealPrefix(seal)} stale-past-eof: ${q(path)} now has ${lines} lines, so lines ${startLine}-${endLine} (0-based) start past its end; nothing served. Call ctx_recall again for a fresh pointer.`;
}

export function staleBadRangeNotice(seal: string, path: string, startLine: number, endLine: number): string {
  return `${sealPrefix(seal)} stale-bad-range: lines ${startLine}-${endLine} of ${q(path)} are not a 0-based inclusive range; nothing served.`;
}

/** PERSONA-TRUTH: one line per arm describing only the levers it carries; none for off. */
export function personaFor(capOn: boolean, diffOn: boolean, cap: number, seal: string): string | null {
  const parts: string[] = [];
  if (capOn)
    parts.push(
      `A read hands over at most ${cap} bytes; re-reading the same path continues from the next byte you have not been given; re-reading a file you already hold in full answers "unchanged, you hold it" instead of the bytes; ${AIM}.`,
    );
  if (diffOn)
    parts.push(
      'Re-reading a file that changed since you read all of it may answer with a unified diff against the version you hold instead of the whole file.',
    );
  return parts.length === 0 ? null : `${sealPrefix(seal)} ${parts.join(' ')}`;
}
