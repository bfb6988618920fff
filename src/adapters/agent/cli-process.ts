/**
 * One agent CLI process playing one worker for a whole history: started through the shell (under
 * --isolate in bubblewrap behind the loopback relay), its prompt on stdin or in its arguments, its
 * model requests read from its line of the model server. Its exit, a hang or an unparseable
 * request ends the run (AdapterError, exit 2) with the reason and the tail of its stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { AdapterError } from '../../core/errors.ts';
import { shellWord } from '../command.ts';
import { spawnSubject, type Isolation } from '../isolate.ts';
import { onKitExit } from '../process/cleanup.ts';
import { relayCommand } from './relay.ts';
import { END_TEXT, WireFault, type Parked, type WorkerLine } from './server.ts';

/** How long a CLI gets to exit after its session ended and stdin closed, before its group is killed. */
const EXIT_GRACE_MS = 3_000;

/** Under --isolate: the relay's socket directory and ports, the directories the CLI writes and reads. */
export interface IsolatedCli {
  readonly isolation: Isolation;
  readonly relayDir: string;
  readonly ports: readonly number[];
  readonly writable: readonly string[];
  readonly readable: readonly string[];
}

export interface CliOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly line: WorkerLine;
  /** How messages name the CLI: "<profile> (worker <id>)". */
  readonly label: string;
  readonly isolated?: IsolatedCli;
  /**
   * The CLI's stdout is read as JSON lines (stream-json) when given: `halt` names a line in which it
   * says it stopped its turn (the profile's halt), and result lines are kept for waitLine.
   */
  readonly stdout?: { readonly halt?: (line: unknown) => string | undefined };
}

