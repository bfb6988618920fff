/**
 * A worker's shim over a live process (docs/reference/protocol.md "newWorker", "read", "readMany", "stale", "forget"):
 * each op one request on the process's channel, its reply's counters noted, its error thrown as
 * the shim's own, its claim queued for decoding (src/adapters/claim-queue.ts).
 */
import type { Claim } from '../../core/claims.ts';
import { AdapterError } from '../../core/errors.ts';
import { defined } from '../../core/defined.ts';
import type { ClaimQueue } from '../claim-queue.ts';
import type {
  AdapterContext,
  Capabilities,
  Counters,
  ReadArgs,
  StaleRequest,
  WorkerShim,
} from '../../core/contract.ts';
import type { Message } from './channel.ts';
import type { Live } from './processes.ts';
import { errorFrom, toWire, type WireError } from './protocol.ts';
import { readManyOverWire } from './read-many.ts';

/** The shim's own error a reply carries, thrown as a JS error; else the reply. */
export function unlessError(m: Message): Message {
  const e = m.error as WireError | undefined;
  if (e !== undefined) throw errorFrom(e);
  return m;
}

/** Starts a worker in the process (newWorker) and returns its shim, with the ops `caps` declare. */
export async function workerShim(
  live: Live,
  caps: Capabilities,
  claims: ClaimQueue,
  ctx: AdapterContext,
  bytes: Set<string> = new Set(),
): Promise<WorkerShim> {
  const reply = unlessError(
    await live.channel.request('newWorker', {
      worker: ctx.workerId,
      ...defined({ arm: ctx.arm }),
      levers: ctx.levers,
      cap: toWire(ctx.cap),
      seal: ctx.seal,
      // spec 2.1 "Forks and resumed sessions" (docs/reference/protocol.md "newWorker"): sent only when they apply.
      ...defined({ session: ctx.session, forkOf: ctx.forkOf, resumed: ctx.resumed }),
    }),
  );
  return new ProcessWorker(live, caps, claims, ctx, reply, bytes).shim();
}

class ProcessWorker {
  readonly #live: Live;
  readonly #caps: Capabilities;
  readonly #claims: ClaimQueue;
  readonly #ctx: AdapterContext;
  /** The latest counters a reply carried (capabilities.counters). */
  #counters: Counters;

  /** Spec 2.1: texts that are the base64 of bytes a read answered (HistoryHandle.bytes takes each once). */
  readonly #bytes: Set<string>;

  constructor(
    live: Live,
    caps: Capabilities,
    claims: ClaimQueue,
    ctx: AdapterContext,
    reply: Message,
    bytes: Set<string>,
  ) {
    this.#bytes = bytes;
    this.#live = live;
    this.#caps = caps;
    this.#claims = claims;
    this.#ctx = ctx;
    this.#counters = (reply.counters as Counters | undefined) ?? { pointered: 0, capped: 0, bytesWithheld: 0 };
  }

  shim(): WorkerShim {
    const caps = this.#caps;
    const shim: { -readonly [K in keyof WorkerShim]: WorkerShim[K] } = { read: (args) => this.#read(args) };
    if (caps.staleServe) shim.stale = (req) => this.#stale(req);
    if (caps.forget) shim.forget = (path) => this.#forget(path);
    if (caps.counters) shim.counters = () => this.#counters;
    // spec 2.1 "Batch reads": one readMany request per call (src/adapters/process/read-many.ts).
    if (caps.batch)
      shim.readMany = ({ paths }) =>
        readManyOverWire(
          {
            channel: this.#live.channel,
            sandbox: this.#live.sandbox,
            claims: this.#claims,
            ctx: this.#ctx,
            caps,
            answer: (m) => this.#answer(m),
          },
          paths,
        );
    return shim;
  }

  /** A reply's counters become the worker's; then its error, if any, is thrown. */
  #answer(m: Message): Message {
    if (m.counters !== undefined) this.#counters = m.counters as Counters;
    return unlessError(m);
  }

  /** The text a read or stale reply served, its claim queued. */
  #served(m: Message): string {
    this.#claims.put(m.text as string, m.claim as Claim | undefined);
    return m.text as string;
  }

  async #read(args: ReadArgs): Promise<string> {
    const { channel, sandbox } = this.#live;
    const ctx = this.#ctx;
    sandbox.prepare(String(args.path));
    const m = await channel.request('read', { worker: ctx.workerId, args: toWire(args) }, async () => {
      // The barrier: the kit's read tool consumes this request's injection (the race write).
      await ctx.read(args).catch((e: unknown) => {
        if (e instanceof AdapterError) throw e; // the tool's own failure is the process's business
      });
    });
    this.#answer(m);
    if (this.#caps.counters && m.counters === undefined)
      throw channel.fail('declared capabilities.counters but sent a read reply without "counters"');
    for (const n of (m.counted as number[] | undefined) ?? []) ctx.onCount(n);
    // Spec 2.1: bytes (an image part) travel as base64 and are judged as the tool's output, never decoded.
    if (typeof m.base64 === 'string') {
      this.#bytes.add(m.base64);
      return m.base64;
    }
    return this.#served(m);
  }

  async #stale(req: StaleRequest): Promise<string | null> {
    this.#live.sandbox.prepare(req.path);
    const m = await this.#live.channel.request('stale', {
      worker: this.#ctx.workerId,
      path: req.path,
      startLine: req.startLine,
      endLine: req.endLine,
    });
    this.#answer(m);
    if (m.text === null) return null;
    return this.#served(m);
  }

  async #forget(path?: string): Promise<void> {
    const m = await this.#live.channel.request('forget', {
      worker: this.#ctx.workerId,
      ...defined({ path }),
    });
    this.#answer(m);
  }
}
