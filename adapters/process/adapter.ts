/**
 * The process adapter (`run --process "<cmd>"`): a shim in any language, spoken to over the
 * protocol in docs/PROTOCOL.md. One process and one sandbox directory per history; a separate
 * "surface" process answers the surface probes (resolveArm, persona, CAP-PARAM) and gave the
 * capabilities. Any protocol breach is latched: the run ends with exit 2.
 */
import type { ArmName, Levers } from '../../core/arms.ts';
import type { Claim } from '../../core/claims.ts';
import { KIT_VERSION, SPEC_VERSION } from '../../core/version.ts';
import { AdapterError } from '../../core/errors.ts';
import type {
  AdapterContext,
  Capabilities,
  Counters,
  DecodeInfo,
  HistoryHandle,
  HistoryInfo,
  ReadArgs,
  ShimAdapter,
  StaleRequest,
  WorkerShim,
} from '../contract.ts';
import { ClaimQueue } from '../claim-queue.ts';
import { withRoot } from '../command.ts';
import { Channel, type Message } from './channel.ts';
import {
  PROTOCOL_VERSION,
  errorFrom,
  helloFrom,
  sizedClaim,
  toWire,
  type HelloReply,
  type WireError,
} from './protocol.ts';
import { Sandbox } from './sandbox.ts';
import { readManyOverWire } from './read-many.ts';
import type { Isolation } from '../isolate.ts';
import { defined } from '../../core/defined.ts';

/**
 * Per-request limit: hook-style shims start an interpreter or jq per call (2–6 s a read measured,
 * up to twice that on a loaded machine); 30 s leaves 5× the slowest and still ends a hung process
 * within a minute (README "Timeouts").
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Histories per cap band when --runs is not given: every history starts a process (docs/PROTOCOL.md "Speed"). */
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
  /** --isolate: every process under bubblewrap (adapters/isolate.ts). */
  readonly isolation?: Isolation;
}

export interface ProcessAdapter extends ShimAdapter {
  /** The first protocol breach of any of its processes (the run must end with exit 2). */
  failure(): AdapterError | undefined;
}

/** One process with its sandbox, handshake under way. */
interface Live {
  readonly sandbox: Sandbox;
  readonly channel: Channel;
  readonly hello: Promise<HelloReply>;
  /** Its first protocol breach: the history it serves ends with it (exit 2), and no other history does. */
  breach?: AdapterError;
}

const errorOf = (m: Message): WireError | undefined => m.error as WireError | undefined;

