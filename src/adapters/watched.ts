/**
 * An in-process adapter whose every call is announced before it runs and retired when it settles,
 * so a watchdog outside its thread can name the call that hangs (a synchronous infinite
 * loop). Values pass through untouched — the tool wrapTool gets and returns keeps its identity
 * (OFF-IDENTITY) — only functions are wrapped, and the objects create/openHistory return.
 */
import type { ShimAdapter } from '../core/contract.ts';

export interface CallLog {
  enter(what: string): number;
  leave(id: number): void;
  /** Told when the adapter's module starts and ends loading (src/cli/thread.ts bounds that time). */
  loading?(on: boolean): void;
}

interface Method {
  /** The call's arguments in a few words. */
  readonly says: (args: readonly unknown[]) => string;
  /** Wraps what the call returns (after its promise resolves). */
  readonly then?: (result: unknown, args: readonly unknown[]) => unknown;
}

const isThenable = (r: unknown): r is PromiseLike<unknown> =>
  typeof (r as { then?: unknown } | null | undefined)?.then === 'function';

const json = (v: unknown): string => {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

/** Runs f as one announced call: retired when its result, or the promise it returns, settles. */
function track(log: CallLog, what: string, f: () => unknown): unknown {
  const id = log.enter(what);
  let r: unknown;
  try {
    r = f();
  } catch (e) {
    log.leave(id);
    throw e;
  }
  if (!isThenable(r)) {
    log.leave(id);
    return r;
  }
  return Promise.resolve(r).finally(() => log.leave(id));
}

/** A view of `target` whose listed methods are tracked. Its own target is empty, so a frozen adapter is no obstacle. */
function view<T extends object>(log: CallLog, target: T, name: string, methods: Readonly<Record<string, Method>>): T {
  return new Proxy({} as T, {
    get(_, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      const m = typeof prop === 'string' && Object.hasOwn(methods, prop) ? methods[prop] : undefined;
      if (m === undefined || typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const r = track(log, `${name}.${String(prop)}(${m.says(args)})`, () =>
          (v as (...a: unknown[]) => unknown).apply(target, args),
        );
        if (m.then === undefined) return r;
        return isThenable(r) ? Promise.resolve(r).then((x) => m.then!(x, args)) : m.then(r, args);
      };
    },
    has: (_, prop) => Reflect.has(target, prop),
  });
}

const workerId = (args: readonly unknown[]): string =>
  String((args[0] as { workerId?: unknown } | undefined)?.workerId);

export function watchedAdapter(adapter: ShimAdapter, log: CallLog): ShimAdapter {
  const shim = (s: unknown, args: readonly unknown[]): unknown =>
    typeof s === 'object' && s !== null
      ? view(log, s, `worker ${workerId(args)}`, {
          read: { says: (a) => json(a[0]) },
          stale: { says: (a) => json(a[0]) },
          forget: { says: (a) => (a[0] === undefined ? '' : json(a[0])) },
          counters: { says: () => '' },
        })
      : s;
  const create: Method = { says: (a) => `worker ${workerId(a)}`, then: shim };
  const handle = (h: unknown): unknown =>
    typeof h === 'object' && h !== null
      ? view(log, h, 'history', {
          create,
          decode: { says: () => 'a response' },
          write: { says: (a) => json(a[0]) },
          delete: { says: (a) => json(a[0]) },
          close: { says: () => '' },
          breach: { says: () => '' },
        })
      : h;
  const surface =
    adapter.surface === undefined
      ? undefined
      : view(log, adapter.surface, 'surface', {
          resolveArm: { says: (a) => json(a[0]) },
          armFlag: { says: (a) => json(a[0]) },
          persona: { says: (a) => json(a[0]) },
          wrapTool: { says: (a) => json(a[0]) },
        });
  const outer = view(log, adapter, adapter.name, {
    create,
    decode: { says: (a) => `a ${json((a[1] as { op?: unknown } | undefined)?.op)} response` },
    openHistory: { says: () => '', then: handle },
    close: { says: () => '' },
  });
  return new Proxy(outer, {
    get: (t, prop): unknown => (prop === 'surface' ? surface : Reflect.get(t, prop)),
    has: (_, prop) => Reflect.has(adapter, prop),
  });
}
