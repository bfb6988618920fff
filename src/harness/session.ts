/**
 * Drives one adapter through one history: a fresh World, one WorkerShim per worker, every event
 * applied in order (a batch of reads concurrently). Records what the shim answered and what the
 * inner tool would have answered, for the oracle to judge. An adapter with openHistory (a process)
 * gets one handle per history: every write and delete is mirrored through it, and close() ends it.
 */
import { claimProblem, type Claim } from '../core/claims.ts';
import { AdapterError, UsageError } from '../core/errors.ts';
import type { HostToolBound } from '../core/host-tool.ts';
import { leverList, type Mode } from '../core/levers.ts';
import { requestKey, resolvePath } from '../core/paths.ts';
import { pickReattached } from '../core/reinject.ts';
import {
  eventPathProblem,
  writtenContent,
  type ReadEvent,
  type RecordedResponse,
  type StaleEvent,
  type TraceEvent,
} from '../core/trace.ts';
import {
  isShimAdapter,
  type AdapterContext,
  type AnyWorkerShim,
  type BytesShimAdapter,
  type Counters,
  type DrivenAdapter,
  type HistoryHandle,
  type ReadArgs,
  type ShimAdapter,
  type ToolOutput,
} from '../core/contract.ts';
import { World, ToolError, TOOL_ERROR_CODES, pagedTruth, type FileState, type ToolResult } from './world.ts';
import { REFUSAL_CODES, isToolNotice } from './host-tool.ts';
import { batchPathsProblem, splitBatch } from '../core/batch.ts';
import { argsText, awaitAdapter, blame, callAdapter } from './blame.ts';
import { defined } from '../core/defined.ts';
import { Utf8Lengths } from '../core/utf8-length.ts';

export { AdapterError };

export interface RunConfig {
  /** The arm or the declared levers every worker of the history runs under. */
  readonly mode: Mode;
  readonly cap: number;
  readonly seal: string;
  /** The host tool's bound (ground truth is the bounded text). */
  readonly tool?: HostToolBound;
  /** Per-operation limit for an in-process shim that never settles (an adapter error, not a verdict). */
  readonly opTimeoutMs?: number;
}

/** How long one call of an in-process adapter may take to settle unless --timeout says otherwise (docs/reference/cli.md "Timeouts"). */
export const DEFAULT_SETTLE_MS = 10_000;

export interface ReadOutcome {
  readonly kind: 'read';
  readonly index: number;
  readonly event: ReadEvent;
  /** What the inner tool returns for this request at request time. */
  readonly truth: ToolResult;
  /** The host's identity of the path at request time, when it is not the resolved spelling (spec 2.1 "Links and case"). */
  readonly identity?: string;
  /** Spec 2.2: the name it was requested under (World.nameOf) and the file's realpath then (spec/SPEC.md "Knowledge"). */
  readonly name?: string;
  readonly realpath?: string;
  /** Spec 2.2: the identity's text at request time (World.versionOf), before any race. */
  readonly version?: string;
  /** For a read the kit made fail on purpose: what the tool would have returned otherwise. */
  readonly failedOver?: string;
  /**
   * The kit made the tool fail for this request but the shim answered without calling it: the
   * failure never happened, `truth` is what the tool returns now (spec/SPEC.md PASSTHROUGH).
   */
  readonly toolSkipped?: true;
  readonly response: RecordedResponse;
  readonly claim?: Claim;
  /** The shim rejected with an error that is not the read tool's ("TypeError: …"): a crash, not an answer. */
  readonly crash?: string;
  /** ctx.onCount calls made while this response (or its batch) was produced. */
  readonly countCalls: readonly number[];
  /** counters() after minus before, when the shim has counters. */
  readonly countDelta?: Counters;
  /** Reads issued together with this one (same batch), including itself. */
  readonly batchSize: number;
}

export interface StaleOutcome {
  readonly kind: 'stale';
  readonly index: number;
  readonly event: StaleEvent;
  readonly fileNow: FileState | undefined;
  readonly identity?: string;
  readonly response: RecordedResponse;
  readonly claim?: Claim;
}

