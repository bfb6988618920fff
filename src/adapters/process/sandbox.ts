/**
 * A history's files on a real disk: a temporary directory the kit creates, writes with kit-set
 * mtimes in whole milliseconds (exact to the nanosecond), and removes. Missing files are really
 * missing. The World stays the ground truth and holds exactly the text the disk holds. Beside the
 * files, a fresh HOME and TMPDIR for the history's process, so a shim that caches on
 * disk starts every history from nothing, however many histories run at once.
 */
import {
  closeSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathProblem, resolvePath } from '../../core/paths.ts';
import { AdapterError } from '../../core/errors.ts';
import { onKitExit } from './cleanup.ts';

export const SANDBOX_PREFIX = 'readshim-sandbox-';

/**
 * Sets a file's atime and mtime to `mtimeMs` exactly. Node passes seconds as a double and libuv
 * keeps whole microseconds by truncation, so `ms / 1000` often lands 1 µs early (…999000 ns);
 * half a microsecond on top makes the truncation land on the millisecond (the double's error at
 * today's epoch is about 0.12 µs). Verified by reading the mtime back in nanoseconds.
 */
export function setExactMtime(file: string, mtimeMs: number): void {
  const seconds = Math.floor(mtimeMs / 1000) + (mtimeMs % 1000) / 1000 + 5e-7;
  utimesSync(file, seconds, seconds);
  const got = statSync(file, { bigint: true }).mtimeNs;
  if (got !== BigInt(mtimeMs) * 1_000_000n)
    throw new AdapterError(
      `the sandbox file system cannot hold the kit's whole-millisecond mtimes: set ${mtimeMs} ms on ${file}, read back ${got} ns`,
    );
}

/** As setExactMtime, for a symlink itself (its own mtime, never its target's). */
export function setExactLinkMtime(link: string, mtimeMs: number): void {
  const seconds = Math.floor(mtimeMs / 1000) + (mtimeMs % 1000) / 1000 + 5e-7;
  lutimesSync(link, seconds, seconds);
  const got = lstatSync(link, { bigint: true }).mtimeNs;
  if (got !== BigInt(mtimeMs) * 1_000_000n)
    throw new AdapterError(
      `the sandbox file system cannot hold the kit's whole-millisecond link mtimes: set ${mtimeMs} ms on ${link}, read back ${got} ns`,
    );
}

/** Directories whose file system was found case-sensitive. */
const caseSensitive = new Set<string>();

/** Histories use case-only different names (a.ts, A.ts): a case-insensitive disk cannot mirror them. */
function checkCaseSensitive(root: string, base: string): void {
  if (caseSensitive.has(base)) return;
  writeFileSync(join(root, 'case-probe'), '');
  let insensitive = false;
  try {
    statSync(join(root, 'CASE-PROBE'));
    insensitive = true;
  } catch {
    // ENOENT: case-sensitive, as needed
  }
  unlinkSync(join(root, 'case-probe'));
  if (!insensitive) caseSensitive.add(base);
  else
    throw new AdapterError(
      `the sandbox directory ${root} is on a case-insensitive file system, which cannot hold the kit's case-only different file names (a.ts, A.ts); set TMPDIR to a case-sensitive volume`,
    );
}

export class Sandbox {
  /** The directory that holds the history's files (the `root` of hello). */
  readonly root: string;
  /** HOME and TMPDIR of the history's process: empty at its start, removed with the sandbox. */
  readonly home: string;
  readonly tmp: string;
  readonly #dir: string;
  #removed = false;
  /**
   * Spec 2.1, a host that folds case (capabilities.caseInsensitive): the disk is case-sensitive,
   * so every other spelling of a file the history reads is a hardlink to the one written (one
   * inode: one content, one mtime), made before the read and removed with the file.
   */
  foldCase = false;
  /** Folded resolved path → the spelling the file was written under, and its other spellings on disk. */
  readonly #folded = new Map<string, { file: string; aliases: Set<string> }>();
  readonly #unregister: () => void;

