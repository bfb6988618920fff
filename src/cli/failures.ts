/**
 * The failure database: every failing case of `run` is kept as a trace, and the next run replays
 * them first. Default folder `.readshim/failures/` in the current directory. Only `run` writes
 * here (properties/ never touches files, so `mutants` and `bench` cannot).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatTrace, parseTrace, TraceError, type Trace } from '../core/trace.ts';
import { SPEC_VERSION, specMajor } from '../core/version.ts';
import { UsageError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/output.ts';

export const DEFAULT_FAILURE_DIR = '.readshim/failures';

/** Reads one trace file with its text; unreadable or foreign → UsageError naming it (exit 2). */
export function loadTraceFile(path: string): { trace: Trace; text: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read trace ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let trace: Trace;
  try {
    trace = parseTrace(text);
  } catch (e) {
    if (!(e instanceof TraceError)) throw e;
    const why = e.message.endsWith('write needs string "content"')
      ? `${e.message} (a trace carries each version's content: a hash cannot verify a payload)`
      : e.message;
    throw new UsageError(`${path} is not a readshim trace: ${why}`);
  }
  // specVersion changes when a rule's meaning or the trace schema changes. An older trace is still
  // a history: it is judged under the current rules (the caller says so); a newer one is foreign.
  const major = specMajor(trace.header.specVersion);
  if (!(major <= specMajor(SPEC_VERSION)))
    throw new UsageError(
      `${path} is a trace of spec ${trace.header.specVersion}; this kit checks spec ${SPEC_VERSION} and cannot read newer traces (line 1)`,
    );
  return { trace, text };
}

/** "… is a trace of spec 1.0, judged under the rules of spec 2.1", or undefined for a current trace. */
export function olderSpecNote(name: string, trace: Trace): string | undefined {
  return specMajor(trace.header.specVersion) < specMajor(SPEC_VERSION)
    ? `${name} is a trace of spec ${trace.header.specVersion}, judged under the rules of spec ${SPEC_VERSION}`
    : undefined;
}

/** Reads one trace file; unreadable or foreign → UsageError naming it (exit 2). */
export function readTraceFile(path: string): Trace {
  return loadTraceFile(path).trace;
}

/**
 * Saved traces for this adapter, oldest name first. A repository does things to a committed
 * folder (a merge conflict in a trace, a README, a trace of a newer kit): each entry that is not a
 * readable trace is reported through `skipped` in one line and left out, never blocking the run —
 * unless `strict` (--strict-failures): then a `.jsonl` that is not a readable trace is exit 2.
 * Dotfiles such as .gitkeep are ignored. The folder itself must be a readable directory (exit 2).
 */
export function loadFailures(
  dir: string,
  adapterName: string,
  skipped: (line: string) => void = () => {},
  strict = false,
): { name: string; trace: Trace }[] {
  if (!existsSync(dir)) return [];
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new UsageError(`failure database ${dir} is not a directory`);
    names = readdirSync(dir);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(
      `cannot read failure database ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const traces: { name: string; trace: Trace }[] = [];
  for (const f of names.filter((n) => !n.startsWith('.')).sort()) {
    const name = join(dir, f);
    if (!f.endsWith('.jsonl')) {
      skipped(`failure database: skipped ${name}: not a .jsonl trace`);
      continue;
    }
    try {
      traces.push({ name, trace: readTraceFile(name) });
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      const conflict = conflictMarker(name) ? ' (it holds a merge conflict marker)' : '';
      // --strict-failures (CI): a regression guard never goes green by losing a regression.
      if (strict)
        throw new UsageError(
          `run: --strict-failures: the failure database holds a trace that cannot be replayed: ${e.message}${conflict}; fix or remove ${name}`,
        );
      skipped(`failure database: skipped ${name}: ${e.message}${conflict}`);
    }
  }
  return traces.filter((t) => t.trace.header.adapter === undefined || t.trace.header.adapter === adapterName);
}

/** Whether a file has a line a merge leaves in a conflicted file (`<<<<<<< `, `>>>>>>> `). */
function conflictMarker(path: string): boolean {
  try {
    return /^(<{7}|>{7})( |$)/m.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Saves a failing trace (content-addressed, so a failure is stored once); returns its path.
 * `made` is told the path when this call created the file.
 */
export function saveFailure(dir: string, rule: string, trace: Trace, made?: (path: string) => void): string {
  const text = formatTrace(trace);
  const id = createHash('sha256').update(text).digest('hex').slice(0, 10);
  const path = join(dir, `${rule}-${id}.jsonl`);
  if (!existsSync(path)) {
    writeFileAtomic(path, text);
    made?.(path);
  }
  return path;
}
