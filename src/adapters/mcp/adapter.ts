/**
 * The MCP driver (`run --mcp "<cmd>"`): the kit plays an MCP client (the official TypeScript SDK's
 * Client) that starts the server over stdio once per worker — each worker a session of its own,
 * the workers of a history sharing one fresh HOME, so a cache kept on disk across sessions is
 * exercised (ISOLATION) — and calls its read tool for every read. The text parts of the result are
 * what the worker sees. It is an adapter with the HistoryHandle lifecycle, judged by the one oracle.
 * Sessions: session.ts; a history's directories and servers: slots.ts; a worker: worker.ts; a
 * read's arguments, text and claim: result.ts; the report's assumptions: assumptions.ts.
 */
import { UsageError } from '../../core/errors.ts';
import type { HostToolBinary } from '../../core/host-tool.ts';
import type { LeverName } from '../../core/levers.ts';
import { ClaimQueue } from '../claim-queue.ts';
import type { Capabilities, DecodingHistoryHandle } from '../../core/contract.ts';
import {
  DEFAULT_POINTER_PATTERN,
  describeMorePatterns,
  morePatterns,
  pointerRegex,
  type DriverDecoder,
} from '../drivers/decode.ts';
import type { WithholdPolicy } from '../../core/policies.ts';
import { DEFAULT_DRIVER_LEVERS, type DriverAdapter, type HostReport } from '../drivers/driver.ts';
import { DEFAULT_TIMEOUT_MS } from '../process/adapter.ts';
import type { Isolation } from '../isolate.ts';
import { defined } from '../../core/defined.ts';
import { MCP_HOST, mcpAssumptions } from './assumptions.ts';
import { Sessions, type Live } from './session.ts';
import { Slots, type Slot } from './slots.ts';
import { chooseReadTool, type ArgMap, type ReadTool } from './tool.ts';
import { mcpWorker, type WorkerSetup } from './worker.ts';

export { MCP_HOST, SDK } from './assumptions.ts';

export interface McpDriverOptions {
  /** The server's command line, run by the shell from `cwd`; {root} is the sandbox. */
  readonly command: string;
  /** The read tool's name (needed when more than one tool could read). */
  readonly tool?: string;
  /** The tool's argument names for path, offset and limit. */
  readonly args?: ArgMap;
  /** A tool the host calls (with no arguments) when it compacts a worker's transcript. */
  readonly compactTool?: string;
  /** Spec 2.1 (--mcp-binary): how the read tool answers a file that is not UTF-8; the kit then writes such files. */
  readonly binary?: HostToolBinary;
  readonly timeoutMs?: number;
  readonly cwd?: string;
  readonly levers?: readonly LeverName[];
  readonly cap?: number;
  readonly pointerPattern?: string;
  /** Spec 2.2: --delta-pattern, --withheld-pattern, --policy. */
  readonly deltaPattern?: string;
  readonly withheldPattern?: string;
  readonly policies?: readonly WithholdPolicy[];
  readonly decoder?: DriverDecoder;
  readonly decoderModule?: string;
  /** Histories whose first server is started ahead (startup overlaps the previous history). */
  readonly prespawn?: number;
  readonly sandboxDir?: string;
  /** --isolate: every server under bubblewrap (src/adapters/isolate.ts). */
  readonly isolation?: Isolation;
}

/** The probe session's part: the server's tools decide the read tool (and check --mcp-compact's). */
async function chooseTool(o: McpDriverOptions, sessions: Sessions, live: Live): Promise<ReadTool> {
  const listed = await sessions.listTools(live);
  const chosen = chooseReadTool(listed.tools, o.tool, o.args ?? {});
  if (typeof chosen === 'string') throw new UsageError(`run --mcp: ${chosen}`);
  if (o.compactTool !== undefined && !listed.tools.some((t) => t.name === o.compactTool))
    throw new UsageError(
      `run --mcp: --mcp-compact names tool ${JSON.stringify(o.compactTool)}, which the server does not have (its tools: ${listed.tools.map((t) => t.name).join(', ')})`,
    );
  return chosen;
}

function capabilitiesOf(o: McpDriverOptions, levers: readonly LeverName[], tool: ReadTool): Capabilities {
  return {
    levers,
    ...defined({ cap: o.cap }),
    ...(o.binary !== undefined ? { tool: { binary: o.binary } } : {}),
    capParam: false,
    windows: tool.offsetArg !== undefined,
    diff: levers.includes('diff'),
    staleServe: false,
    // Without --mcp-compact the host compacts and never tells the server (FORGET-RESETS judges that).
    forget: o.compactTool !== undefined,
    forgetWhole: true,
    counters: false,
    seal: false,
    ...defined({ policies: o.policies, pointerPattern: o.pointerPattern }),
  };
}

/** A history's handle over its slot: its sandbox mirrors the kit's disk, its claims decode its reads. */
function historyHandle(setup: WorkerSetup, timeoutMs: number, slot: Slot): DecodingHistoryHandle {
  const claims = new ClaimQueue();
  const bytes = new Set<string>();
  let closed = false;
  return {
    opTimeoutMs: timeoutMs,
    injectsFailures: false,
    create: () => mcpWorker(setup, slot, claims, bytes),
    bytes: (text) => bytes.delete(text),
    write: (path, content, mtimeMs) => slot.sandbox.write(path, content, mtimeMs),
    writeBytes: (path, b, mtimeMs) => slot.sandbox.writeBytes(path, b, mtimeMs),
    delete: (path) => slot.sandbox.delete(path),
    decode: (text) => claims.take(text),
    async close() {
      if (closed) return;
      closed = true;
      await setup.slots.close(slot);
    },
  };
}

export async function openMcpAdapter(o: McpDriverOptions): Promise<DriverAdapter> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cwd = o.cwd ?? process.cwd();
  const levers = o.levers ?? DEFAULT_DRIVER_LEVERS;
  const pattern = o.pointerPattern ?? DEFAULT_POINTER_PATTERN;
  const pointer = pointerRegex(pattern);
  const counts = { sessions: 0, calls: 0, refusals: 0, compactCalls: 0, compactErrors: 0 };
  const sessions = new Sessions({ command: o.command, cwd, timeoutMs, ...defined({ isolation: o.isolation }) });
  const slots = new Slots(sessions, o.sandboxDir, o.prespawn ?? 1);
  // The probe session: the server's tools decide the read tool and whether windows map. It then
  // serves the first worker of the first history (its sandbox and HOME become that history's).
  const tool = await slots.probe((live) => chooseTool(o, sessions, live));
  const windows = tool.offsetArg !== undefined;
  const setup: WorkerSetup = {
    sessions,
    slots,
    tool,
    counts,
    pointer,
    more: morePatterns(o),
    windows,
    decoder: o.decoder,
    compactTool: o.compactTool,
  };
  return {
    name: `mcp:${o.command}`,
    capabilities: capabilitiesOf(o, levers, tool),
    // Spec 2.1: its sandbox holds raw bytes (the binary cases are played where --mcp-binary declares them).
    mirrorsBytes: true,
    assumptions: mcpAssumptions({
      command: o.command,
      cwd,
      tool,
      timeoutMs,
      pattern,
      more: describeMorePatterns(o),
      levers,
      cap: o.cap,
      decoding: o.decoder !== undefined,
      decoderModule: o.decoderModule,
      compactTool: o.compactTool,
      binary: o.binary,
    }),
    openHistory: async () => historyHandle(setup, timeoutMs, slots.take()),
    host: (): HostReport => ({ played: MCP_HOST, counts: { ...counts } }),
    failure: () => undefined,
    close: () => slots.closeAll(),
  };
}
