/**
 * Where a file the kit writes really goes, and whether it can go there, checked before a run
 * spends minutes. targetOf: the path with its symlinks followed (a report written "to a link"
 * updates the link's target, never replaces the link); outProblem: what can be known without
 * writing (the path is not a directory, the nearest existing folder above it is a folder, ENOTDIR
 * otherwise); writeProblem: that, and a real write.
 */
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  fstatSync,
  lstatSync,
  mkdtempSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * What a path names once its symlinks are followed: a descriptor of this process (`-`,
 * `/dev/stdout`, `/proc/self/fd/N`), a device, pipe or socket (written in place), a regular file or
 * nothing yet (replaced or created atomically at the link's target), or nothing writable.
 */
export type Target =
  | { readonly kind: 'fd'; readonly fd: number }
  | { readonly kind: 'stream'; readonly path: string }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'invalid'; readonly why: string };

/** Most symlinks followed (Linux's own limit). */
const MAX_LINKS = 40;

/** The descriptor a canonical /proc path of this process names (/proc/<pid>[/task/<tid>]/fd/<n>), or undefined. */
function ownFd(path: string): number | undefined {
  const m = /^\/proc\/(\d+)(?:\/task\/\d+)?\/fd\/(\d+)$/.exec(path);
  return m !== null && Number(m[1]) === process.pid ? Number(m[2]) : undefined;
}

/** The path with its folder made canonical (/dev/fd → /proc/<pid>/fd), or undefined when the folder does not exist. */
function canonical(path: string): string | undefined {
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return undefined;
  }
}

export function targetOf(path: string): Target {
  if (path === '-') return { kind: 'fd', fd: 1 };
  let at = resolve(path);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const here = canonical(at);
    if (here === undefined) return { kind: 'file', path: at }; // its folders are made when written
    at = here;
    const fd = ownFd(at);
    if (fd !== undefined) return { kind: 'fd', fd };
    let st: Stats;
    try {
      st = lstatSync(at);
    } catch {
      return { kind: 'file', path: at }; // nothing there yet (a dangling link's target is created)
    }
    if (st.isSymbolicLink()) {
      at = resolve(dirname(at), readlinkSync(at));
      continue;
    }
    if (st.isDirectory()) return { kind: 'invalid', why: 'is a directory (give a file name)' };
    return st.isFile() ? { kind: 'file', path: at } : { kind: 'stream', path: at };
  }
  return { kind: 'invalid', why: `more than ${MAX_LINKS} symbolic links to follow (a loop?)` };
}

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
  const t = targetOf(path);
  if (t.kind === 'invalid') return t.why;
  if (t.kind === 'fd') {
    try {
      fstatSync(t.fd);
      return undefined;
    } catch (e) {
      return `descriptor ${t.fd} is not open (${cause(e)})`;
    }
  }
  if (t.kind === 'stream') {
    try {
      accessSync(t.path, constants.W_OK);
      return undefined;
    } catch (e) {
      return `${t.path} is not writable (${cause(e)})`;
    }
  }
  const shape = outProblem(t.path);
  if (shape !== undefined) return shape;
  let at = dirname(t.path);
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
