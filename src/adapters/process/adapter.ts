/**
 * The process adapter (`run --process "<cmd>"`): a shim in any language, spoken to over the
 * protocol in docs/reference/protocol.md. One process and one sandbox directory per history; a separate
 * "surface" process answers the surface probes (resolveArm, persona, CAP-PARAM) and gave the
 * capabilities. Any protocol breach is latched: the run ends with exit 2.
 */
import type { ArmName, Levers } from '../../core/arms.ts';
import type { Claim } from '../../core/claims.ts';
import { AdapterError } from '../../core/errors.ts';
import type {
  AdapterContext,
  Capabilities,
  DecodeInfo,
  HistoryHandle,
  HistoryInfo,
  ShimAdapter,
  Surface,
  WorkerShim,
} from '../../core/contract.ts';
import { ClaimQueue } from '../claim-queue.ts';
import type { Channel } from './channel.ts';
import { Processes, type Live } from './processes.ts';
import { sizedClaim, toWire, type HelloReply } from './protocol.ts';
import { unlessError, workerShim } from './worker.ts';
import type { Isolation } from '../isolate.ts';

/**
 * Per-request limit: hook-style shims start an interpreter or jq per call (2–6 s a read measured,
 * up to twice that on a loaded machine); 30 s leaves 5× the slowest and still ends a hung process
 * within a minute (docs/reference/cli.md "Timeouts").
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Histories per cap band when --runs is not given: every history starts a process (docs/reference/protocol.md "Speed"). */
export const DEFAULT_PROCESS_RUNS = 25;
/** Most histories the shrinking of one failed rule runs for a process (the smallest failing one so far is told). */
export const PROCESS_SHRINK_RUNS = 40;

export interface ProcessAdapterOptions {
  /** The command line, run by the shell, from `cwd`. */
  readonly command: string;
  /** Per-request (and handshake) limit in ms. */
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** Processes started ahead of their history (startup overlaps the previous history). */
  readonly prespawn?: number;
  /**
   * The surface process serves the first history instead of the surface probes (a --replay runs
   * none): with prespawn 0, a one-trace replay starts one process. Its surface ops then fail.
   */
  readonly lendSurface?: boolean;
  /** Where sandbox directories are made (default: the system's temporary directory). */
  readonly sandboxDir?: string;
  /** --isolate: every process under bubblewrap (src/adapters/isolate.ts). */
  readonly isolation?: Isolation;
}

export interface ProcessAdapter extends ShimAdapter {
  /** The first protocol breach of any of its processes (the run must end with exit 2). */
  failure(): AdapterError | undefined;
}

/** Which process serves the next history: a spare started ahead, the lent surface process, or a new one. */
class HistoryProcesses {
  readonly #procs: Processes;
  readonly #surface: Live;
  readonly #prespawn: number;
  readonly #spares: Live[] = [];
  #lendable: boolean;
  #lent = false;

  constructor(procs: Processes, surface: Live, prespawn: number, lendable: boolean) {
    this.#procs = procs;
    this.#surface = surface;
    this.#prespawn = prespawn;
    this.#lendable = lendable;
  }

  /** Whether the surface process serves a history (its surface ops then fail). */
  get lent(): boolean {
    return this.#lent;
  }

