/** Report envelope and safe output (docs/reference/cli.md "run"). */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { KIT_VERSION, SPEC_VERSION, TOOL_NAME } from './version.ts';
import { UsageError } from './errors.ts';
import { outProblem } from './out-path.ts';

export function envelope(command: string): { tool: string; version: string; specVersion: string; command: string } {
  return { tool: TOOL_NAME, version: KIT_VERSION, specVersion: SPEC_VERSION, command };
}

/** Writes a file atomically (temp + rename) so a failure never leaves a partial file. */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
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
    throw new UsageError(`cannot write ${path}: ${outProblem(path) ?? (e as Error).message}`);
  }
}

/** Prints the report to stdout, or to --out atomically. */
export function emit(text: string, out: string | undefined): void {
  if (out === undefined) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  else writeFileAtomic(out, text.endsWith('\n') ? text : `${text}\n`);
}

/** Whether progress is shown: stderr is a terminal, or READSHIM_PROGRESS=1. */
export function progressEnabled(): boolean {
  return process.stderr.isTTY === true || process.env.READSHIM_PROGRESS === '1';
}

/** Progress goes to stderr only, and only when stderr is a terminal or READSHIM_PROGRESS=1. */
export function progress(line: string): void {
  if (progressEnabled()) process.stderr.write(`${line}\n`);
}
