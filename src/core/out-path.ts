/**
 * Checks a report destination before a run spends minutes: the report must be writable where
 * asked. outProblem: what can be known without writing (the path is not a directory, the nearest
 * existing folder above it is a folder, ENOTDIR otherwise); writeProblem: that, and a real write.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

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

/** A system error as its code and message ("EROFS: read-only file system, open …" → the cause only). */
function cause(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const text = err.message.replace(/,\s.*$/s, '');
  return err.code !== undefined && !text.startsWith(err.code) ? `${err.code}: ${text}` : text;
}

/**
 * Why `path` cannot receive a report file, or undefined: outProblem(), then a real write: a
 * temporary file is created and removed in the nearest existing folder (the path's own, or the
 * one its missing folders would be made in), so a read-only file system (EROFS) or a folder the
 * user may not write (EACCES) is named before the run, not after it.
 */
export function writeProblem(path: string): string | undefined {
  const shape = outProblem(path);
  if (shape !== undefined) return shape;
  let at = dirname(resolve(path));
  while (look(at) === undefined && dirname(at) !== at) at = dirname(at);
  const probe = resolve(at, `.readshim-probe-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
  } catch (e) {
    return `${at} is not writable (${cause(e)})`;
  }
  rmSync(probe, { force: true });
  return undefined;
}

/**
 * Why the temporary directory cannot hold the sandboxes of a subject the kit starts as a process,
 * or undefined: a folder is made and removed there. Names the variable that chose it (`TMPDIR=…`),
 * so a missing or read-only TMPDIR is the user's to fix, not a crash in the first history.
 */
export function tmpdirProblem(): string | undefined {
  const dir = tmpdir();
  const named = process.env.TMPDIR !== undefined ? `TMPDIR=${process.env.TMPDIR}` : `the temporary directory ${dir}`;
  const st = look(dir);
  const why = (): string | undefined => {
    if (st === undefined) return 'no such directory';
    if (!st.isDirectory()) return 'not a directory';
    try {
      rmSync(mkdtempSync(join(dir, '.readshim-probe-')), { recursive: true, force: true });
    } catch (e) {
      return `not writable (${cause(e)})`;
    }
    return undefined;
  };
  const problem = why();
  if (problem !== undefined)
    return `${named}: ${problem}; the sandbox of every history is made there (set TMPDIR to a writable directory)`;
  return undefined;
}