  /** The process for a new history; the spares are topped up to `prespawn`. */
  take(): Live {
    let live = this.#spares.shift();
    if (live === undefined && this.#lendable) {
      this.#lendable = false;
      this.#lent = true;
      live = this.#surface;
    }
    live ??= this.#procs.launch(false);
    while (this.#spares.length < this.#prespawn) this.#spares.push(this.#procs.launch(false));
    return live;
  }

  /** Forgets the spares (close() ends every process). */
  clear(): void {
    this.#spares.length = 0;
  }
}

/** What an open process adapter is made of. */
interface Parts {
  readonly o: ProcessAdapterOptions;
  readonly timeoutMs: number;
  readonly procs: Processes;
  /** The surface process and its hello. */
  readonly surface: Live;
  readonly first: HelloReply;
  readonly pool: HistoryProcesses;
}

/** Throws before any use of the surface process once it broke or serves a history. */
function surfaceGuard({ o, procs, pool }: Parts): () => void {
  return () => {
    if (procs.failure !== undefined) throw procs.failure;
    if (pool.lent)
      throw new AdapterError(
        `the surface process of ${o.command} serves a replayed history, not the surface probes (a kit bug)`,
      );
  };
}

/** The surface probes the capabilities declare, answered by the surface process. */
function surfaceOps(channel: Channel, caps: Capabilities, latched: () => void): Surface {
  return {
    ...(caps.armResolver
      ? {
          resolveArm: async (flag: unknown): Promise<Levers> => {
            latched();
            const m = await channel.request('resolveArm', flag === undefined ? {} : { flag: toWire(flag) });
            return unlessError(m).levers as Levers;
          },
        }
      : {}),
    ...(caps.persona
      ? {
          persona: async (arm: ArmName, cap: number, seal: string): Promise<string | null> => {
            latched();
            const m = await channel.request('persona', { arm, cap: toWire(cap), seal });
            return m.text as string | null;
          },
        }
      : {}),
  };
}

/** A history's handle over its process: its sandbox mirrors the kit's disk, its claims decode its reads. */
function historyHandle({ procs, timeoutMs, first }: Parts, live: Live): HistoryHandle {
  const claims = new ClaimQueue();
  const bytes = new Set<string>();
  let closed = false;
  live.sandbox.foldCase = first.capabilities.caseInsensitive === true;
  return {
    opTimeoutMs: timeoutMs,
    injectsFailures: false,
    create: (ctx) => workerShim(live, first.capabilities, claims, ctx, bytes),
    write: (path, content, mtimeMs) => live.sandbox.write(path, content, mtimeMs),
    writeBytes: (path, b, mtimeMs) => live.sandbox.writeBytes(path, b, mtimeMs),
    bytes: (text) => bytes.delete(text),
    delete: (path) => live.sandbox.delete(path),
    symlink: (path, target, mtimeMs) => live.sandbox.symlink(path, target, mtimeMs),
    hardlink: (path, existing) => live.sandbox.hardlink(path, existing),
    decode: (text, info) => sizedClaim(claims.take(text), info),
    breach: () => live.breach,
    async close() {
      if (closed) return;
      closed = true;
      await procs.end(live);
    },
  };
}

/** A history's process, once its hello is answered (ended if it is not). */
async function openHistory(parts: Parts): Promise<HistoryHandle> {
  const { procs, pool } = parts;
  if (procs.failure !== undefined) throw procs.failure;
  const live = pool.take();
  try {
    await live.hello;
  } catch (e) {
    await procs.end(live);
    throw e;
  }
  return historyHandle(parts, live);
}

function adapterOf(parts: Parts): ProcessAdapter {
  const { procs, surface, first, pool } = parts;
  const capabilities = first.capabilities;
  const latched = surfaceGuard(parts);
  const surfaceClaims = new ClaimQueue();
  let probeWorkers = 0;
  return {
    name: `process:${first.name}`,
    capabilities,
    // Spec 2.1: its sandbox holds real symlinks and hardlinks (src/adapters/process/sandbox.ts).
    mirrorsLinks: true,
    // Spec 2.1: and bytes that are not UTF-8 (writeBytes).
    mirrorsBytes: true,
    surface: surfaceOps(surface.channel, capabilities, latched),
    failure: () => procs.failure,
    // Outside a history (the CAP-PARAM probe): a worker of the surface process.
    async create(ctx: AdapterContext): Promise<WorkerShim> {
      latched();
      return workerShim(surface, capabilities, surfaceClaims, { ...ctx, workerId: `probe-${++probeWorkers}` });
    },
    decode(text: string, info: DecodeInfo): Claim {
      return sizedClaim(surfaceClaims.take(text), info);
    },
    openHistory: (_info: HistoryInfo) => openHistory(parts),
    async close() {
      pool.clear();
      await procs.close();
    },
  };
}

export async function openProcessAdapter(o: ProcessAdapterOptions): Promise<ProcessAdapter> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const procs = new Processes({ ...o, cwd: o.cwd ?? process.cwd(), timeoutMs });
  // The surface process: the handshake that declares the capabilities, then the surface probes.
  const { live: surface, hello: first } = await procs.launchFirst();
  const pool = new HistoryProcesses(procs, surface, o.prespawn ?? 2, o.lendSurface === true);
  return adapterOf({ o, timeoutMs, procs, surface, first, pool });
}
