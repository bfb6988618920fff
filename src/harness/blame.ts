/**
 * An adapter's own throw, named: which adapter, which method, what it said (one line, exit 2). The
 * kit's own errors pass through untouched; the thrown value is kept as the cause (`--verbose`
 * prints its stack).
 */
import { AdapterError, UsageError } from '../core/errors.ts';

/** A thrown value's message, on one line. */
export function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : typeof e === 'string' ? e : String(e);
  return text.split('\n')[0] ?? '';
}

/** The error a throw of `adapter`'s `method` ends the run with. */
export function blame(adapter: string, method: string, e: unknown): Error {
  if (e instanceof AdapterError || e instanceof UsageError) return e;
  return new AdapterError(`adapter ${adapter}: ${method} threw: ${errorText(e)}`, { cause: e });
}

/** Calls one of the adapter's methods; a throw is blamed on it. */
export function callAdapter<T>(adapter: string, method: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw blame(adapter, method, e);
  }
}

/** Awaits one of the adapter's methods; a throw or rejection is blamed on it. */
export async function awaitAdapter<T>(adapter: string, method: string, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw blame(adapter, method, e);
  }
}

/** Arguments in a few words, for a message: `{"path":"a.ts","offset":3}`. */
export function argsText(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
}
