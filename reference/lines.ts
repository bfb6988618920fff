/**
 * The line model shared by the diff lever and the stale serve: a line is its text with its ending
 * ('\n', so a CRLF line keeps its '\r'); a final line without '\n' is a line as it is. Lines are
 * kept as offsets into the text and cut out only when a patch shows them.
 */

/** A text's lines: line i is text[starts[i], starts[i + 1]); `starts[count]` = text.length. */
export interface Lines {
  readonly text: string;
  readonly count: number;
  readonly starts: Int32Array;
}

export function linesOf(text: string): Lines {
  let breaks = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks++;
  const count = breaks + (text.length > 0 && text.charCodeAt(text.length - 1) !== 10 ? 1 : 0);
  const starts = new Int32Array(count + 1);
  let k = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  starts[count] = text.length;
  return { text, count, starts };
}

/** Line `i` with its ending. */
export function lineAt(l: Lines, i: number): string {
  return l.text.slice(l.starts[i], l.starts[i + 1]);
}

/** Lines with their endings; a final line without '\n' is kept as is. */
export function splitLines(text: string): string[] {
  const l = linesOf(text);
  return Array.from({ length: l.count }, (_, i) => lineAt(l, i));
}

/** Whether line i of `x` and line j of `y` are the same text. */
export function sameLine(x: Lines, i: number, y: Lines, j: number): boolean {
  const s = x.starts[i]!;
  const t = y.starts[j]!;
  const n = x.starts[i + 1]! - s;
  if (n !== y.starts[j + 1]! - t) return false;
  for (let k = 0; k < n; k++) if (x.text.charCodeAt(s + k) !== y.text.charCodeAt(t + k)) return false;
  return true;
}

/** A run this long or longer is measured as one substring, shorter ones line by line. */
const ONE_PIECE = 8;

/** UTF-8 bytes of lines [from, to). */
export function runBytes(l: Lines, from: number, to: number): number {
  if (to - from >= ONE_PIECE) return Buffer.byteLength(l.text.slice(l.starts[from], l.starts[to]));
  let n = 0;
  for (let i = from; i < to; i++) n += Buffer.byteLength(lineAt(l, i));
  return n;
}

/** Whether line `i` is the text's last line and has no '\n' (a patch marks it). */
export function lacksNewline(l: Lines, i: number): boolean {
  return i === l.count - 1 && l.text.charCodeAt(l.text.length - 1) !== 10;
}

/** Length of the longest common prefix of x and y, in UTF-16 units (compared in doubling runs). */
export function commonPrefix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let lo = 0;
  for (let step = 64; lo < n; step *= 2) {
    const hi = Math.min(n, lo + step);
    if (x.slice(lo, hi) !== y.slice(lo, hi)) return firstMismatch(x, y, lo, hi);
    lo = hi;
  }
  return n;
}

/** The first index in [lo, hi) where x and y differ, given that they do (halving the run). */
function firstMismatch(x: string, y: string, lo: number, hi: number): number {
  while (hi - lo > 32) {
    const mid = (lo + hi) >> 1;
    if (x.slice(lo, mid) === y.slice(lo, mid)) lo = mid;
    else hi = mid;
  }
  while (lo < hi && x.charCodeAt(lo) === y.charCodeAt(lo)) lo++;
  return lo;
}

/** Length of the longest common suffix of x and y, in UTF-16 units. */
export function commonSuffix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let lo = 0; // x and y agree on their last `lo` units
  for (let step = 64; lo < n; step *= 2) {
    const hi = Math.min(n, lo + step);
    if (x.slice(x.length - hi, x.length - lo) !== y.slice(y.length - hi, y.length - lo)) {
      let h = hi;
      while (h - lo > 32) {
        const mid = (lo + h) >> 1;
        if (x.slice(x.length - mid, x.length - lo) === y.slice(y.length - mid, y.length - lo)) lo = mid;
        else h = mid;
      }
      while (lo < h && x.charCodeAt(x.length - 1 - lo) === y.charCodeAt(y.length - 1 - lo)) lo++;
      return lo;
    }
    lo = hi;
  }
  return n;
}
