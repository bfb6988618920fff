/** The worker side of src/cli/thread.ts: beats, runs `run` with its adapter watched, posts the result. */
import { parentPort, workerData } from 'node:worker_threads';
import { UsageError } from '../core/errors.ts';
import { AdapterError } from '../harness/session.ts';
import type { ThreadNote, ThreadResult } from './thread.ts';
import type { FailedRule } from './failure-log.ts';
import { setReportSink } from '../core/output.ts';
import { PendingCalls, WatchState } from './watchdog.ts';

const data = workerData as { argv: string[]; buffer: SharedArrayBuffer };
const state = new WatchState(data.buffer); // the bootstrap beats (src/cli/thread.ts)

const post = (r: ThreadResult | ThreadNote): void => parentPort!.postMessage(r);
// The report stream is the main thread's stdout; this thread's stdout is the adapter's (src/cli/thread.ts).
setReportSink((text) => post({ kind: 'report', text }));
try {
  const { runHere } = await import('./commands/run.ts');
  state.markReady(); // the kit is loaded: from here the watchdog's limit is the run's
  const told = (failed: FailedRule): void => post({ kind: 'failed', failed });
  post({ kind: 'done', code: await runHere(data.argv, new PendingCalls(state), told) });
} catch (e) {
  if (e instanceof UsageError) post({ kind: 'usage', message: e.message });
  else if (e instanceof AdapterError) {
    const stack = (e.cause as { stack?: unknown } | undefined)?.stack;
    post({ kind: 'adapter', message: e.message, ...(typeof stack === 'string' ? { stack } : {}) });
  } else
    post({
      kind: 'bug',
      message: e instanceof Error ? e.message : String(e),
      ...(e instanceof Error && e.stack !== undefined ? { stack: e.stack } : {}),
    });
} finally {
  // The run is over and the worker is about to end: what the adapter's leftovers throw now is ignored.
  const ignore = (): void => {};
  process.on('uncaughtException', ignore);
  process.on('unhandledRejection', ignore);
}
