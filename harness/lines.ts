/** Line helpers shared by the kit's read tool and the oracle (not by reference/). */

/** Lines with their endings ('\n' or '\r\n' kept); a last line without '\n' is a line. */
export function splitLines(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', from)) {
    out.push(text.slice(from, i + 1));
    from = i + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** The kit's window: offset = 1-based first line, limit = number of lines, returned verbatim. */
export function windowOf(text: string, offset: number | undefined, limit: number | undefined): string {
  if (offset === undefined && limit === undefined) return text;
  const lines = splitLines(text);
  const from = (offset ?? 1) - 1;
  const to = limit === undefined ? lines.length : from + limit;
  return lines.slice(from, to).join('');
}