function sameCapabilities(a: Capabilities, b: Capabilities): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export async function openProcessAdapter(o: ProcessAdapterOptions): Promise<ProcessAdapter> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cwd = o.cwd ?? process.cwd();
  const prespawn = o.prespawn ?? 2;
  /** The surface process's breach: latched, every later use and the run end with it. */
  let failure: AdapterError | undefined;
  const everything = new Set<Live>();
  let capabilities: Capabilities | undefined;
  let first: HelloReply | undefined;

  /**
   * Starts a process in a fresh sandbox (files, HOME, TMPDIR). A history process's breach belongs
   * to its history alone, so histories judged ahead and then dropped (--jobs) change nothing.
   */
  const launch = (latch: boolean): Live => {
    const sandbox = new Sandbox(o.sandboxDir);
    let channel: Channel;
    const self: { breach?: AdapterError } = {};
    const onBroken = (e: AdapterError): void => {
      self.breach ??= e;
      if (latch) failure ??= e;
    };
    try {
      // {root}: the same directory hello carries (README "{root}").
      channel = new Channel({
        command: withRoot(o.command, sandbox.root),
        cwd,
        timeoutMs,
        env: sandbox.env(),
        onBroken,
        ...(o.isolation ? { isolation: o.isolation, writable: [sandbox.root, sandbox.home, sandbox.tmp] } : {}),
      });
    } catch (e) {
      sandbox.remove();
      throw e;
    }
    const hello = (async (): Promise<HelloReply> => {
      const m = await channel.request('hello', {
        protocol: PROTOCOL_VERSION,
        specVersion: SPEC_VERSION,
        kit: KIT_VERSION,
        root: sandbox.root,
      });
      const h = helloFrom(m);
      if (typeof h === 'string') throw channel.fail(h);
      if (first !== undefined && (h.name !== first.name || !sameCapabilities(h.capabilities, first.capabilities)))
        throw channel.fail(
          `answered hello with a different name or capabilities than its first process (${JSON.stringify(h)} vs ${JSON.stringify(first)})`,
        );
      channel.allowBarrier = h.capabilities.raceBarrier === true;
      return h;
    })();
    hello.catch(() => undefined); // observed when the process is taken
    const live: Live = Object.assign(self, { sandbox, channel, hello });
    everything.add(live);
    return live;
  };

  /** Processes told to exit and not yet gone: a history does not wait for them, close() does. */
  const exiting = new Set<Promise<void>>();
  const end = async (live: Live): Promise<void> => {
    everything.delete(live);
    const gone = live.channel.close();
    exiting.add(gone);
    void gone.then(() => exiting.delete(gone));
    live.sandbox.remove();
  };

  /** A worker's shim over a live process (its sandbox, its claims). */
  const workerShim = async (live: Live, claims: ClaimQueue, ctx: AdapterContext): Promise<WorkerShim> => {
    const caps = capabilities!;
    const reply = await live.channel.request('newWorker', {
      worker: ctx.workerId,
      ...defined({ arm: ctx.arm }),
      levers: ctx.levers,
      cap: toWire(ctx.cap),
      seal: ctx.seal,
      // spec 2.1 "Forks and resumed sessions" (docs/PROTOCOL.md "newWorker"): sent only when they apply.
      ...defined({ session: ctx.session, forkOf: ctx.forkOf, resumed: ctx.resumed }),
    });
    const err = errorOf(reply);
    if (err !== undefined) throw errorFrom(err);
    let counters: Counters = (reply.counters as Counters | undefined) ?? { pointered: 0, capped: 0, bytesWithheld: 0 };
    const note = (m: Message): void => {
      if (m.counters !== undefined) counters = m.counters as Counters;
    };
    const shim: { -readonly [K in keyof WorkerShim]: WorkerShim[K] } = {
      read: async (args: ReadArgs): Promise<string> => {
        live.sandbox.prepare(String(args.path));
        const m = await live.channel.request('read', { worker: ctx.workerId, args: toWire(args) }, async () => {
          // The barrier: the kit's read tool consumes this request's injection (the race write).
          await ctx.read(args).catch((e: unknown) => {
            if (e instanceof AdapterError) throw e; // the tool's own failure is the process's business
          });
        });
        note(m);
        const e = errorOf(m);
        if (e !== undefined) throw errorFrom(e);
        if (caps.counters && m.counters === undefined)
          throw live.channel.fail('declared capabilities.counters but sent a read reply without "counters"');
        for (const n of (m.counted as number[] | undefined) ?? []) ctx.onCount(n);
        claims.put(m.text as string, m.claim as Claim | undefined);
        return m.text as string;
      },
    };
    if (caps.staleServe)
      shim.stale = async (req: StaleRequest): Promise<string | null> => {
        live.sandbox.prepare(req.path);
        const m = await live.channel.request('stale', {
          worker: ctx.workerId,
          path: req.path,
          startLine: req.startLine,
          endLine: req.endLine,
        });
        note(m);
        const e = errorOf(m);
        if (e !== undefined) throw errorFrom(e);
        if (m.text === null) return null;
        claims.put(m.text as string, m.claim as Claim | undefined);
        return m.text as string;
      };
    if (caps.forget)
      shim.forget = async (path?: string): Promise<void> => {
        const m = await live.channel.request('forget', {
          worker: ctx.workerId,
          ...defined({ path }),
        });
        note(m);
        const e = errorOf(m);
        if (e !== undefined) throw errorFrom(e);
      };
    if (caps.counters) shim.counters = () => counters;
    // spec 2.1 "Batch reads": one readMany request per call (adapters/process/read-many.ts).
    if (caps.batch) {
      const answer = (m: Message): Message => {
        note(m);
        const e = errorOf(m);
        if (e !== undefined) throw errorFrom(e);
        return m;
      };
      shim.readMany = ({ paths }) =>
        readManyOverWire({ channel: live.channel, sandbox: live.sandbox, claims, ctx, caps, answer }, paths);
    }
    return shim;
  };

  // The surface process: the handshake that declares the capabilities, then the surface probes.
  const surface = launch(true);
  try {
    first = await surface.hello;
  } catch (e) {
    await end(surface);
    throw e;
  }
  capabilities = first.capabilities;
  const surfaceClaims = new ClaimQueue();
  const spares: Live[] = [];
  let probeWorkers = 0;
  let lendable = o.lendSurface === true;
  let lent = false;

  const latched = (): void => {
    if (failure !== undefined) throw failure;
    if (lent)
      throw new AdapterError(
        `the surface process of ${o.command} serves a replayed history, not the surface probes (a kit bug)`,
      );
  };

  const surfaceOps = {
    ...(capabilities.armResolver
      ? {
          resolveArm: async (flag: unknown): Promise<Levers> => {
            latched();
            const m = await surface.channel.request('resolveArm', flag === undefined ? {} : { flag: toWire(flag) });
            const e = errorOf(m);
            if (e !== undefined) throw errorFrom(e);
            return m.levers as Levers;
          },
        }
      : {}),
    ...(capabilities.persona
      ? {
          persona: async (arm: ArmName, cap: number, seal: string): Promise<string | null> => {
            latched();
            const m = await surface.channel.request('persona', { arm, cap: toWire(cap), seal });
            return m.text as string | null;
          },
        }
      : {}),
  };

  const adapter: ProcessAdapter = {
    name: `process:${first.name}`,
    capabilities,
    // Spec 2.1: its sandbox holds real symlinks and hardlinks (adapters/process/sandbox.ts).
    mirrorsLinks: true,
    surface: surfaceOps,
    failure: () => failure,
    // Outside a history (the CAP-PARAM probe): a worker of the surface process.
    async create(ctx: AdapterContext): Promise<WorkerShim> {
      latched();
      return workerShim(surface, surfaceClaims, { ...ctx, workerId: `probe-${++probeWorkers}` });
    },
    decode(text: string, info: DecodeInfo): Claim {
      return sizedClaim(surfaceClaims.take(text), info);
    },
    async openHistory(_info: HistoryInfo): Promise<HistoryHandle> {
      if (failure !== undefined) throw failure;
      let live = spares.shift();
      if (live === undefined && lendable) {
        lendable = false;
        lent = true;
        live = surface;
      }
      live ??= launch(false);
      while (spares.length < prespawn) spares.push(launch(false));
      try {
        await live.hello;
      } catch (e) {
        await end(live);
        throw e;
      }
      const claims = new ClaimQueue();
      let closed = false;
      live.sandbox.foldCase = capabilities.caseInsensitive === true;
      return {
        opTimeoutMs: timeoutMs,
        injectsFailures: false,
        create: (ctx) => workerShim(live, claims, ctx),
        write: (path, content, mtimeMs) => live.sandbox.write(path, content, mtimeMs),
        delete: (path) => live.sandbox.delete(path),
        symlink: (path, target, mtimeMs) => live.sandbox.symlink(path, target, mtimeMs),
        hardlink: (path, existing) => live.sandbox.hardlink(path, existing),
        decode: (text, info) => sizedClaim(claims.take(text), info),
        breach: () => live.breach,
        async close() {
          if (closed) return;
          closed = true;
          await end(live);
        },
      };
    },
    async close() {
      spares.length = 0;
      await Promise.all([...everything].map(end));
      await Promise.all([...exiting]);
    },
  };
  return adapter;
}
