/**
 * The MCP sessions of a run: a server process started through the shell ({root} = the history's
 * sandbox, HOME the history's own) and connected to by the SDK's Client; a tool call whose failure
 * is told apart — the server failed (AdapterError, exit 2) or the call did (the worker sees an error).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AdapterError } from '../../core/errors.ts';
import { KIT_VERSION } from '../../core/version.ts';
import { withRoot } from '../command.ts';
import type { ScratchHome } from '../drivers/home.ts';
import type { Isolation } from '../isolate.ts';
import type { Sandbox } from '../process/sandbox.ts';
import { ServerProcess } from './transport.ts';

/** One server process with its connected client. */
export interface Live {
  readonly proc: ServerProcess;
  readonly client: Client;
}

/** The directories a session's server runs in: a history's sandbox and HOME. */
export interface Dirs {
  readonly sandbox: Sandbox;
  readonly home: ScratchHome;
}

export interface ServerOptions {
  /** The server's command line, run by the shell from `cwd`; {root} is the sandbox. */
  readonly command: string;
  readonly cwd: string;
  /** Per-call (and connect) limit in ms. */
  readonly timeoutMs: number;
  readonly isolation?: Isolation;
}

/** JSON-RPC errors that end the run (AdapterError): the server failed, not the read. */
const HOST_FAILURE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.RequestTimeout,
  ErrorCode.ConnectionClosed,
  ErrorCode.InvalidParams,
  ErrorCode.MethodNotFound,
]);

/** An error's first line. */
export const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

export class Sessions {
  readonly #o: ServerOptions;

  constructor(o: ServerOptions) {
    this.#o = o;
  }

  /** "MCP server "<cmd>"" — how messages name the server. */
  get server(): string {
    return `MCP server ${JSON.stringify(this.#o.command)}`;
  }

  /** Starts a server in `dirs` and opens a session with it (exit 2 if it does not start one). */
  async start({ sandbox, home }: Dirs): Promise<Live> {
    const o = this.#o;
    // Isolated, the server writes only the sandbox, its HOME and a TMPDIR of the history's own.
    const isolated = o.isolation
      ? {
          env: { ...process.env, HOME: home.path, TMPDIR: sandbox.tmp, TMP: sandbox.tmp, TEMP: sandbox.tmp },
          isolation: o.isolation,
          writable: [sandbox.root, home.path, sandbox.tmp],
        }
      : { env: { ...process.env, HOME: home.path } };
    const proc = new ServerProcess({ command: withRoot(o.command, sandbox.root), cwd: o.cwd, ...isolated });
    const client = new Client({ name: 'readshim-conformance', version: KIT_VERSION });
    try {
      await client.connect(proc, { timeout: o.timeoutMs });
    } catch (e) {
      await proc.close();
      throw new AdapterError(`${this.server} did not start a session: ${message(e)}; ${proc.describe()}`);
    }
    return { proc, client };
  }

  /** Ends a session, started or not: the client closes, then the server process. */
  async end(live: Promise<Live>): Promise<void> {
    const l = await live.catch(() => undefined);
    if (l !== undefined) await l.client.close().catch(() => undefined);
    if (l !== undefined) await l.proc.close();
  }

  /** The server's tools (exit 2 if it does not list them). */
  listTools(live: Live): ReturnType<Client['listTools']> {
    return live.client.listTools(undefined, { timeout: this.#o.timeoutMs }).catch((e: unknown) => {
      throw new AdapterError(`${this.server} did not list its tools: ${message(e)}; ${live.proc.describe()}`);
    });
  }

  /** Calls a tool; `what` names the call in the error when the server fails. */
  async call(live: Live, name: string, args: Record<string, unknown>, what: string): ReturnType<Client['callTool']> {
    try {
      return await live.client.callTool({ name, arguments: args }, undefined, { timeout: this.#o.timeoutMs });
    } catch (e) {
      const code = e instanceof McpError ? e.code : undefined;
      if (code === undefined || HOST_FAILURE_CODES.has(code))
        throw new AdapterError(`${this.server} failed ${what}: ${message(e)}; ${live.proc.describe()}`);
      // Another JSON-RPC error: the worker is shown an error, as a host shows a failed tool call.
      throw Object.assign(new Error(`MCP error ${code}: ${message(e)}`), { code: 'EIO' });
    }
  }
}
