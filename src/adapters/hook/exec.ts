/**
 * Runs one hook command as an agent host does: through the shell, JSON on stdin, stdout and stderr
 * collected, its exit code returned. The command runs in its own process group: past the timeout
 * the whole group is killed and the run ends with exit 2 (an AdapterError naming the hook), never
 * a hang and never a verdict decided by the clock.
 */
import type { ChildProcess } from 'node:child_process';
import { AdapterError } from '../../core/errors.ts';
import { onKitExit } from '../process/cleanup.ts';
import { spawnSubject, type Isolation } from '../isolate.ts';

/** Most output the kit takes from one hook call (a deny reason may carry a diff of a large file). */
const MAX_OUTPUT = 64 * 1024 * 1024;
/** How long stdout may stay open after the hook exited (a process it started may hold it). */
const EXIT_GRACE_MS = 250;

export interface HookCall {
  readonly command: string;
  readonly stdin: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  /** Under --isolate (src/adapters/isolate.ts), with the directories the hook may write. */
  readonly isolation?: Isolation;
  readonly writable?: readonly string[];
  /** "PreToolUse hook for /root/a.ts" — for messages. */
  readonly what: string;
}

export interface HookExit {
  /** The exit code; null when a signal ended it. */
  readonly code: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
}

const tail = (s: string): string => (s === '' ? '(nothing)' : JSON.stringify(s.length > 400 ? `…${s.slice(-400)}` : s));

/** Kills the call's process group (a shell and what it started) and drops its pipes. */
function killCall(child: ChildProcess): void {
  if (child.pid !== undefined)
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  for (const s of [child.stdin, child.stdout, child.stderr]) s?.destroy();
}

/** What a hook printed, at most MAX_OUTPUT bytes over stdout and stderr. */
class Output {
  readonly out: Buffer[] = [];
  readonly err: Buffer[] = [];
  #size = 0;

  /** Keeps a chunk; false (and not kept) once the hook printed too much. */
  take(into: Buffer[], chunk: Buffer): boolean {
    this.#size += chunk.length;
    if (this.#size > MAX_OUTPUT) return false;
    into.push(chunk);
    return true;
  }

  static text(bufs: Buffer[]): string {
    return Buffer.concat(bufs).toString('utf8');
  }
}

export function runHook(c: HookCall): Promise<HookExit> {
  return new Promise<HookExit>((resolve, reject) => {
    const child = spawnSubject({
      command: c.command,
      cwd: c.cwd,
      env: c.env,
      writable: c.writable ?? [],
      ...(c.isolation ? { isolation: c.isolation } : {}),
    });
    const o = new Output();
    let settled = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    const unregister = onKitExit(() => killCall(child));
    const finish = (f: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unregister();
      killCall(child); // nothing of it may outlive the call
      f();
    };
    const fail = (why: string): void =>
      finish(() =>
        reject(
          new AdapterError(
            `${c.what}: hook ${JSON.stringify(c.command)} ${why}; its stdout ended: ${tail(Output.text(o.out))}; its stderr ended: ${tail(Output.text(o.err))}`,
          ),
        ),
      );
    const done = (): void =>
      finish(() =>
        resolve({
          code: exit?.code ?? null,
          signal: exit?.signal ?? null,
          stdout: Output.text(o.out),
          stderr: Output.text(o.err),
        }),
      );
    const timer = setTimeout(() => fail(`did not finish within ${c.timeoutMs} ms`), c.timeoutMs);
    const take = (into: Buffer[]) => (chunk: Buffer) => {
      if (!o.take(into, chunk)) fail(`printed more than ${MAX_OUTPUT} bytes`);
    };
    child.stdout.on('data', take(o.out));
    child.stderr.on('data', take(o.err));
    child.on('error', (e) => fail(`could not be started (${e.message})`));
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      setTimeout(done, EXIT_GRACE_MS).unref();
    });
    child.on('close', done);
    child.stdin.on('error', () => {}); // a hook that does not read its stdin (EPIPE) is fine
    child.stdin.end(c.stdin);
  });
}
