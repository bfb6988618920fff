/**
 * `run --adapter <module>` in a worker thread, watched from the main thread. A
 * synchronous infinite loop in an adapter cannot be stopped from its own thread: the settle timeout
 * is a timer of that thread's event loop, which the loop starves. So the whole run (the adapter
 * and the session that drives it: they share synchronous calls — decode, counters, ctx.fs — and
 * object identity — OFF-IDENTITY) runs in a worker whose event loop beats into shared memory; when
 * the beat stops for longer than the settle timeout, the main thread ends the worker and the run
 * with exit 2, naming the adapter call in progress (src/cli/watchdog.ts).
 */
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../core/errors.ts';
import { progressEnabled, writeReport } from '../core/output.ts';
import { AdapterError } from '../harness/session.ts';
import type { FailedRule } from './failure-log.ts';
import { ADAPTER_LOAD_MS, BEAT, BEAT_MS, KIT_LOAD_MS, MIN_WATCHDOG_MS, WatchState } from './watchdog.ts';

/** What the worker posts when the run ends. */
export type ThreadResult =
  | { readonly kind: 'done'; readonly code: number }
  | { readonly kind: 'usage' | 'adapter'; readonly message: string; readonly stack?: string }
  | { readonly kind: 'bug'; readonly message: string; readonly stack?: string };

/** What the worker posts while the run goes on: report text for the kit's stdout, a rule that failed. */
export type ThreadNote =
  { readonly kind: 'report'; readonly text: string } | { readonly kind: 'failed'; readonly failed: FailedRule };

export interface ThreadOptions {
  /** argv of `run`, as given. */
  readonly argv: readonly string[];
  /** The settle timeout of the run (--timeout, or the in-process default). */
  readonly settleMs: number;
  /** Names the adapter in the message ("adapter ./x.ts"). */
  readonly who: string;
  /** How long the adapter's module may load (default: ADAPTER_LOAD_MS, or the settle timeout if longer). */
  readonly loadMs?: number;
  /** The worker's heap limit in MiB (--max-heap; default DEFAULT_HEAP_MB, or this thread's limit when lower). */
  readonly heapMb?: number;
  /** Told each rule that fails, as it fails (src/cli/failure-log.ts). */
  readonly onFailed?: (f: FailedRule) => void;
  /** Given the function that ends the worker (an interrupted run, src/cli/interrupt.ts): the run then never settles. */
  readonly started?: (stop: () => Promise<void>) => void;
}

const fromSources = import.meta.url.endsWith('.ts');
/**
 * The adapter thread's heap limit unless --max-heap says otherwise: an adapter that leaks is named
 * at 2 GiB, before a CI runner (7 GiB and up) swaps (README "--max-heap").
 */
export const DEFAULT_HEAP_MB = 2048;
/** How long the worker may take to exit after it posted its result. */
const EXIT_GRACE_MS = 1_000;

