/**
 * A worker of the played MCP host: a session of its own (the slot's first, else a new one), its
 * reads calls of the read tool, its compactions calls of --mcp-compact's tool, one after another.
 */
import { AdapterError } from '../../core/errors.ts';
import type { ClaimQueue } from '../claim-queue.ts';
import type { ReadArgs, WorkerShim } from '../../core/contract.ts';
import { serialQueue } from '../drivers/driver.ts';
import { decodeRead, readArguments, refusalOf, resultContent, type ReadDecoding } from './result.ts';
import type { Live, Sessions } from './session.ts';
import type { Slot, Slots } from './slots.ts';
import type { ReadTool } from './tool.ts';

/** What the host report counts (driver.ts HostReport). */
export interface McpCounts {
  sessions: number;
  calls: number;
  refusals: number;
  compactCalls: number;
  compactErrors: number;
}

/** What every worker of a run shares. */
export interface WorkerSetup extends ReadDecoding {
  readonly sessions: Sessions;
  readonly slots: Slots;
  readonly tool: ReadTool;
  readonly compactTool: string | undefined;
  readonly counts: McpCounts;
}

/** A worker of a history (its slot, its claims): a session, then its shim. */
export async function mcpWorker(
  s: WorkerSetup,
  slot: Slot,
  claims: ClaimQueue,
  bytes: Set<string> = new Set(),
): Promise<WorkerShim> {
  const live = await s.slots.session(slot);
  s.counts.sessions++;
  const serial = serialQueue();
  const shim: { -readonly [K in keyof WorkerShim]: WorkerShim[K] } = {
    read: (args: ReadArgs) => serial(() => read(s, live, slot, claims, args, bytes)),
  };
  if (s.compactTool !== undefined) {
    const name = s.compactTool;
    shim.forget = (path?: string) => serial(() => compact(s, live, name, path));
  }
  return shim;
}

async function read(
  s: WorkerSetup,
  live: Live,
  slot: Slot,
  claims: ClaimQueue,
  args: ReadArgs,
  bytes: Set<string>,
): Promise<string> {
  const { tool, counts } = s;
  slot.sandbox.prepare(args.path);
  const file = `${slot.sandbox.root}/${args.path}`;
  const r = await s.sessions.call(live, tool.name, readArguments(tool, file, args), `${tool.name} of ${file}`);
  counts.calls++;
  const { text, binary } = resultContent(r, `${s.sessions.server}: ${tool.name} of ${file}`);
  if (r.isError === true) counts.refusals++;
  // Spec 2.1: one image or blob part is bytes answered, judged as the tool's output (HistoryHandle.bytes).
  if (binary && r.isError !== true) {
    bytes.add(text);
    return text;
  }
  const claim = r.isError === true ? refusalOf(text) : decodeRead(s, text, slot.sandbox.root, file, args);
  claims.put(text, claim);
  return text;
}

/** A compaction told to the server: its tool called with no arguments (an error result is counted). */
async function compact(s: WorkerSetup, live: Live, name: string, path: string | undefined): Promise<void> {
  if (path !== undefined)
    throw new AdapterError(
      `the played host compacts whole workers; this trace forgets one path (${path}), which an MCP server cannot be told`,
    );
  s.counts.compactCalls++;
  const r = await s.sessions.call(live, name, {}, `${name} (compaction)`).catch((e: unknown) => {
    if (e instanceof AdapterError) throw e;
    return { isError: true };
  });
  if (r.isError === true) s.counts.compactErrors++;
}
