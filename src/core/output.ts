/**
 * Report envelope and safe output (docs/reference/cli.md "run", docs/reference/exit-codes.md). Stdout is the
 * report's alone: while a command runs, whatever else writes to it (an in-process adapter's
 * console.log) goes to stderr (reserveStdout). Every file the kit writes goes through writeTo /
 * emit, which never replace what is not a regular file (src/core/out-path.ts targetOf).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { KIT_VERSION, SPEC_VERSION, TOOL_NAME } from './version.ts';
import { UsageError } from './errors.ts';
import { outProblem, targetOf, type Target } from './out-path.ts';

export function envelope(command: string): { tool: string; version: string; specVersion: string; command: string } {
  return { tool: TOOL_NAME, version: KIT_VERSION, specVersion: SPEC_VERSION, command };
}

/** Writes the report stream (the kit's stdout); a run in a worker thread posts it to the main thread instead. */
export type ReportSink = (text: string) => void;

let sink: ReportSink | undefined;

/** The kit's stdout, looked up when written (a test may have swapped process.stdout.write). */
const stdoutSink: ReportSink = (text) => void process.stdout.write(text);

/** Where the report stream goes in this thread (src/cli/thread-entry.ts posts it); undefined: stdout. */
export function setReportSink(s: ReportSink | undefined): void {
  sink = s;
}

/** Writes `text` to the report stream. */
export function writeReport(text: string): void {
  (sink ?? stdoutSink)(text);
}

/**
 * Keeps stdout for the report until the returned function is called: the report stream writes to
 * stdout as it was, and any other write to process.stdout (an adapter's console.log, a library's
 * print) goes to stderr, so `--reporter json > r.json` always parses.
 */
export function reserveStdout(): () => void {
  const stdout = process.stdout;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called bound below and put back
  const own = stdout.write;
  const previous = sink;
  const diverted = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean =>
    (process.stderr.write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(
      chunk,
      ...rest,
    )) as typeof stdout.write;
  sink ??= (text) => void own.call(stdout, text);
  stdout.write = diverted;
  return () => {
    if (stdout.write === diverted) stdout.write = own;
    sink = previous;
  };
}

/** A temporary file of this process: `<path>.<pid>-<hex>.tmp` (sweepTemps removes the ones a kill left). */
const tempOf = (path: string): string => `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;

/** Removes the temporary files this process left in `dir` (an interrupted write). */
export function sweepTemps(dir: string): void {
  const mine = new RegExp(`\\.${process.pid}-[0-9a-f]{8}\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (mine.test(n)) rmSync(join(dir, n), { force: true });
}

/** Every byte of `text` to an open descriptor. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    }
  }
}

/** A regular file replaced atomically (temp + rename), so a failure or a kill never leaves a partial file. */
function replaceFile(path: string, text: string): void {
  const tmp = tempOf(path);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // ENOTDIR: below a regular file there is no temporary file to remove
    }
    throw e;
  }
}

function writeFd(fd: number, text: string): void {
  if (fd === 1) writeReport(text);
  else if (fd === 2) process.stderr.write(text);
  else writeAll(fd, text);
}

const cannot = (path: string, t: Target, e: unknown): UsageError =>
  new UsageError(
    `cannot write ${path}: ${(t.kind === 'file' ? outProblem(t.path) : undefined) ?? (e as Error).message}`,
  );

/**
 * Writes `text` to `path` as the user meant it: through a symlink to its target, in place to a
 * device, a pipe or a descriptor of this process (`/dev/stdout`, `-`), and by an atomic rename
 * only to a regular file (or a new one). A failure is a UsageError naming the path.
 */
export function writeTo(path: string, text: string): void {
  const t = targetOf(path);
  try {
    switch (t.kind) {
      case 'fd':
        return writeFd(t.fd, text);
      case 'stream': {
        const fd = openSync(t.path, 'w');
        try {
          writeAll(fd, text);
        } finally {
          closeSync(fd);
        }
        return;
      }
      case 'file':
        return replaceFile(t.path, text);
      case 'invalid':
        throw new Error(t.why);
    }
  } catch (e) {
    throw cannot(path, t, e);
  }
}

/** The kit's older name for writeTo (every writer goes through the same rules). */
export const writeFileAtomic = writeTo;

/**
 * Prints a report to the report stream, or to --out. A pipe or device is opened without stopping
 * the event loop (a FIFO waits for its reader while the kit still answers signals).
 */
export async function emit(text: string, out: string | undefined): Promise<void> {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  if (out === undefined) return writeReport(body);
  const t = targetOf(out);
  if (t.kind !== 'stream') return writeTo(out, body);
  try {
    const h = await open(t.path, 'w');
    try {
      await h.writeFile(body);
    } finally {
      await h.close();
    }
  } catch (e) {
    throw cannot(out, t, e);
  }
}

/** The folder a write to `path` leaves its temporary file in (for sweepTemps), or undefined. */
export function tempDirOf(path: string): string | undefined {
  const t = targetOf(path);
  return t.kind === 'file' ? dirname(t.path) : undefined;
}

/** Whether progress is shown: stderr is a terminal, or READSHIM_PROGRESS=1. */
export function progressEnabled(): boolean {
  return process.stderr.isTTY === true || process.env.READSHIM_PROGRESS === '1';
}

/** Progress goes to stderr only, and only when stderr is a terminal or READSHIM_PROGRESS=1. */
export function progress(line: string): void {
  if (progressEnabled()) process.stderr.write(`${line}\n`);
}