/**
 * The worker's first code: starts the heartbeat (loading the kit's modules takes a while and is no
 * hang), registers tsx as the bin does when the kit runs from its sources, then loads the entry.
 * Eval'd, so one bootstrap serves the sources and the built package.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
const beats = new Int32Array(workerData.buffer, 0, 2);
setInterval(() => Atomics.add(beats, ${BEAT}, 1), ${BEAT_MS}).unref();
(async () => {
  if (workerData.tsx) (await import(workerData.tsx.api)).register({ tsconfig: workerData.tsx.tsconfig });
  await import(workerData.entry);
})().catch((e) => { setImmediate(() => { throw e; }); });
`;

/** `60 s`, `500 ms`. */
function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export async function runInThread(o: ThreadOptions): Promise<number> {
  const state = new WatchState();
  const limit = Math.max(o.settleMs, MIN_WATCHDOG_MS);
  const loadLimit = o.loadMs ?? Math.max(o.settleMs, ADAPTER_LOAD_MS);
  // A worker without resource limits that exhausts its heap takes the whole process down with a
  // native stack; with them it ends alone (ERR_WORKER_OUT_OF_MEMORY) and the adapter can be named.
  const heapMb = o.heapMb ?? Math.min(DEFAULT_HEAP_MB, Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20));
  const entry = new URL(`./thread-entry.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  const tsx = fromSources
    ? {
        api: import.meta.resolve('tsx/esm/api'),
        tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
      }
    : undefined;
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { argv: o.argv, buffer: state.buffer, entry, tsx },
    // A worker's stdio is not a terminal: the main thread says whether progress is shown.
    env: { ...process.env, READSHIM_PROGRESS: progressEnabled() ? '1' : '0' },
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  // The worker's stdout is the adapter's (console.log): never the report stream, which it posts.
  worker.stdout.pipe(process.stderr, { end: false });
  worker.stderr.pipe(process.stderr, { end: false });
  const drained = Promise.all(
    [worker.stdout, worker.stderr].map((s) => new Promise<void>((r) => s.once('end', r).once('error', () => r()))),
  );

  let result: ThreadResult | undefined;
  let stuck: string | undefined;
  worker.on('message', (m: ThreadResult | ThreadNote) => {
    if (m.kind === 'report') return result === undefined ? writeReport(m.text) : undefined;
    if (m.kind === 'failed') return o.onFailed?.(m.failed);
    result = m;
    // The run is over: a timer the adapter left running must not keep the kit alive.
    setTimeout(() => void worker.terminate(), EXIT_GRACE_MS).unref();
  });
  let lastBeats = state.beats;
  let lastChange = Date.now();
  let loadingSince: number | undefined;
  const watch = setInterval(
    () => {
      const beats = state.beats;
      const now = Date.now();
      loadingSince = state.loading ? (loadingSince ?? now) : undefined;
      if (loadingSince !== undefined && now - loadingSince > loadLimit && stuck === undefined) {
        stuck = `${o.who}: its module never finished loading (a top-level await that never settles?) within ${seconds(loadLimit)}; the run was stopped (--timeout <ms> raises the limit)`;
        void worker.terminate();
        return;
      }
      if (beats !== lastBeats) {
        lastBeats = beats;
        lastChange = now;
        return;
      }
      if (now - lastChange <= (state.ready ? limit : Math.max(limit, KIT_LOAD_MS)) || stuck !== undefined) return;
      const pending = state.pending;
      stuck =
        pending !== ''
          ? `${o.who}: the kit's thread was blocked for more than ${limit} ms (a synchronous loop?) while ${pending} was in progress; the run was stopped (--timeout <ms> sets the limit)`
          : `${o.who}: the kit's thread was blocked for more than ${limit} ms outside any adapter call (a synchronous loop in a timer or callback of the adapter?); the run was stopped (--timeout <ms> sets the limit)`;
      void worker.terminate();
    },
    Math.min(250, Math.max(50, Math.floor(limit / 10))),
  );
  let interrupted = false;
  o.started?.(async () => {
    interrupted = true;
    await worker.terminate();
  });
  const crashed = await new Promise<unknown>((resolve) => {
    worker.once('error', (e) => resolve(e));
    worker.once('exit', () => resolve(undefined));
  });
  clearInterval(watch);
  if (interrupted) return new Promise<never>(() => {}); // the interrupt handler ends the kit
  await Promise.race([drained, new Promise((r) => setTimeout(r, 1000).unref())]);
  if (stuck !== undefined) throw new AdapterError(stuck);
  if (result === undefined && (crashed as { code?: unknown } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    const pending = state.pending;
    throw new AdapterError(
      `${o.who}: the run ran out of memory (its thread's heap limit, ${heapMb} MiB)${pending !== '' ? ` while ${pending} was in progress` : ''}; an adapter that keeps or leaks memory? (--max-heap <MiB> sets the limit)`,
    );
  }
  if (result === undefined && state.loading)
    throw new AdapterError(
      `${o.who}: its module never finished loading: a top-level await that never settled, with nothing left to wake it`,
    );
  if (result === undefined) {
    const why = crashed instanceof Error ? crashed.message : 'it ended without a result';
    throw new Error(`the run's worker thread failed: ${why}`);
  }
  switch (result.kind) {
    case 'done':
      return result.code;
    case 'usage':
      throw new UsageError(result.message);
    case 'adapter':
      throw new AdapterError(
        result.message,
        result.stack !== undefined ? { cause: Object.assign(new Error(), { stack: result.stack }) } : undefined,
      );
    case 'bug': {
      const e = new Error(result.message);
      if (result.stack !== undefined) e.stack = result.stack;
      throw e;
    }
  }
}
