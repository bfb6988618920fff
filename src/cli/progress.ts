/**
 * Progress that tells slow from hung: a line per history with its time, and while a
 * history runs longer than HEARTBEAT_MS a heartbeat naming the request it waits on. stderr only,
 * and only when progress is on (src/core/output.ts); the clock here never reaches a verdict.
 */
import type { HistoryEvent, HistoryObserver } from '../../properties/engine/observe.ts';

/** A history running this long gets a heartbeat line, and another every HEARTBEAT_MS after. */
export const HEARTBEAT_MS = 5_000;
/** An in-process history (milliseconds, hundreds a run) gets its own line only when it took this long. */
export const SLOW_IN_PROCESS_MS = 1_000;

export interface ProgressOptions {
  /** A line for every history (a process run), or only for slow ones (in-process). */
  readonly everyHistory: boolean;
  readonly now?: () => number;
  readonly heartbeatMs?: number;
  /** The rules failed so far: each line says them, so a run watched or cut short shows what it found. */
  readonly failed?: () => readonly string[];
}

interface Running {
  readonly label: string;
  readonly started: number;
  lastBeat: number;
  pending: string;
  index: number;
  events: number;
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export class RunProgress {
  readonly #print: (line: string) => void;
  readonly #now: () => number;
  readonly #start: number;
  readonly #every: boolean;
  readonly #heartbeat: number;
  readonly #failed: () => readonly string[];
  readonly #running = new Map<number, Running>();
  #timer: NodeJS.Timeout | undefined;

  constructor(print: (line: string) => void, o: ProgressOptions) {
    this.#print = print;
    this.#now = o.now ?? Date.now;
    this.#start = this.#now();
    this.#every = o.everyHistory;
    this.#heartbeat = o.heartbeatMs ?? HEARTBEAT_MS;
    this.#failed = o.failed ?? (() => []);
  }

  /** A line stamped with the time since the run started. */
  line(text: string): void {
    const failed = this.#failed();
    const so = failed.length > 0 ? ` (failed so far: ${failed.join(', ')})` : '';
    this.#print(`[${((this.#now() - this.#start) / 1000).toFixed(1)}s] ${text}${so}`);
  }

  readonly observe: HistoryObserver = (e: HistoryEvent): void => {
    const t = this.#now();
    switch (e.kind) {
      case 'start':
        this.#running.set(e.id, {
          label: e.label,
          started: t,
          lastBeat: t,
          pending: '(opening the history)',
          index: -1,
          events: e.events,
        });
        return;
      case 'step': {
        const r = this.#running.get(e.id);
        if (r === undefined) return;
        r.pending = e.pending;
        r.index = e.index;
        return;
      }
      case 'end': {
        const r = this.#running.get(e.id);
        this.#running.delete(e.id);
        if (r === undefined) return;
        const took = t - r.started;
        if (!this.#every && took < SLOW_IN_PROCESS_MS && e.error === undefined) return;
        const how =
          e.error !== undefined
            ? `stopped the run: ${e.error.split('\n')[0]!.slice(0, 200)}`
            : e.broke.length > 0
              ? `broke ${e.broke.join(', ')}`
              : 'passed';
        this.line(`${r.label}: ${secs(took)}, ${r.events} events, ${how}`);
      }
    }
  };

  /** Heartbeats for the histories running longer than the heartbeat (called by the timer; tests call it). */
  tick(): void {
    const t = this.#now();
    for (const r of this.#running.values()) {
      if (t - r.started < this.#heartbeat || t - r.lastBeat < this.#heartbeat) continue;
      r.lastBeat = t;
      const at = r.index >= 0 ? `event ${r.index + 1} of ${r.events}: ${r.pending}` : r.pending;
      this.line(`… ${r.label} still running after ${secs(t - r.started)}, waiting on ${at}`);
    }
  }

  /** Starts the heartbeat timer (unref'd: it never keeps the kit alive). */
  startTimer(): void {
    this.#timer ??= setInterval(() => this.tick(), Math.max(100, Math.floor(this.#heartbeat / 5)));
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
