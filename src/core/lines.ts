/** Lines of a text as the kit counts them (the read tool's windows, the strict patch applier). */

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
