/**
 * Histories at once, in an order that does not depend on timing: `Slots` bounds how
 * many histories run at a time (--jobs); `inOrder` runs tasks concurrently and hands their
 * results back in index order, so whatever finishes first, the caller sees what a one-at-a-time
 * run would have seen.
 */

/** A counting semaphore: at most `size` holders at once, served first come first served. */
export class Slots {
  readonly size: number;
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!Number.isSafeInteger(size) || size < 1)
      throw new RangeError(`slots: size must be an integer >= 1, got ${size}`);
    this.size = size;
    this.#free = size;
  }

  /** Runs `task` in a slot. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((r) => this.#waiting.push(r));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next !== undefined) next();
      else this.#free++;
    }
  }
}

/**
 * Runs task(0) … task(n - 1), at most `ahead` started and not yet handed back (a task takes its
 * own slot when it judges a history); calls onResult(i, r) for i = 0, 1, … in order. onResult returning true stops the run
 * (nothing new starts; tasks under way finish and are dropped). A task that throws stops the run
 * too: every task before it is handed back, then the error of the lowest index is thrown — the
 * one a one-at-a-time run would have met first.
 */
export async function inOrder<R>(
  n: number,
  ahead: number,
  task: (i: number) => Promise<R>,
  onResult: (i: number, r: R) => boolean | void,
): Promise<void> {
  const done = new Map<number, { ok: true; r: R } | { ok: false; e: unknown }>();
  let next = 0; // next index to start
  let handed = 0; // next index to hand back
  let stopped = false;
  let failedAt = Infinity;
  const running = new Set<Promise<void>>();
  const start = (i: number): void => {
    const p = task(i).then(
      (r) => void done.set(i, { ok: true, r }),
      (e: unknown) => {
        done.set(i, { ok: false, e });
        failedAt = Math.min(failedAt, i);
      },
    );
    const tracked = p.finally(() => running.delete(tracked));
    running.add(tracked);
  };
  for (;;) {
    while (!stopped && failedAt === Infinity && next < n && next - handed < Math.max(1, ahead)) start(next++);
    // Hand back every finished result in order, up to the first one still running.
    while (!stopped && handed < next && done.has(handed)) {
      const d = done.get(handed)!;
      done.delete(handed);
      if (!d.ok) {
        await Promise.all(running); // started tasks finish (their processes end) before the error
        throw d.e;
      }
      if (onResult(handed, d.r) === true) stopped = true;
      handed++;
    }
    if (stopped) {
      await Promise.all(running); // dropped: a one-at-a-time run would not have started them
      return;
    }
    if (running.size === 0 && next >= n && handed >= n) return;
    if (running.size > 0) await Promise.race(running);
  }
}