  /** A fresh directory under `base` (default: the system's temporary directory, TMPDIR). */
  constructor(base: string = tmpdir()) {
    this.#dir = realpathSync(mkdtempSync(join(base, SANDBOX_PREFIX)));
    this.root = join(this.#dir, 'files');
    this.home = join(this.#dir, 'home');
    this.tmp = join(this.#dir, 'tmp');
    this.#unregister = onKitExit(() => this.remove());
    try {
      for (const d of [this.root, this.home, this.tmp]) mkdirSync(d);
      checkCaseSensitive(this.root, base);
    } catch (e) {
      this.remove();
      throw e;
    }
  }

  /**
   * The environment of the history's process: HOME and TMPDIR (and TMP, TEMP, and the XDG cache,
   * state and data directories, which default to HOME's) point into the sandbox.
   */
  env(): Record<string, string> {
    return {
      HOME: this.home,
      TMPDIR: this.tmp,
      TMP: this.tmp,
      TEMP: this.tmp,
      XDG_CACHE_HOME: join(this.home, '.cache'),
      XDG_STATE_HOME: join(this.home, '.local', 'state'),
      XDG_DATA_HOME: join(this.home, '.local', 'share'),
    };
  }

  /** Absolute file for a path as the kit resolves it (`a`, `./a`, `d/../a` are one file). */
  #file(path: string): string {
    // The one path domain (src/core/paths.ts): a trace outside it is refused when it is read.
    const why = pathProblem(path);
    if (why !== undefined)
      throw new AdapterError(`path ${JSON.stringify(path)} does not name a file inside the sandbox: ${why}`);
    const resolved = resolvePath(path);
    return join(this.root, this.foldCase ? (this.#folded.get(resolved.toLowerCase())?.file ?? resolved) : resolved);
  }

  /**
   * Writes `content` as UTF-8 with the kit's mtime; returns the text the file now holds. An edit is
   * made in place (same inode, so only the content tells): bytes over the old ones, then a truncate
   * to the new length — an open with O_TRUNC would make ext4 flush the file on close (auto_da_alloc).
   */
  write(path: string, content: string, mtimeMs: number): string {
    this.#put(path, Buffer.from(content, 'utf8'), mtimeMs);
    // Lone surrogates cannot be UTF-8: the disk holds U+FFFD, and so does the ground truth.
    return Buffer.from(content, 'utf8').toString('utf8');
  }

  /** Spec 2.1: writes bytes that need not be UTF-8 (an image), in place, with the kit's mtime. */
  writeBytes(path: string, bytes: Uint8Array, mtimeMs: number): void {
    this.#put(path, bytes, mtimeMs);
  }

  #put(path: string, bytes: Uint8Array, mtimeMs: number): void {
    const file = this.#file(path);
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      let fd: number;
      try {
        fd = openSync(file, 'r+');
      } catch {
        fd = openSync(file, 'wx');
      }
      try {
        writeSync(fd, bytes, 0, bytes.length, 0);
        ftruncateSync(fd, bytes.length);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      throw new AdapterError(
        `cannot mirror the write of ${JSON.stringify(path)} into the sandbox: ${(e as Error).message}`,
      );
    }
    setExactMtime(file, mtimeMs);
    if (this.foldCase) {
      const k = resolvePath(path).toLowerCase();
      if (!this.#folded.has(k)) this.#folded.set(k, { file: resolvePath(path), aliases: new Set() });
    }
  }

  delete(path: string): void {
    rmSync(this.#file(path), { force: true });
    const k = resolvePath(path).toLowerCase();
    const f = this.foldCase ? this.#folded.get(k) : undefined;
    if (f === undefined) return;
    for (const a of f.aliases) rmSync(join(this.root, a), { force: true });
    this.#folded.delete(k);
  }

  /** Spec 2.1: a symlink at `path` to `target` (relative to its directory) with its own mtime; a retarget replaces it. */
  symlink(path: string, target: string, mtimeMs: number): void {
    const file = this.#file(path);
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      rmSync(file, { force: true });
      symlinkSync(target, file);
    } catch (e) {
      throw new AdapterError(
        `cannot mirror the symlink ${JSON.stringify(path)} -> ${JSON.stringify(target)}: ${(e as Error).message}`,
      );
    }
    setExactLinkMtime(file, mtimeMs);
  }

  /** Spec 2.1: a second name for an existing file (one inode). */
  hardlink(path: string, existing: string): void {
    const file = this.#file(path);
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      rmSync(file, { force: true });
      linkSync(this.#file(existing), file);
    } catch (e) {
      throw new AdapterError(
        `cannot mirror the hardlink ${JSON.stringify(path)} of ${JSON.stringify(existing)}: ${(e as Error).message}`,
      );
    }
  }

  /** On a host that folds case: the spelling read, made a hardlink to the file written under another case. */
  #alias(spelled: string): void {
    const resolved = resolvePath(spelled);
    const f = this.#folded.get(resolved.toLowerCase());
    if (f === undefined || f.file === resolved || f.aliases.has(resolved)) return;
    const at = join(this.root, resolved);
    try {
      mkdirSync(join(at, '..'), { recursive: true });
      linkSync(join(this.root, f.file), at);
    } catch (e) {
      throw new AdapterError(
        `cannot make ${JSON.stringify(spelled)} name ${JSON.stringify(f.file)}: ${(e as Error).message}`,
      );
    }
    f.aliases.add(resolved);
  }

  /**
   * Makes a spelled path resolve on disk as the kit resolves it: `src/../a.ts` needs a directory
   * `src` (an empty one changes no file). Components not followed by `..` are left alone.
   */
  prepare(spelled: string): void {
    this.#file(spelled);
    if (this.foldCase) this.#alias(spelled);
    const parts = spelled.split('/');
    const stack: string[] = [];
    for (let i = 0; i < parts.length - 1; i++) {
      const c = parts[i]!;
      if (c === '' || c === '.') continue;
      if (c === '..') {
        stack.pop();
        continue;
      }
      stack.push(c);
      if (parts[i + 1] !== '..') continue;
      try {
        mkdirSync(join(this.root, ...stack), { recursive: true });
      } catch (e) {
        throw new AdapterError(
          `cannot make ${JSON.stringify(spelled)} resolve inside the sandbox: ${(e as Error).message}`,
        );
      }
    }
  }

  remove(): void {
    if (this.#removed) return;
    this.#removed = true;
    this.#unregister();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
