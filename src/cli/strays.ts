/**
 * Errors that escape every call of an in-process adapter — a throw in its own timer or callback, a
 * promise nobody awaited that rejects — end the run at once with exit 2, naming the adapter and what
 * escaped. Installed only while a user's module is loaded: in a run of the kit's own code a stray
 * error is the kit's bug, and is reported as one (bin/readshim-conformance.js).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdapterError } from '../core/errors.ts';
import { ExitCalled, withExitGuard, type ExitGuard } from '../adapters/exit-guard.ts';
import { errorText } from '../harness/blame.ts';

export interface StrayWatch {
  /** Rejects with the first stray error (never resolves). */
  readonly stopped: Promise<never>;
  /** The first stray error, once there was one. */
  readonly error: Error | undefined;
  release(): void;
}

const KIT = fileURLToPath(new URL('../..', import.meta.url));
/** The kit's own code: a frame there is not where an adapter's error was raised. */
const kitOwn = (file: string): boolean => ['src/', 'properties/', 'dist/'].some((d) => file.startsWith(join(KIT, d)));

/**
 * A stack with tsx's inline modules named by their files: `data:text/javascript,…?filePath=%2Fx.ts…`
 * becomes `/x.ts` (--verbose prints it).
 */
export function readableStack(stack: string): string {
  return stack.replace(/data:text\/javascript,[^\s]*?\?filePath=([^:\s?)]+)[^:\s)]*/g, (_m, f: string) =>
    decodeURIComponent(f).replace(/\?namespace=.*$/, ''),
  );
}

/**
 * ` (at file:line:col)`: the first frame of a stack in a file outside Node and the kit, or ''. A
 * frame of a loader's inline copy (tsx) gives only its file: its positions are the compiled code's.
 */
function where(e: unknown): string {
  const stack = e instanceof Error ? (e.stack ?? '') : '';
  for (const line of stack.split('\n').slice(1)) {
    const inline = /data:text\/javascript,[^\s]*?\?filePath=([^:\s?)]+)/.exec(line);
    if (inline !== null) {
      const file = decodeURIComponent(inline[1]!).replace(/\?namespace=.*$/, '');
      if (!kitOwn(file)) return ` (in ${file})`;
      continue;
    }
    const m = /\(?((?:file:\/\/)?(\/[^()\s]*?)):(\d+):(\d+)\)?\s*$/.exec(line.trim());
    if (m === null) continue;
    const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[2]!;
    if (existsSync(file) && !kitOwn(file)) return ` (at ${file}:${m[3]}:${m[4]})`;
  }
  return '';
}

/**
 * Watches for stray errors; `who` names the adapter (`adapter thrower (./x.ts)`), or is undefined
 * when the code that runs is the kit's own (then the stray error itself is the outcome).
 */
export function watchStrays(who: (() => string) | undefined): StrayWatch {
  let stop!: (e: unknown) => void;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => {}); // handled by whoever races it; never a stray itself
  let first = true;
  let error: Error | undefined;
  const blamed = (kind: string, e: unknown): Error =>
    e instanceof ExitCalled || (who === undefined && e instanceof Error)
      ? e
      : who === undefined
        ? new Error(String(e))
        : new AdapterError(`${who()}: ${kind}: ${errorText(e)}${where(e)}`, { cause: e });
  const end = (kind: string, e: unknown): void => {
    if (!first) return;
    first = false;
    error = blamed(kind, e);
    stop(error);
  };
  const onException = (e: unknown): void =>
    end('an error thrown outside any call (in a timer or callback of its own)', e);
  const onRejection = (e: unknown): void => end('stray rejection (a promise nobody awaited rejected)', e);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return {
    stopped,
    get error() {
      return error;
    },
    release() {
      process.removeListener('uncaughtException', onException);
      process.removeListener('unhandledRejection', onRejection);
    },
  };
}

/**
 * An adapter's error with its module's file in it: `adapter thrower: forget() threw` → `adapter
 * thrower (./x.ts): forget() threw` (`who`: `adapter <name> (<file>)`). Other errors pass.
 */
export function withFile(e: unknown, who: string): unknown {
  if (!(e instanceof AdapterError) || e instanceof ExitCalled) return e;
  const name = /^adapter (.*) \(.*\)$/.exec(who)?.[1];
  if (e.message.startsWith(who)) return e;
  const message =
    name !== undefined && e.message.startsWith(`adapter ${name}`)
      ? `${who}${e.message.slice(`adapter ${name}`.length)}`
      : `${who}: ${e.message}`;
  return new AdapterError(message, { cause: e.cause });
}

/**
 * Runs `body` with an in-process module's faults named: its process.exit (src/adapters/exit-guard.ts),
 * what escapes its calls (watchStrays) and its errors with the module's file (withFile). `file`:
 * the module's path, or undefined when the code that runs is the kit's own; `who`: how messages name
 * the subject until body calls `named(adapterName)`.
 */
export async function guardAdapter<T>(
  file: string | undefined,
  who: string,
  body: (guard: ExitGuard, named: (adapterName: string) => void) => Promise<T>,
): Promise<T> {
  let label = who;
  const named = (name: string): void => {
    if (file !== undefined) label = `adapter ${name} (${file})`;
  };
  const strays = watchStrays(file !== undefined ? () => label : undefined);
  try {
    // The run goes on behind a stray error until its thread ends: check() keeps it from reporting.
    const checked = (guard: ExitGuard): ExitGuard => ({
      get called() {
        return guard.called;
      },
      check() {
        guard.check();
        if (strays.error !== undefined) throw strays.error;
      },
      release: () => guard.release(),
    });
    return await Promise.race([
      withExitGuard(
        () => label,
        (guard) => body(checked(guard), named),
      ),
      strays.stopped,
    ]);
  } catch (e) {
    throw file !== undefined ? withFile(e, label) : e;
  } finally {
    strays.release();
  }
}
