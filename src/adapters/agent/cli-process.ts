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
  return iso === undefined
    ? spawn(cmd, { shell: true, detached: true, cwd: o.cwd, env: o.env, stdio: ['pipe', 'ignore', 'pipe'] })
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

  constructor(o: CliOptions) {
    this.#o = o;
    this.#child = start(o);
    this.#child.stdout?.resume();
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

  /** The next loop request, or an AdapterError: the CLI exited, hung, or sent what cannot be parsed. */
  async next(what: string, ms: number): Promise<Parked> {
    const { label, line } = this.#o;
    let timer: NodeJS.Timeout | undefined;
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
      ]);
    } finally {
      clearTimeout(timer);
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