export interface OtherOutcome {
  readonly kind: 'other';
  readonly index: number;
  readonly event: TraceEvent;
  /** A forget's path: the host's identity of it, when it is not the resolved spelling. */
  readonly identity?: string;
  /** Spec 2.2: a forget's path as a name (World.nameOf): what was delivered under it is forgotten. */
  readonly name?: string;
  /** A whole-worker forget: the files the host re-attached, with the text it showed (spec/SPEC.md "Re-injection after compaction"). */
  readonly reattached?: readonly Reattached[];
}

/** A file re-attached after a compaction: its path (resolved) and the host tool's whole-file text now. */
export interface Reattached {
  readonly path: string;
  readonly text: string;
  /** Spec 2.2: the file's name, realpath and text on disk when re-attached (a delivery under that name). */
  readonly name?: string;
  readonly realpath?: string;
  readonly version?: string;
}

export type Outcome = ReadOutcome | StaleOutcome | OtherOutcome;

interface Injection {
  fail?: string;
  race?: { content: string; mtimeMs: number };
  path: string;
}

interface Worker {
  readonly shim: AnyWorkerShim;
  readonly injections: Map<string, Injection[]>;
  /** Errors the kit's read tool threw to this worker's shim (a rejection with one of them is passed on, not a crash). */
  readonly thrown: Set<unknown>;
  countCalls: number[];
  /** The distinct resolved paths this worker requested, least recently first (re-injection picks the last). */
  readonly requested: string[];
  /** The host's session id for this worker (its own id unless a subagent shares its parent's). */
  readonly session: string;
}

/** How a worker's shim instance comes to be (spec/SPEC.md "Forks and resumed sessions"). */
interface Start {
  readonly forkOf?: string;
  readonly session?: string;
  readonly resumed?: true;
  /** The requests the worker's transcript already holds (a fork's, a resumed worker's). */
  readonly requested?: readonly string[];
}

function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : String(e);
}

/** Where a call that does not settle waits: `worker w1: read({"path":"a.ts"})`. */
const callText = (worker: string, call: string, args?: unknown): string =>
  `worker ${worker}: ${call}(${args === undefined ? '' : argsText(args)})`;