/** Kills a process group (a shell and what it started); a group already gone is fine. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function start(o: CliOptions): ChildProcess {
  const cmd = `${o.command} ${o.args.map(shellWord).join(' ')}`;
  const iso = o.isolated;
  const out = o.stdout !== undefined ? 'pipe' : 'ignore';
  return iso === undefined
    ? spawn(cmd, { shell: true, detached: true, cwd: o.cwd, env: o.env, stdio: ['pipe', out, 'pipe'] })
    : spawnSubject({
        command: relayCommand(iso.relayDir, iso.ports, cmd, shellWord),
        cwd: o.cwd,
        env: o.env,
        writable: [...iso.writable, iso.relayDir],
        readable: iso.readable,
        isolation: iso.isolation,
      });
}

export class CliProcess {
  readonly #o: CliOptions;
  readonly #child: ChildProcess;
  readonly #unregister: () => void;
  #stderr = '';
  #exit: string | undefined;
  readonly #exited: Promise<void>;
  /** The CLI's request the kit has not answered yet (a read's next request waits here for the next read). */
  current: Parked | undefined;
  /** What the CLI last said when it stopped its turn (its halt line), until the kit answers again. */
  #halted: string | undefined;
  readonly #onHalt: ((why: string) => void)[] = [];
  /** Its stdout result lines not yet taken (stream-json `{"type":"result",…}`). */
  #results: unknown[] = [];

  constructor(o: CliOptions) {
    this.#o = o;
    this.#child = start(o);
    if (o.stdout !== undefined) this.#readStdout(o.stdout.halt);
    else this.#child.stdout?.resume();
    this.#unregister = onKitExit(() => killGroup(this.#child.pid));
    this.#exited = new Promise((r) => {
      this.#child.on('exit', (code, signal) => {
        this.#exit = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
        r();
      });
      this.#child.on('error', (e) => {
        this.#exit ??= `could not be started (${e.message})`;
        r();
      });
    });
    this.#child.stderr!.on('data', (c: Buffer) => (this.#stderr = (this.#stderr + c.toString('utf8')).slice(-2000)));
    this.#child.stdin!.on('error', () => undefined);
  }

  /** Splits stdout into JSON lines: result lines are kept, a halt line stops the turn being waited on. */
  #readStdout(halt: ((line: unknown) => string | undefined) | undefined): void {
    let buf = '';
    this.#child.stdout?.on('data', (c: Buffer) => {
      buf += c.toString('utf8');
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const text = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!text.startsWith('{')) continue;
        let line: unknown;
        try {
          line = JSON.parse(text);
        } catch {
          continue;
        }
        // Only result lines are kept (the others carry whole tool results).
        if ((line as { type?: unknown } | null)?.type === 'result') this.#results.push(line);
        const why = halt?.(line);
        if (why !== undefined) {
          this.#halted ??= why;
          for (const stop of this.#onHalt.splice(0)) stop(why);
        }
      }
    });
  }

  /** A halt said before the kit's last answer is stale: forgotten each time the kit answers again. */
  resetHalt(): void {
    this.#halted = undefined;
  }

  /** The result lines printed since the last call (dropped). */
  takeLines(): void {
    this.#results = [];
  }

  /** The first stdout result line not yet taken that `pick` maps to a value (those before it are dropped); an AdapterError after `ms`. */
  async waitLine<T>(pick: (line: unknown) => T | undefined, ms: number, what: string): Promise<T> {
    const t0 = Date.now();
    for (;;) {
      const i = this.#results.findIndex((l) => pick(l) !== undefined);
      if (i >= 0) {
        const v = pick(this.#results[i])!;
        this.#results = this.#results.slice(i + 1);
        return v;
      }
      if (this.#exit !== undefined) throw new AdapterError(`${this.#o.label} ${this.#why(what)}`);
      if (Date.now() - t0 > ms)
        throw new AdapterError(
          `${this.#o.label} printed no such line within ${ms} ms while the kit waited for ${what}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  send(line: string): void {
    this.#child.stdin!.write(`${line}\n`);
  }

  /** Closes stdin (a CLI whose prompt is an argument reads stdin to its end first). */
  endInput(): void {
    this.#child.stdin!.end();
  }

  #why(what: string): string {
    const tail = this.#stderr.trim();
    return `${this.#exit ?? 'stopped'} while the kit waited for ${what}${tail !== '' ? `; stderr: ${JSON.stringify(tail.slice(-300))}` : ''}`;
  }

  /**
   * The next loop request, or an AdapterError: the CLI exited, hung, sent what cannot be parsed, or
   * said it stopped its turn (its halt line, quoted; `ignoreHalt`: a halt does not end the wait).
   */
  async next(what: string, ms: number, ignoreHalt = false): Promise<Parked> {
    const { label, line } = this.#o;
    let timer: NodeJS.Timeout | undefined;
    let stopped: ((why: string) => void) | undefined;
    try {
      return await Promise.race([
        line.next().catch((e: unknown) => {
          throw e instanceof WireFault ? new AdapterError(`${label}: ${e.message}`) : e;
        }),
        this.#exited.then(() => {
          throw new AdapterError(`${label} ${this.#why(what)}`);
        }),
        new Promise<never>((_, reject) => {
          const hung = `${label} sent no request within ${ms} ms while the kit waited for ${what} (a hung CLI; --timeout sets the per-turn limit)`;
          timer = setTimeout(() => reject(new AdapterError(hung)), ms);
        }),
        new Promise<never>((_, reject) => {
          if (ignoreHalt) return;
          stopped = (why) =>
            reject(
              new AdapterError(
                `${label} stopped its turn while the kit waited for ${what}; it said: ${JSON.stringify(why)}`,
              ),
            );
          if (this.#halted !== undefined) stopped(this.#halted);
          else this.#onHalt.push(stopped);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      const i = stopped === undefined ? -1 : this.#onHalt.indexOf(stopped);
      if (i >= 0) this.#onHalt.splice(i, 1);
    }
  }

  /** Ends the session with a plain text answer, closes stdin, waits a grace, kills the group. */
  async close(): Promise<void> {
    if (this.current !== undefined && this.#exit === undefined)
      this.#o.line.answer(this.current, { kind: 'text', text: END_TEXT });
    this.current = undefined;
    this.#child.stdin!.end();
    await Promise.race([this.#exited, new Promise((r) => setTimeout(r, EXIT_GRACE_MS).unref())]);
    killGroup(this.#child.pid);
    this.#unregister();
  }
}
