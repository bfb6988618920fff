/**
 * The MCP driver (`run --mcp "<cmd>"`): the kit plays an MCP client (the official TypeScript SDK's
 * Client) that starts the server over stdio once per worker — each worker a session of its own,
 * the workers of a history sharing one fresh HOME, so a cache kept on disk across sessions is
 * exercised (ISOLATION) — and calls its read tool for every read. The text parts of the result are
 * what the worker sees. It is an adapter with the HistoryHandle lifecycle, judged by the one oracle.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Claim } from '../../core/claims.ts';
import { AdapterError, UsageError } from '../../core/errors.ts';
import type { LeverName } from '../../core/levers.ts';
import { KIT_VERSION } from '../../core/version.ts';
import { windowOf } from '../../harness/lines.ts';
import { ClaimQueue } from '../claim-queue.ts';
import { withRoot } from '../command.ts';
import type { Capabilities, HistoryHandle, ReadArgs, WorkerShim } from '../contract.ts';
import { DEFAULT_POINTER_PATTERN, defaultDecode, pointerRegex, type DriverDecoder } from '../drivers/decode.ts';
import {
  DEFAULT_DRIVER_LEVERS,
  describeLevers,
  quoted,
  serialQueue,
  type DriverAdapter,
  type HostReport,
} from '../drivers/driver.ts';
import { ScratchHome } from '../drivers/home.ts';
import { DEFAULT_TIMEOUT_MS } from '../process/adapter.ts';
import { Sandbox } from '../process/sandbox.ts';
import { chooseReadTool, type ArgMap, type ReadTool } from './tool.ts';
import { ServerProcess } from './transport.ts';
import type { Isolation } from '../isolate.ts';
import { defined } from '../../core/defined.ts';

/** The SDK the kit's client is built on (package.json pins it). */
export const SDK = '@modelcontextprotocol/sdk';

export interface McpDriverOptions {
  /** The server's command line, run by the shell from `cwd`; {root} is the sandbox. */
  readonly command: string;
  /** The read tool's name (needed when more than one tool could read). */
  readonly tool?: string;
  /** The tool's argument names for path, offset and limit. */
  readonly args?: ArgMap;
  /** A tool the host calls (with no arguments) when it compacts a worker's transcript. */
  readonly compactTool?: string;
  readonly timeoutMs?: number;
  readonly cwd?: string;
  readonly levers?: readonly LeverName[];
  readonly cap?: number;
  readonly pointerPattern?: string;
  readonly decoder?: DriverDecoder;
  readonly decoderModule?: string;
  /** Histories whose first server is started ahead (startup overlaps the previous history). */
  readonly prespawn?: number;
  readonly sandboxDir?: string;
  /** --isolate: every server under bubblewrap (adapters/isolate.ts). */
  readonly isolation?: Isolation;
}

export const MCP_HOST = `MCP client (${SDK} Client over stdio)`;

/** One server process with its connected client. */
interface Live {
  readonly proc: ServerProcess;
  readonly client: Client;
}

/** A history's directories and its first server, started ahead. */
interface Slot {
  readonly sandbox: Sandbox;
  readonly home: ScratchHome;
  first: Promise<Live> | undefined;
  readonly lives: Set<Promise<Live>>;
}

/** JSON-RPC errors that end the run (AdapterError): the server failed, not the read. */
const HOST_FAILURE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.RequestTimeout,
  ErrorCode.ConnectionClosed,
  ErrorCode.InvalidParams,
  ErrorCode.MethodNotFound,
]);

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

