/** An in-process adapter module (or the embedded reference), loaded for `run`, `audit` and `bench`. */
import type { ShimAdapter } from '../../core/contract.ts';
import { loadAdapter } from '../load.ts';
import { watchedAdapter, type CallLog } from '../watched.ts';

export async function resolveAdapter(path: string | undefined): Promise<ShimAdapter> {
  if (path === undefined) return (await import('../reference.ts')).default;
  return loadAdapter(path);
}

/** Loads the adapter module as one watched call (a loop at its top level is a hang like any other). */
async function loading(calls: CallLog, path: string | undefined): Promise<ShimAdapter> {
  const id = calls.enter(`loading the module ${path ?? 'reference'}`);
  calls.loading?.(true);
  try {
    return await resolveAdapter(path);
  } finally {
    calls.loading?.(false);
    calls.leave(id);
  }
}

/** The adapter, watched call by call when `calls` is given (in a worker thread, src/cli/thread.ts). */
export async function loadInProcess(path: string | undefined, calls: CallLog | undefined): Promise<ShimAdapter> {
  return calls !== undefined ? watchedAdapter(await loading(calls, path), calls) : resolveAdapter(path);
}
