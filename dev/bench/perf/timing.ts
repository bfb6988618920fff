/** CPU timing for the reference's benchmarks: medians of process.cpuUsage, never a verdict. */

export interface Timing {
  /** Wall clock, per call. */
  readonly medianMs: number;
  /** This process's CPU time (user + system), per call: steadier on a loaded machine. */
  readonly cpuMedianMs: number;
  readonly runs: number;
}

export const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Runs `prepare` (untimed) then `run` (timed) `warmup` times unrecorded, then `runs` times. With
 * `batch` > 1 each sample times `batch` calls of prepare+run and divides (for sub-millisecond
 * calls; prepare must then be cheap or folded into run by the caller).
 */
export async function time(
  runs: number,
  warmup: number,
  prepare: () => Promise<void> | void,
  run: () => Promise<unknown> | unknown,
  batch = 1,
): Promise<Timing> {
  const xs: number[] = [];
  const cs: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    let dt = 0;
    let dc = 0;
    for (let k = 0; k < batch; k++) {
      await prepare();
      const c0 = cpuNow();
      const t0 = performance.now();
      await run();
      dt += performance.now() - t0;
      dc += cpuNow() - c0;
    }
    if (i >= warmup) {
      xs.push(dt / batch);
      cs.push(dc / batch);
    }
  }
  return { medianMs: median(xs), cpuMedianMs: median(cs), runs };
}
