/**
 * The failure database: every failing case of `run` is kept as a trace, and the next run replays
 * them first. Default folder `.readshim/failures/` in the current directory.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTrace, parseTrace, TraceError, type Trace } from '../core/trace.ts';
import { UsageError } from './errors.ts';
import { writeFileAtomic } from './output.ts';

export const DEFAULT_FAILURE_DIR = '.readshim/failures';

/** Reads one trace file; unreadable or foreign → UsageError naming it (exit 2). */
export function readTraceFile(path: string): Trace {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read trace ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return parseTrace(text);
  } catch (e) {
    if (e instanceof TraceError) throw new UsageError(`${path} is not a readshim trace: ${e.message}`);
    throw e;
  }
}

/** Saved traces for this adapter, oldest name first. */
export function loadFailures(dir: string, adapterName: string): { name: string; trace: Trace }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => ({ name: join(dir, f), trace: readTraceFile(join(dir, f)) }))
    .filter((t) => t.trace.header.adapter === undefined || t.trace.header.adapter === adapterName);
}

/** Saves a failing trace (content-addressed, so a failure is stored once); returns its path. */
export function saveFailure(dir: string, rule: string, trace: Trace): string {
  const text = formatTrace(trace);
  const id = createHash('sha256').update(text).digest('hex').slice(0, 10);
  const path = join(dir, `${rule}-${id}.jsonl`);
  if (!existsSync(path)) writeFileAtomic(path, text);
  return path;
}
