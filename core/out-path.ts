/**
 * Checks a report destination before a run spends minutes: the report must be writable where
 * asked. Only what can be known without writing: the path is not a directory, and the nearest
 * existing folder above it is a folder (ENOTDIR otherwise).
 */
import { statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The path's stats, or undefined when nothing is there (ENOENT, or ENOTDIR below a file). */
function look(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Why `path` cannot receive a report file, or undefined. Creates nothing. */
export function outProblem(path: string): string | undefined {
  let at = resolve(path);
  const own = look(at);
  if (own?.isDirectory()) return 'is a directory (give a file name)';
  for (;;) {
    const up = dirname(at);
    if (up === at) return undefined;
    at = up;
    const st = look(at);
    if (st === undefined) continue;
    return st.isDirectory() ? undefined : `${at} is not a directory (a file is there)`;
  }
}
