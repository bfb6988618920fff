/**
 * What a run in a worker thread shares with the thread that watches it: a heartbeat the
 * worker's event loop bumps, and the adapter call it is in, written synchronously into shared
 * memory — so the watcher can read them while the worker is stuck in a synchronous loop.
 */

/** How often the worker's event loop beats. */
export const BEAT_MS = 100;
/**
 * The watchdog never fires before this, whatever --timeout says: the kit's own synchronous stretches
 * (loading its modules, judging a 4 MiB file) take a few hundred ms of CPU, up to five times that
 * in wall time on a loaded 2-core machine.
 */
export const MIN_WATCHDOG_MS = 3_000;

const TEXT_BYTES = 2048;
/** The beat counter is the buffer's first Int32 (the worker's bootstrap bumps it before any module loads). */
export const BEAT = 0;
const LENGTH = 1;
/** Set once the kit's own modules have loaded in the worker: before that no adapter code has run. */
const READY = 2;
/** 1 while the adapter's module is loading (its top level, a top-level await included). */
const LOADING = 3;
const INTS = 4;
/**
 * Before READY the worker only loads the kit (tsx resolves modules synchronously, so a starved
 * loader stops the beat without any adapter code running): the watchdog waits this long then.
 */
export const KIT_LOAD_MS = 60_000;
/**
 * How long the adapter's module may take to load while the worker's event loop still beats (a
 * top-level await that never settles, with a timer keeping the loop alive); --timeout raises it.
 */
export const ADAPTER_LOAD_MS = 60_000;

export class WatchState {
  readonly buffer: SharedArrayBuffer;
  readonly #ints: Int32Array;
  readonly #text: Uint8Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(INTS * 4 + TEXT_BYTES)) {
    this.buffer = buffer;
    this.#ints = new Int32Array(buffer, 0, INTS);
    this.#text = new Uint8Array(buffer, INTS * 4, TEXT_BYTES);
  }

  beat(): void {
    Atomics.add(this.#ints, BEAT, 1);
  }

  markReady(): void {
    Atomics.store(this.#ints, READY, 1);
  }

  get ready(): boolean {
    return Atomics.load(this.#ints, READY) === 1;
  }

  /** Whether the adapter's module is loading now. */
  get loading(): boolean {
    return Atomics.load(this.#ints, LOADING) === 1;
  }

  set loading(on: boolean) {
    Atomics.store(this.#ints, LOADING, on ? 1 : 0);
  }

  get beats(): number {
    return Atomics.load(this.#ints, BEAT);
  }

  /** What the worker is waiting on ('' for nothing): the adapter call in progress. */
  set pending(text: string) {
    const bytes = new TextEncoder().encode(text);
    let n = Math.min(bytes.length, TEXT_BYTES);
    while (n > 0 && n < bytes.length && (bytes[n]! & 0xc0) === 0x80) n--; // never a split character
    Atomics.store(this.#ints, LENGTH, 0);
    this.#text.set(bytes.subarray(0, n));
    Atomics.store(this.#ints, LENGTH, n);
  }

  get pending(): string {
    const n = Atomics.load(this.#ints, LENGTH);
    return new TextDecoder().decode(this.#text.slice(0, n));
  }
}

/**
 * The adapter calls in progress, oldest first, mirrored into the shared state. One token per call:
 * set when the adapter is called, cleared when its result (or promise) settles.
 */
export class PendingCalls {
  readonly #state: WatchState;
  readonly #calls = new Map<number, string>();
  #next = 0;

  constructor(state: WatchState) {
    this.#state = state;
  }

  enter(what: string): number {
    const id = this.#next++;
    this.#calls.set(id, what);
    if (this.#calls.size === 1) this.#state.pending = what;
    return id;
  }

  loading(on: boolean): void {
    this.#state.loading = on;
  }

  leave(id: number): void {
    if (!this.#calls.delete(id)) return;
    const oldest = this.#calls.values().next();
    this.#state.pending = oldest.done ? '' : oldest.value;
  }
}
