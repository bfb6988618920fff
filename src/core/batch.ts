/**
 * Batch reads (spec/SPEC.md "Batch reads"): one call of a host's batch read tool lists several
 * paths and gets one response, given as one part per path or as one combined text. The kit's
 * combined format is a separator line per path, as `read_many_files`-style tools print:
 *
 *     --- a.ts ---\n<part for a.ts>\n--- b.ts ---\n<part for b.ts>\n--- end ---\n
 *
 * Each part is judged as its own read of its own file.
 */

/** One path's part of a batch response: its text, or the read tool's failure passed on. */
export type BatchPart = string | { readonly error: string; readonly code?: string };

const head = (path: string): string => `--- ${path} ---\n`;
const END = '--- end ---\n';

/** The kit's combined text of text parts, one per path in order (an error part cannot be combined). */
export function joinBatch(paths: readonly string[], parts: readonly string[]): string {
  if (parts.length !== paths.length) throw new RangeError(`joinBatch: ${parts.length} parts for ${paths.length} paths`);
  return `${paths.map((p, i) => `${head(p)}${parts[i]!}\n`).join('')}${END}`;
}

/**
 * Splits the kit's combined text into one part per path, in order, or says why it cannot. A part
 * ends at the first separator line of the next path (of `--- end ---` for the last, the text's
 * end): a file holding that very line is cut there, as a reader of the combined text would cut it.
 */
export function splitBatch(text: string, paths: readonly string[]): string[] | string {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < paths.length; i++) {
    if (!text.startsWith(head(paths[i]!), at))
      return `expected the separator line ${JSON.stringify(head(paths[i]!).trimEnd())} at character ${at}`;
    const start = at + head(paths[i]!).length;
    const last = i === paths.length - 1;
    const next = last ? `\n${END}` : `\n${head(paths[i + 1]!)}`;
    const end = last ? (text.endsWith(next) ? text.length - next.length : -1) : text.indexOf(next, start);
    if (end < start) return `no ${JSON.stringify(next.trim())} line after the part for ${JSON.stringify(paths[i])}`;
    parts.push(text.slice(start, end));
    at = end + 1;
  }
  return parts;
}

/** Why a list of paths cannot be one batch call, or undefined. */
export function batchPathsProblem(paths: readonly string[]): string | undefined {
  if (paths.length === 0) return 'a batch read call lists at least one path';
  const seen = new Set<string>();
  for (const p of paths) {
    if (seen.has(p)) return `a batch read call lists ${JSON.stringify(p)} twice`;
    seen.add(p);
  }
  return undefined;
}
