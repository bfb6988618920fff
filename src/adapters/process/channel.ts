/**
 * One shim process and its JSON-lines pipe: one request in flight at a time, every reply checked,
 * a per-request timeout, the optional race barrier. Any breach — silence past the timeout, an exit,
 * a line that is not the protocol — kills the process group and becomes one AdapterError (exit 2)
 * naming the last request and the last lines the process printed. Never a hang.
 */
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { AdapterError } from '../../core/errors.ts';
import { spawnSubject, type Isolation } from '../isolate.ts';
import { execSimple } from '../command.ts';
import { onKitExit } from './cleanup.ts';
import { LineSplitter, type LineStats } from './lines.ts';
import { clip, encodeLine, replyProblem, type Op } from './protocol.ts';

/** Longest line the kit accepts from a process (a reply carries at most a file and its notice). */
const MAX_LINE = 64 * 1024 * 1024;
/**
 * How long a process gets to exit after its stdin closes before its group is killed; and how long
 * its stdout may stay open after it exited (a process it started and that left its group can hold
 * it open forever) before the request in flight fails; and how long a closed stdout waits for an exit.
 */
const EXIT_GRACE_MS = 250;

export interface ChannelOptions {
  readonly command: string;
  readonly cwd: string;
  readonly timeoutMs: number;
  /** Variables set on top of the kit's environment (the history's HOME and TMPDIR). */
  readonly env?: Readonly<Record<string, string>>;
  /** Under --isolate (src/adapters/isolate.ts), with the directories it may write. */
  readonly isolation?: Isolation;
  readonly writable?: readonly string[];
  /** Called once, when the channel breaks (the adapter latches it: the run ends with exit 2). */
  readonly onBroken: (e: AdapterError) => void;
}

export type Message = Record<string, unknown>;

interface Pending {
  readonly id: number;
  readonly op: Op;
  readonly resolve: (m: Message) => void;
  readonly reject: (e: unknown) => void;
  readonly onBarrier?: () => Promise<void>;
  timer?: NodeJS.Timeout;
}

const isObj = (v: unknown): v is Message => typeof v === 'object' && v !== null && !Array.isArray(v);

export class Channel {
  readonly #o: ChannelOptions;
  readonly #child: ChildProcess;
  readonly #exited: Promise<void>;
  readonly #unregister: () => void;
  #exit: string | undefined;
  #stdoutClosed = false;
  #nextId = 0;
  #pending: Pending | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #broken: AdapterError | undefined;
  #closing = false;
  #lastRequest = '(none)';
  readonly #lines = new LineSplitter();
  readonly #stdoutTail: string[] = [];
  #stderrTail = '';
  /** Set from the handshake: the process declared capabilities.raceBarrier. */
  allowBarrier = false;

