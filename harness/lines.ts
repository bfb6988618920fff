/** Line helpers shared by the kit's read tool and the oracle (not by reference/). */
import { splitLines } from '../core/lines.ts';

export { splitLines };

/** The kit's window: offset = 1-based first line, limit = number of lines, returned verbatim. */
export function windowOf(text: string, offset: number | undefined, limit: number | undefined): string {
  if (offset === undefined && limit === undefined) return text;
  const lines = splitLines(text);
  const from = (offset ?? 1) - 1;
  const to = limit === undefined ? lines.length : from + limit;
  return lines.slice(from, to).join('');
}
