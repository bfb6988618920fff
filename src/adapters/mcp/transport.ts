/**
 * One MCP server process as a transport for the SDK's Client: newline-delimited JSON-RPC over
 * stdio, framed by the SDK's own ReadBuffer and serializeMessage. The kit spawns the process
 * itself (not with the SDK's StdioClientTransport) for its process discipline: the command runs
 * through the shell in its own process group, the group is killed on close and when the kit exits,
 * the environment is the kit's with HOME set per history, and errors quote the server's stderr.
 */
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { onKitExit } from '../process/cleanup.ts';
import { spawnSubject, type Isolation } from '../isolate.ts';

/** How long a server gets to exit after its stdin closes before its group is killed. */
const EXIT_GRACE_MS = 250;

export interface ServerOptions {
  /** The command line, with {root} already substituted. */
  readonly command: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Under --isolate (src/adapters/isolate.ts), with the directories the server may write. */
  readonly isolation?: Isolation;
  readonly writable?: readonly string[];
}

export class ServerProcess implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #o: ServerOptions;
  #child: ChildProcess | undefined;
  readonly #buffer = new ReadBuffer();
  #stderr = '';
  #exit: string | undefined;
  /** Why the kit stopped listening (a line that is not JSON-RPC), for the error message. */
  #breach: string | undefined;
  #exited: Promise<void> = Promise.resolve();
  #unregister: () => void = () => {};

  constructor(o: ServerOptions) {
    this.#o = o;
  }

  start(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const o = this.#o;
      const child = spawnSubject({
        command: o.command,
        cwd: o.cwd,
        env: o.env,
        writable: o.writable ?? [],
        ...(o.isolation ? { isolation: o.isolation } : {}),
      });
      this.#child = child;
      this.#unregister = onKitExit(() => this.#kill());
      let exited!: () => void;
      this.#exited = new Promise((r) => (exited = r));
      child.on('spawn', () => resolve());
      child.on('error', (e) => {
        this.#exit ??= `could not be started (${e.message})`;
        exited();
        reject(e);
        this.onerror?.(e);
      });
      child.on('exit', (code, signal) => {
        this.#exit = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
        exited();
      });
      child.on('close', () => this.onclose?.());
      child.stdin?.on('error', () => {}); // EPIPE after an exit: the exit is what gets reported
      child.stdout?.on('data', (chunk: Buffer) => {
        if (this.#breach !== undefined) return;
        try {
          this.#buffer.append(chunk);
          for (let m = this.#buffer.readMessage(); m !== null; m = this.#buffer.readMessage()) this.onmessage?.(m);
        } catch (e) {
          // Not JSON-RPC on stdout: the server broke the protocol; end it (pending requests fail).
          this.#breach = `printed a line on stdout that is not a JSON-RPC message (${(e as Error).message.split('\n')[0]})`;
          this.#kill();
        }
      });
      const dec = new StringDecoder('utf8');
      child.stderr?.on('data', (chunk: Buffer) => {
        this.#stderr = (this.#stderr + dec.write(chunk)).slice(-2000);
      });
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (stdin === undefined || stdin === null || this.#exit !== undefined)
      throw new Error(`the server ${this.#exit ?? 'is not running'}`);
    if (!stdin.write(serializeMessage(message))) await new Promise<void>((r) => stdin.once('drain', () => r()));
  }

  /** Ends the server: stdin closes, a short grace to exit, then its whole group is killed. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    child.stdin?.end();
    await Promise.race([this.#exited, delay(EXIT_GRACE_MS)]);
    this.#kill();
    await Promise.race([this.#exited, delay(1000)]);
    this.#unregister();
    this.#buffer.clear();
  }

  /** "exited with code 1; its stderr ended: …" — what a message about this server adds. */
  describe(): string {
    const err = this.#stderr.trimEnd();
    const said = err === '' ? '(nothing)' : JSON.stringify(err.length > 400 ? `…${err.slice(-400)}` : err);
    return `${[this.#breach, this.#exit !== undefined ? `it ${this.#exit}` : undefined].filter(Boolean).join('; ')}${this.#breach || this.#exit ? '; ' : ''}its stderr ended: ${said}`;
  }

  #kill(): void {
    const child = this.#child;
    if (child?.pid !== undefined)
      try {
        process.kill(-child.pid, 'SIGKILL'); // the whole group: a shell, npx and the server it started
      } catch {
        // already gone
      }
    for (const s of [child?.stdin, child?.stdout, child?.stderr]) s?.destroy();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
