/** Line helpers shared by the kit's read tool and the oracle (not by reference/). */
import { splitLines } from '../core/lines.ts';

export { splitLines };

/** The kit's window: offset = 1-based first line, limit = number of lines, returned verbatim. */
export function windowOf(text: string, offset: number | undefined, limit: number | undefined): string {
  if (offset === undefined && limit === undefined) return text;
  const from = (offset ?? 1) - 1;
  // The usual window (whole lines from a 1-based offset): cut at line ends, without splitting every line.
  if (Number.isSafeInteger(from) && from >= 0 && (limit === undefined || (Number.isSafeInteger(limit) && limit >= 0))) {
    const start = afterLines(text, 0, from);
    return text.slice(start, limit === undefined ? text.length : afterLines(text, start, limit));
  }
  const lines = splitLines(text);
  const to = limit === undefined ? lines.length : from + limit;
  return lines.slice(from, to).join('');
}

/** Where `count` lines starting at `at` end (the text's end when it has fewer). */
function afterLines(text: string, at: number, count: number): number {
  for (let k = 0; k < count && at < text.length; k++) {
    const nl = text.indexOf('\n', at);
    at = nl === -1 ? text.length : nl + 1;
  }
  return at;
}