export async function openMcpAdapter(o: McpDriverOptions): Promise<DriverAdapter> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cwd = o.cwd ?? process.cwd();
  const levers = o.levers ?? DEFAULT_DRIVER_LEVERS;
  const pattern = o.pointerPattern ?? DEFAULT_POINTER_PATTERN;
  const pointer = pointerRegex(pattern);
  const prespawn = o.prespawn ?? 1;
  const counts = { sessions: 0, calls: 0, refusals: 0, compactCalls: 0, compactErrors: 0 };

  const start = async (slot: { sandbox: Sandbox; home: ScratchHome }): Promise<Live> => {
    const { sandbox, home } = slot;
    // Isolated, the server writes only the sandbox, its HOME and a TMPDIR of the history's own.
    const isolated = o.isolation
      ? {
          env: { ...process.env, HOME: home.path, TMPDIR: sandbox.tmp, TMP: sandbox.tmp, TEMP: sandbox.tmp },
          isolation: o.isolation,
          writable: [sandbox.root, home.path, sandbox.tmp],
        }
      : { env: { ...process.env, HOME: home.path } };
    const proc = new ServerProcess({ command: withRoot(o.command, sandbox.root), cwd, ...isolated });
    const client = new Client({ name: 'readshim-conformance', version: KIT_VERSION });
    try {
      await client.connect(proc, { timeout: timeoutMs });
    } catch (e) {
      await proc.close();
      throw new AdapterError(
        `MCP server ${JSON.stringify(o.command)} did not start a session: ${message(e)}; ${proc.describe()}`,
      );
    }
    return { proc, client };
  };
  const end = async (live: Promise<Live>): Promise<void> => {
    const l = await live.catch(() => undefined);
    if (l !== undefined) await l.client.close().catch(() => undefined);
    if (l !== undefined) await l.proc.close();
  };

  // The probe session: the server's tools decide the read tool and whether windows map. It then
  // serves the first worker of the first history (its sandbox and HOME become that history's).
  const probe: Slot = {
    sandbox: new Sandbox(o.sandboxDir),
    home: new ScratchHome(o.sandboxDir),
    first: undefined,
    lives: new Set(),
  };
  let tool: ReadTool;
  try {
    const live = await start(probe);
    probe.first = Promise.resolve(live);
    probe.lives.add(probe.first);
    const listed = await live.client.listTools(undefined, { timeout: timeoutMs }).catch((e: unknown) => {
      throw new AdapterError(
        `MCP server ${JSON.stringify(o.command)} did not list its tools: ${message(e)}; ${live.proc.describe()}`,
      );
    });
    const chosen = chooseReadTool(listed.tools, o.tool, o.args ?? {});
    if (typeof chosen === 'string') throw new UsageError(`run --mcp: ${chosen}`);
    if (o.compactTool !== undefined && !listed.tools.some((t) => t.name === o.compactTool))
      throw new UsageError(
        `run --mcp: --mcp-compact names tool ${JSON.stringify(o.compactTool)}, which the server does not have (its tools: ${listed.tools.map((t) => t.name).join(', ')})`,
      );
    tool = chosen;
  } catch (e) {
    await Promise.all([...probe.lives].map(end));
    probe.sandbox.remove();
    probe.home.remove();
    throw e;
  }
  const windows = tool.offsetArg !== undefined;

  const capabilities: Capabilities = {
    levers,
    ...defined({ cap: o.cap }),
    capParam: false,
    windows,
    diff: levers.includes('diff'),
    staleServe: false,
    // Without --mcp-compact the host compacts and never tells the server (FORGET-RESETS judges that).
    forget: o.compactTool !== undefined,
    forgetWhole: true,
    counters: false,
    seal: false,
  };

  const slots: Slot[] = [probe];
  const spares: Slot[] = [probe];
  const newSlot = (): Slot => {
    const sandbox = new Sandbox(o.sandboxDir);
    const home = new ScratchHome(o.sandboxDir);
    const slot: Slot = { sandbox, home, first: undefined, lives: new Set() };
    const first = start(slot);
    first.catch(() => undefined); // observed when a worker takes it
    slot.first = first;
    slot.lives.add(first);
    slots.push(slot);
    return slot;
  };
  const closeSlot = async (slot: Slot): Promise<void> => {
    const i = slots.indexOf(slot);
    if (i !== -1) slots.splice(i, 1);
    await Promise.all([...slot.lives].map(end));
    slot.sandbox.remove();
    slot.home.remove();
  };

  /** What a read of the file returns now (no host bound: the server's text is the content). */
  const contentNow = (slot: Slot, args: ReadArgs): string | undefined => {
    try {
      const text = readFileSync(`${slot.sandbox.root}/${args.path}`, 'utf8');
      return windows ? windowOf(text, args.offset, args.limit) : text;
    } catch {
      return undefined;
    }
  };

  const call = async (live: Live, name: string, args: Record<string, unknown>, what: string) => {
    try {
      return await live.client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs });
    } catch (e) {
      const code = e instanceof McpError ? e.code : undefined;
      if (code === undefined || HOST_FAILURE_CODES.has(code))
        throw new AdapterError(
          `MCP server ${JSON.stringify(o.command)} failed ${what}: ${message(e)}; ${live.proc.describe()}`,
        );
      // Another JSON-RPC error: the worker is shown an error, as a host shows a failed tool call.
      throw Object.assign(new Error(`MCP error ${code}: ${message(e)}`), { code: 'EIO' });
    }
  };

  const worker = async (slot: Slot, claims: ClaimQueue): Promise<WorkerShim> => {
    let pending = slot.first;
    slot.first = undefined;
    if (pending === undefined) {
      pending = start(slot);
      slot.lives.add(pending);
    }
    const live = await pending;
    counts.sessions++;
    const serial = serialQueue();
    const shim: { -readonly [K in keyof WorkerShim]: WorkerShim[K] } = {
      read: (args: ReadArgs) =>
        serial(async () => {
          slot.sandbox.prepare(args.path);
          const file = `${slot.sandbox.root}/${args.path}`;
          const a: Record<string, unknown> = { [tool.pathArg]: file };
          if (windows && args.offset !== undefined) a[tool.offsetArg!] = args.offset;
          if (windows && args.limit !== undefined) a[tool.limitArg!] = args.limit;
          const r = await call(live, tool.name, a, `${tool.name} of ${file}`);
          counts.calls++;
          const parts = (r as { content?: unknown }).content;
          if (!Array.isArray(parts))
            throw new AdapterError(
              `MCP server ${JSON.stringify(o.command)}: ${tool.name} of ${file} returned no content list`,
            );
          const other = parts
            .filter((p: { type?: unknown }) => p?.type !== 'text')
            .map((p: { type?: unknown }) => String(p?.type));
          if (other.length > 0)
            throw new AdapterError(
              `MCP server ${JSON.stringify(o.command)}: ${tool.name} of ${file} answered with ${[...new Set(other)].join(', ')} content; the kit judges text parts only, so the response is undecodable`,
            );
          const text = parts.map((p: { text?: unknown }) => String(p.text)).join('');
          let claim: Claim;
          if (r.isError === true) {
            counts.refusals++;
            claim = {
              kind: 'refusal',
              reason: /ENOENT|not found|no such file|does not exist/i.test(text) ? 'absent' : 'unreadable',
            };
          } else {
            const content = contentNow(slot, args);
            const info = {
              source: 'mcp' as const,
              path: args.path,
              file,
              args,
              contentBytes: content === undefined ? 0 : Buffer.byteLength(content, 'utf8'),
            };
            claim = o.decoder?.(text, info) ?? defaultDecode(text, { pointer, content, otherwise: 'verbatim' })!;
          }
          claims.put(text, claim);
          return text;
        }),
    };
    if (o.compactTool !== undefined) {
      const name = o.compactTool;
      shim.forget = (path?: string) =>
        serial(async () => {
          if (path !== undefined)
            throw new AdapterError(
              `the played host compacts whole workers; this trace forgets one path (${path}), which an MCP server cannot be told`,
            );
          counts.compactCalls++;
          const r = await call(live, name, {}, `${name} (compaction)`).catch((e: unknown) => {
            if (e instanceof AdapterError) throw e;
            return { isError: true };
          });
          if (r.isError === true) counts.compactErrors++;
        });
    }
    return shim;
  };

  const assumptions = [
    `Host played: ${MCP_HOST} (${SDK} as pinned by the kit). For each worker it starts ${quoted(o.command)} through the shell from ${cwd} ({root} = the history's sandbox) and opens one session: each worker is a separate session with its own server process; the servers of a history share one fresh HOME, so a cache kept on disk is shared across sessions.`,
    `Read tool: ${tool.name}, path in "${tool.pathArg}" as an absolute path under the sandbox, spelled as the kit spells it (unnormalised); ${windows ? `windows: "${tool.offsetArg}" = 1-based first line, "${tool.limitArg}" = line count` : 'no windows (the tool takes no offset and limit; --mcp-args maps them)'}. A call has ${timeoutMs} ms (--timeout), past which the run ends with exit 2.`,
    `What the worker sees is the text parts of the result joined with no separator; isError = a refusal (absent when the text says ENOENT / not found, else unreadable); a result with other parts is undecodable (exit 2). The content of a request is the file's text${windows ? ' (or its window)' : ''}, with no host tool bound.`,
    `Decoding: ${o.decoder !== undefined ? `first --decode ${o.decoderModule ?? ''}, then ` : ''}the request's current content = verbatim; a unified diff = a diff against what the worker holds; text matching /${pattern}/i = "unchanged, you hold it" (a pointer); any other text is judged as the file's text.`,
    `A worker's parallel reads run one after another.`,
    o.compactTool !== undefined
      ? `On compaction the host calls the server's tool ${o.compactTool} with no arguments in the worker's session; it compacts whole workers only (forget(path) is not generated).`
      : `The host compacts transcripts (whole workers) without telling the server (no --mcp-compact): a pointer after a compaction fails FORGET-RESETS.`,
    `After a compaction the host does not re-inject recently read files: the worker holds nothing it read before.`,
    `The server reads the disk itself: the kit neither makes its reads fail on purpose nor races them.`,
    describeLevers(levers, o.cap),
  ];

  return {
    name: `mcp:${o.command}`,
    capabilities,
    assumptions,
    create: () => {
      throw new AdapterError('the MCP driver creates workers per history only (a kit bug)');
    },
    decode: () => {
      throw new AdapterError('the MCP driver decodes per history only (a kit bug)');
    },
    async openHistory(): Promise<HistoryHandle> {
      const slot = spares.shift() ?? newSlot();
      while (spares.length < prespawn) spares.push(newSlot());
      const claims = new ClaimQueue();
      let closed = false;
      return {
        opTimeoutMs: timeoutMs,
        injectsFailures: false,
        create: () => worker(slot, claims),
        write: (path, content, mtimeMs) => slot.sandbox.write(path, content, mtimeMs),
        delete: (path) => slot.sandbox.delete(path),
        decode: (text) => claims.take(text),
        async close() {
          if (closed) return;
          closed = true;
          await closeSlot(slot);
        },
      };
    },
    host: (): HostReport => ({ played: MCP_HOST, counts: { ...counts } }),
    failure: () => undefined,
    async close() {
      spares.length = 0;
      await Promise.all([...slots].map(closeSlot));
    },
  };
}