  constructor(o: ChannelOptions) {
    this.#o = o;
    this.#child = spawnSubject({
      // The shim is the shell's own process: its stdout closing is its pipe closing (src/adapters/command.ts).
      command: execSimple(o.command),
      cwd: o.cwd,
      env: { ...process.env, ...o.env },
      writable: o.writable ?? [],
      ...(o.isolation ? { isolation: o.isolation } : {}),
    });
    this.#unregister = onKitExit(() => this.#kill());
    let exited!: () => void;
    this.#exited = new Promise((r) => (exited = r));
    this.#child.on('exit', (code, signal) => {
      this.#exit = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
      exited();
      // Normally 'close' follows at once; if stdout stays open, the reply in flight can never come.
      setTimeout(() => {
        const p = this.#pending;
        if (p !== undefined && !this.#closing)
          this.#break(
            `${this.#exit} before answering ${p.op} (id ${p.id}), and its stdout is still open (a process it started holds it)`,
          );
      }, EXIT_GRACE_MS).unref();
    });
    this.#child.on('error', (e) => {
      this.#exit ??= `could not be started (${e.message})`;
      exited();
      this.#break(this.#exit);
    });
    this.#child.on('close', () => {
      const p = this.#pending;
      if (p !== undefined && !this.#closing)
        this.#break(`${this.#exit ?? 'closed its output'} before answering ${p.op} (id ${p.id})`);
    });
    // Stdout closed by a process that keeps running: no reply can come, so it is told now, not after
    // --timeout. A process that is exiting closes stdout too: its exit is told instead ('close' above).
    this.#child.stdout?.on('end', () => {
      setTimeout(() => {
        this.#stdoutClosed = true;
        const p = this.#pending;
        if (p !== undefined && !this.#closing && this.#exit === undefined)
          this.#break(`closed its stdout before answering ${p.op} (id ${p.id}), and is still running`);
      }, EXIT_GRACE_MS).unref();
    });
    this.#child.stdin?.on('error', () => {}); // EPIPE after an exit: the exit is what gets reported
    const decoder = new StringDecoder('utf8');
    this.#child.stdout?.on('data', (chunk: Buffer) => this.#onData(decoder.write(chunk)));
    const errDecoder = new StringDecoder('utf8');
    this.#child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderrTail = (this.#stderrTail + errDecoder.write(chunk)).slice(-2000);
    });
  }

  /** Sends one request and resolves with its checked reply (an error reply is a reply). */
  request(op: Op, fields: Readonly<Record<string, unknown>>, onBarrier?: () => Promise<void>): Promise<Message> {
    const run = (): Promise<Message> => {
      if (this.#broken !== undefined) return Promise.reject(this.#broken);
      if (this.#exit !== undefined)
        return Promise.reject(this.#break(`${this.#exit} while the kit still needed it (next request: ${op})`));
      if (this.#stdoutClosed)
        return Promise.reject(
          this.#break(`closed its stdout while the kit still needed it (next request: ${op}), and is still running`),
        );
      const id = this.#nextId++;
      const line = encodeLine({ id, op, ...fields });
      return new Promise<Message>((resolve, reject) => {
        this.#pending = { id, op, resolve, reject, ...(onBarrier ? { onBarrier } : {}) };
        this.#send(line);
      });
    };
    const p = this.#queue.then(run, run);
    this.#queue = p.catch(() => undefined);
    return p;
  }

  /** Breaks the channel for a reason found outside it (a hello the adapter rejects, …). */
  fail(reason: string): AdapterError {
    return this.#break(reason);
  }

  get broken(): AdapterError | undefined {
    return this.#broken;
  }

  /** How stdout was split into lines (linear: one join per line). */
  get lineStats(): Readonly<LineStats> {
    return this.#lines.stats;
  }

  /** Ends the process: stdin closes, a short grace to exit, then the whole group is killed. */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    const p = this.#pending;
    if (p?.timer) clearTimeout(p.timer);
    this.#child.stdin?.end();
    await Promise.race([this.#exited, delay(EXIT_GRACE_MS)]);
    this.#kill();
    await Promise.race([this.#exited, delay(1000)]);
    this.#unregister();
  }

  #send(line: string): void {
    this.#lastRequest = line.trimEnd();
    this.#arm();
    this.#child.stdin?.write(line);
  }

  #arm(): void {
    const p = this.#pending;
    if (p === undefined) return;
    if (p.timer) clearTimeout(p.timer);
    p.timer = setTimeout(() => {
      if (this.#pending === p)
        this.#break(
          `did not answer ${p.op} (id ${p.id}) within ${this.#o.timeoutMs} ms${this.#exit ? ` (it ${this.#exit})` : ''}`,
        );
    }, this.#o.timeoutMs);
  }

  #onData(text: string): void {
    if (this.#broken !== undefined || this.#closing) return;
    for (const line of this.#lines.push(text)) {
      if (this.#broken !== undefined) return;
      this.#stdoutTail.push(line.slice(-400)); // the message shows at most the last 400 characters
      if (this.#stdoutTail.length > 3) this.#stdoutTail.shift();
      if (line.length > MAX_LINE) this.#break(`printed a line longer than ${MAX_LINE} characters`);
      else this.#onLine(line);
    }
    if (this.#lines.pendingLength > MAX_LINE) this.#break(`printed a line longer than ${MAX_LINE} characters`);
  }

  #onLine(line: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      this.#break(`printed a line that is not JSON: ${JSON.stringify(clip(line, 120))}`);
      return;
    }
    if (!isObj(msg)) {
      this.#break(`printed a line that is not a protocol message (a JSON object): ${JSON.stringify(clip(line, 120))}`);
      return;
    }
    const p = this.#pending;
    if ('barrier' in msg) {
      this.#barrier(msg.barrier);
      return;
    }
    if (p === undefined) {
      this.#break('printed a line while no request was waiting');
      return;
    }
    if (msg.id !== p.id) {
      this.#break(`answered id ${JSON.stringify(msg.id)} while request ${p.id} (${p.op}) was waiting`);
      return;
    }
    const problem = replyProblem(p.op, msg);
    if (problem !== undefined) {
      this.#break(`broke the protocol in its reply to ${p.op}: ${problem}`);
      return;
    }
    clearTimeout(p.timer);
    this.#pending = undefined;
    p.resolve(msg);
  }

  /** The process read a file's bytes for the read in flight and waits: the kit may rewrite it now. */
  #barrier(id: unknown): void {
    const p = this.#pending;
    if (!this.allowBarrier) {
      this.#break('sent a barrier but its hello did not declare capabilities.raceBarrier');
      return;
    }
    if (p === undefined || p.op !== 'read' || id !== p.id) {
      this.#break(
        `sent barrier ${JSON.stringify(id)} while ${p ? `request ${p.id} (${p.op})` : 'no request'} was waiting; a barrier names the read in progress`,
      );
      return;
    }
    this.#arm();
    const go = p.onBarrier ? p.onBarrier() : Promise.resolve();
    go.then(
      () => {
        if (this.#pending === p && this.#broken === undefined) this.#send(encodeLine({ id: p.id, op: 'resume' }));
      },
      (e: unknown) => {
        if (e instanceof AdapterError) this.#break(e);
        else
          this.#break(
            `the kit could not rewrite the file at barrier ${p.id}: ${e instanceof Error ? e.message : String(e)}`,
          );
      },
    );
  }

  #describe(reason: string): string {
    // The last complete lines, and a line still unterminated (not lines the kit never got to).
    const rest = this.#lines.pendingLength > 0 ? this.#lines.pendingText() : '';
    const unterminated = rest !== '' ? [rest.slice(-400)] : [];
    const out = [...this.#stdoutTail, ...unterminated].join('\n');
    const said = (s: string): string => (s === '' ? '(nothing)' : JSON.stringify(clip(s.slice(-400), 400)));
    return `process ${JSON.stringify(this.#o.command)} ${reason}; last request: ${clip(this.#lastRequest)}; its stdout ended: ${said(out)}; its stderr ended: ${said(this.#stderrTail.trimEnd())}`;
  }

  #break(why: string | AdapterError): AdapterError {
    if (this.#broken !== undefined) return this.#broken;
    const err = typeof why === 'string' ? new AdapterError(this.#describe(why)) : why;
    this.#broken = err;
    this.#kill();
    const p = this.#pending;
    this.#pending = undefined;
    if (p !== undefined) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.#o.onBroken(err);
    return err;
  }

  #kill(): void {
    const pid = this.#child.pid;
    if (pid !== undefined)
      try {
        process.kill(-pid, 'SIGKILL'); // the whole group: a shell and what it started
      } catch {
        // already gone
      }
    try {
      this.#child.kill('SIGKILL');
    } catch {
      // already gone
    }
    // A process that left the group (setsid) may hold the pipes open: the kit lets go of its ends,
    // so nothing it cannot kill keeps the kit alive.
    for (const s of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) s?.destroy();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
