/**
 * An in-process adapter runs inside the kit's process: a `process.exit(0)` in its code would end
 * the run silently with the adapter's code (a green CI). While the guard is on, process.exit
 * throws an ExitCalled (an AdapterError: the run stops, exit 2) naming where it was called, and
 * the guard remembers the call, so an adapter that catches the throw still ends the run with it.
 */
import { fileURLToPath } from 'node:url';
import { AdapterError } from '../core/errors.ts';

/** An adapter called process.exit while the kit ran it. */
export class ExitCalled extends AdapterError {
  constructor(message: string) {
    super(message);
    this.name = 'ExitCalled';
  }
}

const here = fileURLToPath(import.meta.url);

/** process.exit as it was before any guard: the kit's own exit (an interrupted run's), never blamed on a subject. */
const unguardedExit = process.exit.bind(process);
export function kitExit(code: number): never {
  return unguardedExit(code);
}

/** The first stack frame outside this module and Node's internals: where process.exit was called. */
function caller(stack: string | undefined): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?\/[^()]*?):(\d+):(\d+)\)?\s*$/.exec(line.trim());
    if (m === null) continue;
    const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
    if (file === here) continue;
    // A URL with a query is a loader's transformed copy whose positions Node did not map back
    // (tsx under vitest): its line and column are the compiled code's, so only the file is told.
    return m[1]!.includes('?') ? file : `${file}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

export interface ExitGuard {
  /** The first process.exit call made while the guard was on. */
  readonly called: ExitCalled | undefined;
  /** Throws the call, if one was made (before a report is written: a run that called exit has no verdict). */
  check(): void;
  /** Puts the previous process.exit back (guards nest: release in reverse order). */
  release(): void;
}

/**
 * Replaces process.exit until release(). `who` names the adapter when the call happens (e.g.
 * `adapter ./readshim.adapter.ts`); the message adds where the call was made.
 */
export function guardExit(who: () => string): ExitGuard {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back by release(), never called
  const previous = process.exit;
  let called: ExitCalled | undefined;
  const guarded = (code?: number | string | null): never => {
    const where = caller(new Error().stack);
    const err = new ExitCalled(
      `${who()} called process.exit(${code === undefined ? '' : JSON.stringify(code)})${where ? ` at ${where}` : ''}: an adapter runs inside the kit and must not end it (throw an error instead); the run was stopped`,
    );
    called ??= err;
    throw err;
  };
  process.exit = guarded;
  return {
    get called() {
      return called;
    },
    check() {
      if (called !== undefined) throw called;
    },
    release() {
      if (process.exit === guarded) process.exit = previous;
    },
  };
}

/**
 * Runs `body` with process.exit guarded; a call made meanwhile is the outcome (thrown), whatever
 * the body returned or threw, so swallowing the throw does not make the run pass.
 */
export async function withExitGuard<T>(who: () => string, body: (guard: ExitGuard) => Promise<T>): Promise<T> {
  const guard = guardExit(who);
  try {
    const out = await body(guard);
    if (guard.called) throw guard.called;
    return out;
  } catch (e) {
    throw guard.called ?? e;
  } finally {
    guard.release();
  }
}
