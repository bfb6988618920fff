/** Line helpers shared by the kit's read tool and the oracle (not by reference/). */
import { splitLines } from '../core/lines.ts';

export { splitLines };

/** The kit's window: offset = 1-based first line, limit = number of lines, returned verbatim. */
export function windowOf(text: string, offset: number | undefined, limit: number | undefined): string {
  if (offset === undefined && limit === undefined) return text;
  const from = (offset ?? 1) - 1;
  // The usual window (whole lines from a 1-based offset): cut at line ends, without splitting every line.
  if (Number.isSafeInteger(from) && from >= 0 && (limit === undefined || (Number.isSafeInteger(limit) && limit >= 0))) {
    const ix = lineIndex(text);
    return text.slice(startOf(ix, from), limit === undefined ? text.length : startOf(ix, from + limit));
  }
  const lines = splitLines(text);
  const to = limit === undefined ? lines.length : from + limit;
  return lines.slice(from, to).join('');
}

/** Where each line of a text starts, found as far as a window has asked (a hot file is windowed again and again). */
interface LineIndex {
  readonly text: string;
  readonly starts: number[];
}

const RING: LineIndex[] = [];
let next = 0;

function lineIndex(text: string): LineIndex {
  for (const x of RING) if (x.text === text) return x;
  const x = { text, starts: [0] };
  RING[next] = x;
  next = (next + 1) % 8;
  return x;
}

/** Where line k (0-based) starts: the text's end when it has k lines or fewer. */
function startOf(ix: LineIndex, k: number): number {
  const { text, starts } = ix;
  while (starts.length <= k) {
    const at = starts[starts.length - 1]!;
    if (at >= text.length) return text.length;
    const nl = text.indexOf('\n', at);
    starts.push(nl === -1 ? text.length : nl + 1);
  }
  return starts[k]!;
}
