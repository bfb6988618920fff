/** What the random phase and the shrinking share: the adapter, the run's configuration, the slots, the observer. */
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent, TraceHeader } from '../../src/core/trace.ts';
import type { DrivenAdapter } from '../../src/core/contract.ts';
import { AdapterError } from '../../src/core/errors.ts';
import { judgeHistory, type Goal, type HistoryConfig, type HistoryVerdict } from '../history.ts';
import { pendingText, type HistoryObserver } from './observe.ts';
import type { Slots } from './pool.ts';
import { defined } from '../../src/core/defined.ts';

export interface EngineEnv {
  readonly adapter: DrivenAdapter;
  readonly config: (cap: number) => HistoryConfig;
  readonly header: (cap: number, seed: number, fcPath?: string) => TraceHeader;
  readonly targets: ReadonlySet<RuleId>;
  /** A rejection without the tool's error ends the run as an adapter error (mutants). */
  readonly crashIsError?: boolean;
  /** How many histories run at once (--jobs). */
  readonly slots: Slots;
  readonly observe?: HistoryObserver;
  readonly progress: (line: string) => void;
  /** The run's time bound: once it says stop, no history starts (the random phase and the shrinking end there). */
  readonly stopWhen?: () => boolean;
  /** Judge every history as spec 2.1 did too (a baseline of an older spec: "fixed by spec 2.2"). */
  readonly legacy?: boolean;
}

let nextId = 0;

export interface RunHistoryOptions {
  /** A crash ends the run when env.crashIsError (the search; shrinking keeps going). */
  readonly crashes?: boolean;
  /** Only whether this goal is met matters: the history stops once it is (judgeHistory `until`). */
  readonly until?: Goal;
  /** Judge it as spec 2.1 did too (the verdict-move report of an older trace). */
  readonly legacy?: boolean;
}

/** Judges one history in a slot, telling the observer when it starts, what it waits on, and how it ended. */
export function runHistory(
  env: EngineEnv,
  label: string,
  config: HistoryConfig,
  events: readonly TraceEvent[],
  ro: RunHistoryOptions = {},
): Promise<HistoryVerdict> {
  return env.slots.run(async () => {
    // An in-process run is one long chain of microtasks: a turn of the event loop per history lets
    // timers fire (the settle timeout, progress, a watching thread's heartbeat).
    await new Promise<void>((r) => setImmediate(r));
    const id = nextId++;
    const observe = env.observe;
    observe?.({ kind: 'start', id, label, events: events.length });
    const onStep = observe
      ? (i: number) => observe({ kind: 'step', id, index: i, events: events.length, pending: pendingText(events[i]!) })
      : undefined;
    try {
      const v = await judgeHistory(env.adapter, config, events, {
        ...(onStep ? { onStep } : {}),
        ...defined({ until: ro.until }),
        ...(ro.legacy === true || (env.legacy === true && ro.until === undefined) ? { legacy: true } : {}),
      });
      const crashed =
        ro.crashes === true && env.crashIsError
          ? v.outcomes.find((x) => x.kind === 'read' && x.crash !== undefined)
          : undefined;
      if (crashed?.kind === 'read')
        throw new AdapterError(
          `adapter ${env.adapter.name}: the shim crashed on event ${crashed.index + 1} (${crashed.crash}): a crash is not an answer`,
        );
      observe?.({ kind: 'end', id, broke: [...new Set(v.violations.map((x) => x.rule))] });
      return v;
    } catch (e) {
      observe?.({ kind: 'end', id, broke: [], error: e instanceof Error ? e.message : String(e) });
      throw e;
    }
  });
}