/** A rejection that carries the read tool's error (the same object, or a code the tool fails with), or a crash. */
function crashOf(e: unknown, thrown: ReadonlySet<unknown>): string | undefined {
  if (thrown.has(e)) return undefined;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOOL_ERROR_CODES.has(code)) return undefined;
  const name = e instanceof Error ? e.name : typeof e;
  return `${name}: ${errorText(e).split('\n')[0]}`;
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AdapterError(`${what} did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The last index of the read group that starts at `index`: a concurrent batch (`batch`) or one
 * batch read call (`call`, spec 2.1) of one worker, consecutive events; else the read alone.
 */
export function groupEnd(events: readonly TraceEvent[], index: number): number {
  const e = events[index] as ReadEvent;
  let last = index;
  if (e.batch === undefined && e.call === undefined) return last;
  while (last + 1 < events.length) {
    const n = events[last + 1]!;
    if (n.type !== 'read' || n.worker !== e.worker) break;
    if (e.call !== undefined ? n.call !== e.call : n.batch !== e.batch) break;
    last++;
  }
  return last;
}

/** The files of `paths` the host's read tool can show whole now, with that text (a missing or refused one is left out). */
export function reattachedIn(world: World, paths: readonly string[]): Reattached[] {
  const out: Reattached[] = [];
  for (const path of paths) {
    const t = world.toolResult({ path: resolvePath(path) });
    if (t.ok)
      out.push({
        path: resolvePath(path),
        text: t.text,
        name: world.nameOf(path),
        realpath: world.realpath(path) ?? world.nameOf(path),
        ...defined({ version: world.versionOf(path) }),
      });
  }
  return out;
}

/** Spec 2.2: a read's name, the file's realpath and its text on disk now (spec/SPEC.md "Knowledge"). */
export function readNaming(world: World, path: string): { name: string; realpath: string; version?: string } {
  const name = world.nameOf(path);
  return { name, realpath: world.realpath(path) ?? name, ...defined({ version: world.versionOf(path) }) };
}

export class Session {
  readonly world: World;
  readonly #workers = new Map<string, Worker>();
  /** The host's disk for this history (ctx.store, with capabilities.sessions): it outlives every shim instance. */
  readonly #store = new Map<string, unknown>();
  readonly #lengths = new Utf8Lengths();
  #timeout: number;
  /** The history's handle (adapters with openHistory); opened before the first event. */
  #history: HistoryHandle | undefined;
  /** The adapter itself when it creates workers and decodes outside a history (every ShimAdapter). */
  readonly #shared: ShimAdapter | BytesShimAdapter | undefined;
  #opened = false;
  #closed = false;
  #breach: AdapterError | undefined;

  constructor(
    readonly adapter: DrivenAdapter,
    readonly config: RunConfig,
  ) {
    this.#shared = isShimAdapter(adapter) ? adapter : undefined;
    this.#timeout = config.opTimeoutMs ?? DEFAULT_SETTLE_MS;
    this.world = new World(config.tool, defined({ caseInsensitive: adapter.capabilities.caseInsensitive }));
    this.#levers = leverList(config.mode.levers);
  }

  /** The levers in force, listed once (every decode is told them). */
  readonly #levers: ReturnType<typeof leverList>;

  #info(): { arm: RunConfig['mode']['arm']; levers: ReturnType<typeof leverList>; cap: number; seal: string } {
    return { arm: this.config.mode.arm, levers: [...this.#levers], cap: this.config.cap, seal: this.config.seal };
  }

  async #open(): Promise<void> {
    if (this.#opened) return;
    this.#opened = true;
    if (this.adapter.openHistory === undefined) return;
    let h: HistoryHandle;
    try {
      h = await this.adapter.openHistory({ ...this.#info(), ...(this.config.tool ? { tool: this.config.tool } : {}) });
    } catch (e) {
      throw blame(this.adapter.name, 'openHistory()', e);
    }
    this.#history = h;
    // The handle enforces its own limit (and reports better); ours is only the backstop.
    if (h.opTimeoutMs !== undefined) this.#timeout = Math.max(this.#timeout, h.opTimeoutMs * 3 + 1_000);
    if (this.#closed) await this.close();
  }

  /** Ends the history's handle (process, sandbox). Safe to call more than once. */
  async close(): Promise<void> {
    this.#closed = true;
    const h = this.#history;
    this.#history = undefined;
    if (h !== undefined) {
      await awaitAdapter(this.adapter.name, "the history handle's close()", () => h.close());
      const b = callAdapter(this.adapter.name, "the history handle's breach()", () => h.breach?.());
      if (b !== undefined) this.#breach ??= b instanceof AdapterError ? b : new AdapterError(b.message);
    }
  }

  /** A breach the history's handle found outside any call (after close()): the history ends the run with it. */
  get breach(): AdapterError | undefined {
    return this.#breach;
  }

  /** A write of ground truth, mirrored to the history's disk; the World holds what the disk holds. */
  #write(path: string, content: string | Uint8Array, mtimeMs: number): void {
    const h = this.#history;
    if (typeof content !== 'string') {
      // Spec 2.1: bytes are written as they are (a handle that cannot write bytes is not played them).
      if (h !== undefined && h.writeBytes === undefined)
        throw new AdapterError(
          `adapter ${this.adapter.name} cannot mirror a write of bytes to its disk: replay this trace with an in-process or process adapter`,
        );
      callAdapter(this.adapter.name, "the history handle's writeBytes()", () =>
        h?.writeBytes?.(path, content, mtimeMs),
      );
      this.world.write(path, content, mtimeMs);
      return;
    }
    const stored =
      h !== undefined
        ? callAdapter(this.adapter.name, "the history handle's write()", () => h.write(path, content, mtimeMs))
        : content;
    this.world.write(path, stored, mtimeMs);
  }

  async #worker(id: string, start?: Start): Promise<Worker> {
    const have = this.#workers.get(id);
    if (have && start === undefined) return have;
    const injections = new Map<string, Injection[]>();
    const thrown = new Set<unknown>();
    const session = start?.session ?? id;
    const w: { countCalls: number[]; requested: string[]; session: string } = {
      countCalls: [],
      requested: [...(start?.requested ?? [])],
      session,
    };
    const { arm, levers, cap, seal } = this.#info();
    const sessions = this.adapter.capabilities.sessions !== undefined;
    const ctx: AdapterContext<ToolOutput> = {
      workerId: id,
      arm,
      levers,
      cap,
      seal,
      ...(this.config.tool ? { tool: this.config.tool } : {}),
      ...(sessions ? { session, store: this.#store } : {}),
      ...defined({ forkOf: start?.forkOf, resumed: start?.resumed }),
      fs: this.world.fs,
      onCount: (withheld) => {
        w.countCalls.push(withheld);
      },
      read: async (args: ReadArgs) => {
        const key = requestKey(String(args?.path), args);
        const inj = injections.get(key)?.shift();
        const fail = (e: ToolError): never => {
          thrown.add(e);
          throw e;
        };
        if (inj?.fail !== undefined)
          fail(new ToolError(inj.fail, `${inj.fail}: the read tool failed for '${args.path}'`));
        const r = this.world.toolResult(args);
        if (inj?.race !== undefined) {
          this.#write(inj.path, inj.race.content, inj.race.mtimeMs);
          inj.race = undefined;
        }
        if (!r.ok) fail(new ToolError(r.code, r.message));
        // Spec 2.1: behind `tool.binary: 'bytes'` a binary file is its bytes (a copy: the shim may keep it).
        const ok = r as { text: string; bytes?: Buffer };
        return ok.bytes !== undefined ? new Uint8Array(ok.bytes) : ok.text;
      },
    };
    // A text-only context is the same object: `read` resolves to bytes only behind `tool.binary: 'bytes'`.
    const textCtx = ctx as AdapterContext;
    let shim: AnyWorkerShim;
    try {
      const h = this.#history;
      const made = h !== undefined ? h.create(textCtx) : Promise.resolve(this.#maker().create(ctx));
      shim = await withTimeout(made, this.#timeout, `adapter ${this.adapter.name}: ${callText(id, 'create')}`);
    } catch (e) {
      throw blame(this.adapter.name, 'create()', e);
    }
    if (typeof shim?.read !== 'function')
      throw new AdapterError(`adapter ${this.adapter.name}: create() must return an object with read(args)`);
    const worker: Worker = Object.assign(w, { shim, injections, thrown });
    this.#workers.set(id, worker);
    return worker;
  }

  /** The in-process adapter that creates workers (a text adapter's create takes the same context: its read never resolves bytes). */
  #maker(): BytesShimAdapter {
    return this.#outside('create');
  }

  /** The in-process adapter, for a call no open history handles; a history-only adapter has none. */
  #outside(call: 'create' | 'decode'): ShimAdapter | BytesShimAdapter {
    if (this.#shared !== undefined) return this.#shared;
    throw new AdapterError(`adapter ${this.adapter.name}: ${call}() outside an open history`);
  }

  /** A response's claim: bytes are the tool's output untouched (spec 2.1), text is decoded. */
  #claimOf(response: { text: string; binary?: true }, op: 'read', path: string, content: ToolResult): Claim {
    if (response.binary === true) return { kind: 'verbatim' };
    // Spec 2.2: the tool's notice passed on as text is its failure passed on (SPEC "A notice instead of content").
    if (!content.ok && content.code === REFUSAL_CODES.notice && isToolNotice(response.text, this.world.tool))
      return { kind: 'refusal', reason: 'unreadable' };
    return this.#decode(response.text, op, path, content);
  }

  #decode(text: string, op: 'read' | 'stale', path: string, content?: ToolResult): Claim {
    let claim: unknown;
    try {
      const bytes = content === undefined ? undefined : content.ok ? this.#lengths.of(content.text) : 0;
      const info = { ...this.#info(), op, path, ...defined({ contentBytes: bytes }) };
      claim =
        this.#history?.decode !== undefined
          ? this.#history.decode(text, info)
          : this.#outside('decode').decode(text, info);
    } catch (e) {
      if (e instanceof AdapterError || e instanceof UsageError) throw e;
      throw new AdapterError(
        `adapter ${this.adapter.name}: decode() threw on a ${op} response: ${errorText(e)} (response starts ${JSON.stringify(text.slice(0, 80))})`,
        { cause: e },
      );
    }
    const p = claimProblem(claim);
    if (p) throw new AdapterError(`adapter ${this.adapter.name}: decode() returned a malformed claim: ${p}`);
    return claim as Claim;
  }

  /** Applies events from `index`; returns the outcomes of the events consumed (a whole batch at once). */
  async step(events: readonly TraceEvent[], index: number): Promise<Outcome[]> {
    const e = events[index]!;
    // The one path domain, for events that never went through parseTrace (src/core/trace.ts).
    const outside = eventPathProblem(e);
    if (outside !== undefined) throw new UsageError(`event ${index + 1}: ${outside}`);
    await this.#open();
    switch (e.type) {
      case 'write':
        this.#write(e.path, writtenContent(e), e.mtimeMs);
        return [{ kind: 'other', index, event: e }];
      case 'delete':
        callAdapter(this.adapter.name, "the history handle's delete()", () => this.#history?.delete(e.path));
        this.world.delete(e.path);
        return [{ kind: 'other', index, event: e }];
      case 'symlink':
      case 'hardlink':
        this.#link(e);
        return [{ kind: 'other', index, event: e }];
      case 'worker':
        await this.#worker(e.id);
        return [{ kind: 'other', index, event: e }];
      case 'fork': {
        if (this.#workers.has(e.worker))
          throw new UsageError(`event ${index + 1}: fork names worker ${e.worker}, which already exists`);
        const parent = await this.#worker(e.parent);
        await this.#worker(e.worker, {
          ...(e.fresh ? {} : { forkOf: e.parent, requested: parent.requested }),
          ...(e.session === 'shared' ? { session: parent.session } : {}),
        });
        return [{ kind: 'other', index, event: e }];
      }
      case 'resume': {
        // A new shim instance for the same worker and session; the old one is dropped unseen.
        const old = await this.#worker(e.worker);
        await this.#worker(e.worker, { session: old.session, resumed: true, requested: old.requested });
        return [{ kind: 'other', index, event: e }];
      }
      case 'forget': {
        const w = await this.#worker(e.worker);
        const forget = w.shim.forget?.bind(w.shim);
        const call = callText(e.worker, 'forget', e.path);
        const said =
          forget !== undefined
            ? await awaitAdapter(this.adapter.name, `forget(${e.path === undefined ? '' : argsText(e.path)})`, () =>
                withTimeout(Promise.resolve(forget(e.path)), this.#timeout, `adapter ${this.adapter.name}: ${call}`),
              )
            : undefined;
        const reattached = this.#reattach(w, e, this.#observed(said));
        const identity = e.path === undefined ? undefined : this.world.identity(e.path);
        const name = e.path === undefined ? undefined : this.world.nameOf(e.path);
        return [
          {
            kind: 'other',
            index,
            event: e,
            ...defined({ identity, name }),
            ...(reattached ? { reattached } : {}),
          },
        ];
      }
      case 'stale':
        return [await this.#stale(e, index)];
      case 'read': {
        const last = groupEnd(events, index);
        return this.#reads(events.slice(index, last + 1) as ReadEvent[], index, e.call !== undefined);
      }
    }
  }

  /** A link made in the World and mirrored to the history's disk (a handle that cannot make links refuses). */
  #link(e: TraceEvent & { type: 'symlink' | 'hardlink' }): void {
    const h = this.#history;
    if (h !== undefined && (e.type === 'symlink' ? h.symlink === undefined : h.hardlink === undefined))
      throw new AdapterError(
        `adapter ${this.adapter.name} cannot mirror a ${e.type} to its disk: replay this trace with an in-process or process adapter`,
      );
    try {
      if (e.type === 'symlink') this.world.symlink(e.path, e.target, e.mtimeMs);
      else this.world.hardlink(e.path, e.existing);
    } catch (err) {
      throw new UsageError(`${e.type} ${JSON.stringify(e.path)}: ${errorText(err)}`);
    }
    callAdapter(this.adapter.name, `the history handle's ${e.type}()`, () => {
      if (e.type === 'symlink') h?.symlink?.(e.path, e.target, e.mtimeMs);
      else h?.hardlink?.(e.path, e.existing);
    });
  }

  /**
   * What the host re-attaches after a whole-worker forget: what the driver saw it re-attach (an
   * agent CLI's next request), else the event's own list (a recorded trace), else the declared
   * policy (capabilities.reinject) over the worker's requests.
   */
  #reattach(
    w: Worker,
    e: TraceEvent & { type: 'forget' },
    observed: readonly string[] | undefined,
  ): Reattached[] | undefined {
    if (e.path !== undefined) return undefined;
    const r = this.adapter.capabilities.reinject;
    const paths = observed ?? e.reattached ?? (r !== undefined ? pickReattached(w.requested, r) : undefined);
    return paths === undefined ? undefined : reattachedIn(this.world, paths);
  }

  /** The paths a forget() said the host re-attached (WorkerShim.forget's ForgetResult), checked. */
  #observed(said: unknown): readonly string[] | undefined {
    if (typeof said !== 'object' || said === null) return undefined;
    const r = (said as { reattached?: unknown }).reattached;
    if (r === undefined) return undefined;
    if (!Array.isArray(r) || !r.every((x) => typeof x === 'string'))
      throw new AdapterError(
        `adapter ${this.adapter.name}: forget() resolved "reattached" that is not a list of paths`,
      );
    return r;
  }

  async #stale(e: StaleEvent, index: number): Promise<StaleOutcome> {
    const w = await this.#worker(e.worker);
    const fileNow = this.world.file(e.path);
    let response: RecordedResponse;
    if (!w.shim.stale) response = { none: true };
    else {
      try {
        const req = { path: e.path, startLine: e.startLine, endLine: e.endLine };
        const r = await withTimeout(
          w.shim.stale(req),
          this.#timeout,
          `adapter ${this.adapter.name}: ${callText(e.worker, 'stale', req)}`,
        );
        if (r !== null && typeof r !== 'string')
          throw new AdapterError(`adapter ${this.adapter.name}: stale() must resolve to a string or null`);
        response = r === null ? { none: true } : { text: r };
      } catch (err) {
        if (err instanceof AdapterError) throw err;
        response = { error: errorText(err) };
      }
    }
    const claim = 'text' in response ? this.#decode(response.text, 'stale', e.path) : undefined;
    const identity = this.world.identity(e.path);
    return { kind: 'stale', index, event: e, fileNow, ...defined({ identity }), response, ...(claim ? { claim } : {}) };
  }

  /** A batch read call's paths, checked against what the subject declares (spec/SPEC.md "Batch reads"). */
  #callPaths(w: Worker, batch: readonly ReadEvent[], index: number): readonly string[] {
    if (this.adapter.capabilities.batch !== true || w.shim.readMany === undefined)
      throw new AdapterError(
        `event ${index + 1} is a batch read call, but adapter ${this.adapter.name} ${this.adapter.capabilities.batch === true ? 'declares capabilities.batch and its shim has no readMany' : 'declares no capabilities.batch'}: replay this trace with a subject that has a batch read tool`,
      );
    const paths = batch.map((e) => e.path);
    const p = batchPathsProblem(paths);
    if (p !== undefined) throw new UsageError(`event ${index + 1}: ${p}`);
    return paths;
  }

  /** One readMany for the whole call, cut into one settled response per path (spec/SPEC.md "Batch reads"). */
  async #settleCall(
    w: Worker,
    worker: string,
    paths: readonly string[],
  ): Promise<{ response: RecordedResponse; crash?: string }[]> {
    let r: unknown;
    try {
      r = await withTimeout(
        w.shim.readMany!({ paths }),
        this.#timeout,
        `adapter ${this.adapter.name}: ${callText(worker, 'readMany', { paths })}`,
      );
    } catch (err) {
      if (err instanceof AdapterError) throw err;
      const crash = crashOf(err, w.thrown);
      return paths.map(() => ({ response: { error: errorText(err) }, ...defined({ crash }) }));
    }
    const split = typeof r === 'string' ? this.#split(r, paths) : r;
    if (!Array.isArray(split) || split.length !== paths.length)
      throw new AdapterError(
        `adapter ${this.adapter.name}: readMany() must resolve to a string or a list of ${paths.length} parts (one per path), got ${Array.isArray(split) ? `${split.length} parts` : typeof split}`,
      );
    return split.map((part: unknown, i) => {
      if (typeof part === 'string') return { response: { text: part } };
      const error = (part as { error?: unknown } | null)?.error;
      if (typeof error !== 'string')
        throw new AdapterError(
          `adapter ${this.adapter.name}: readMany() part ${i + 1} (${paths[i]!}) is neither a string nor { error: string }`,
        );
      return { response: { error } };
    });
  }

  /** A combined batch text cut into parts: the adapter's splitBatch, else the kit's format. */
  #split(text: string, paths: readonly string[]): readonly unknown[] {
    const shared = this.#shared;
    let parts: unknown;
    try {
      parts = shared?.splitBatch !== undefined ? shared.splitBatch(text, paths) : splitBatch(text, paths);
    } catch (e) {
      throw blame(this.adapter.name, 'splitBatch()', e);
    }
    if (typeof parts === 'string')
      throw new AdapterError(
        `adapter ${this.adapter.name}: a batch response of ${paths.length} paths cannot be split: ${parts} (response starts ${JSON.stringify(text.slice(0, 80))})`,
      );
    if (Array.isArray(parts) && shared?.splitBatch !== undefined && parts.length !== paths.length)
      throw new AdapterError(
        `adapter ${this.adapter.name}: splitBatch() must return one part per path: ${parts.length} parts for ${paths.length} paths`,
      );
    // A part is what the worker was shown of its file: it lies in the combined text, after the
    // parts before it, as a decoder's body must (SPEC.md "Batch reads"). A splitBatch cannot launder.
    if (Array.isArray(parts)) {
      let at = 0;
      for (const [i, part] of (parts as readonly unknown[]).entries()) {
        if (typeof part !== 'string') continue;
        const found = text.indexOf(part, at);
        if (found === -1)
          throw new AdapterError(
            `adapter ${this.adapter.name}: splitBatch() part ${i + 1} (${paths[i] ?? '?'}) is not in the combined text after the parts before it: a part must be text the worker was shown`,
          );
        at = found + part.length;
      }
    }
    return parts as readonly unknown[];
  }

  async #reads(batch: readonly ReadEvent[], index: number, call = false): Promise<ReadOutcome[]> {
    const w = await this.#worker(batch[0]!.worker);
    const paths = call ? this.#callPaths(w, batch, index) : undefined;
    const counters = (): Counters | undefined =>
      callAdapter(this.adapter.name, `counters() of worker ${batch[0]!.worker}`, () => w.shim.counters?.());
    const counters0 = counters();
    w.countCalls = [];
    for (const e of batch) {
      const p = resolvePath(e.path);
      const at = w.requested.indexOf(p);
      if (at !== -1) w.requested.splice(at, 1);
      w.requested.push(p);
    }
    const prepared = batch.map((e, i) => {
      if (e.fail !== undefined && this.#history?.injectsFailures === false)
        throw new AdapterError(
          `event ${index + i + 1} makes the read tool fail (${e.fail}), but adapter ${this.adapter.name} reads the disk itself, so the kit cannot inject tool failures into it; replay this trace with an in-process adapter`,
        );
      const args: ReadArgs = { ...(e.args ?? {}), path: e.path };
      const key = requestKey(e.path, args);
      const real = this.world.toolResult(args);
      const truth: ToolResult =
        e.fail !== undefined
          ? { ok: false, code: e.fail, message: `${e.fail}: the read tool failed for '${e.path}'` }
          : real;
      const failedOver = e.fail !== undefined && real.ok ? real.text : undefined;
      const identity = this.world.identity(e.path);
      const naming = readNaming(this.world, e.path);
      const inj: Injection = {
        path: e.path,
        ...defined({ fail: e.fail }),
        ...(e.race ? { race: { ...e.race } } : {}),
      };
      const list = w.injections.get(key) ?? [];
      list.push(inj);
      w.injections.set(key, list);
      return { e, args, key, truth, real, inj, failedOver, identity, naming };
    });
    const settled =
      paths !== undefined
        ? await this.#settleCall(w, batch[0]!.worker, paths)
        : await Promise.all(
            prepared.map(async ({ args }): Promise<{ response: RecordedResponse; crash?: string }> => {
              try {
                const r: unknown = await withTimeout(
                  w.shim.read(args),
                  this.#timeout,
                  `adapter ${this.adapter.name}: ${callText(batch[0]!.worker, 'read', args)}`,
                );
                // Spec 2.1: bytes are the tool's output passed on (an image part), recorded as their base64.
                if (r instanceof Uint8Array)
                  return {
                    response: {
                      text: Buffer.from(r.buffer, r.byteOffset, r.byteLength).toString('base64'),
                      binary: true,
                    },
                  };
                if (typeof r !== 'string')
                  throw new AdapterError(
                    `adapter ${this.adapter.name}: read() must resolve to a string or a Uint8Array (got ${typeof r})`,
                  );
                if (this.#history?.bytes?.(r) === true) return { response: { text: r, binary: true } };
                return { response: { text: r, ...defined({ raw: this.#history?.raw?.(r) }) } };
              } catch (err) {
                if (err instanceof AdapterError) throw err;
                const crash = crashOf(err, w.thrown);
                return { response: { error: errorText(err) }, ...defined({ crash }) };
              }
            }),
          );
    // An injection the shim never consumed (it did not call the tool) is dropped; a race still happens.
    const skipped = new Set<number>();
    prepared.forEach((p, n) => {
      const list = w.injections.get(p.key);
      const i = list?.indexOf(p.inj) ?? -1;
      if (list && i !== -1) list.splice(i, 1);
      if (i !== -1 && p.inj.fail !== undefined) skipped.add(n);
    });
    for (const p of prepared) {
      if (p.inj.race) this.#write(p.e.path, p.inj.race.content, p.inj.race.mtimeMs);
    }
    const counters1 = counters();
    const countDelta =
      counters0 && counters1
        ? {
            pointered: counters1.pointered - counters0.pointered,
            capped: counters1.capped - counters0.capped,
            bytesWithheld: counters1.bytesWithheld - counters0.bytesWithheld,
          }
        : undefined;
    const calls = w.countCalls;
    return prepared.map((p, i) => {
      const { response, crash } = settled[i]!;
      // An answer that skipped the tool is judged against what the tool returns now, never as a passed-on failure.
      const skip = skipped.has(i);
      const shown = 'text' in response && response.binary !== true ? response.text : undefined;
      const truth = pagedTruth(skip ? p.real : p.truth, shown, this.config.tool);
      const claim = 'text' in response ? this.#claimOf(response, 'read', p.e.path, truth) : undefined;
      return {
        kind: 'read',
        index: index + i,
        event: p.e,
        ...defined({ identity: p.identity }),
        ...p.naming,
        truth,
        response,
        ...defined({ crash }),
        ...(skip ? { toolSkipped: true as const } : p.failedOver !== undefined ? { failedOver: p.failedOver } : {}),
        ...(claim ? { claim } : {}),
        countCalls: calls,
        ...(countDelta ? { countDelta } : {}),
        batchSize: batch.length,
      };
    });
  }

  /** Runs a whole history, outcome by outcome. */
  async *run(events: readonly TraceEvent[]): AsyncGenerator<Outcome> {
    let i = 0;
    while (i < events.length) {
      const out = await this.step(events, i);
      for (const o of out) yield o;
      i += out.length;
    }
  }
}
