/** Domains every layer shares: what a cap can be, wherever it comes from (a flag, a capability, a trace header). */

/** The smallest cap: a slice must hold a whole UTF-8 character (4 bytes). */
export const MIN_CAP = 4;
/** The largest cap the kit runs (its reads and files stay in memory): a fixed `capabilities.cap`, a trace's header. */
export const MAX_CAP = 64 * 1024 * 1024;

/** An integer's domain: from `min`, up to `max` when it has one, in `unit` (said in messages). */
export interface IntDomain {
  readonly min: number;
  readonly max?: number;
  readonly unit?: string;
}

/**
 * The domains of the numbers a run takes, from the command line or the vitest entry alike. A timer
 * beyond 2^31−1 ms fires at once (node clamps it to 1 ms); a seed is a 32-bit value (fast-check's
 * generator takes seed | 0, so 2^32 would silently be seed 0); a run's work units are planned
 * before its first history, so --runs has a stated maximum (docs/reference/cli.md "run").
 */
export const TIMEOUT_DOMAIN: IntDomain = { min: 1, max: 2 ** 31 - 1, unit: 'ms' };
export const SEED_DOMAIN: IntDomain = { min: 0, max: 2 ** 32 - 1 };
export const MAX_RUNS = 1_000_000;
export const RUNS_DOMAIN: IntDomain = { min: 1, max: MAX_RUNS, unit: 'histories' };
/**
 * Largest --cap: generated files reach 4 × cap (the production band's sizes), and a process's reply
 * carrying one must fit the protocol's 64 MiB line even with every byte escaped (README "--cap").
 */
export const MAX_RUN_CAP = 1_048_576;
export const CAP_DOMAIN: IntDomain = { min: MIN_CAP, max: MAX_RUN_CAP, unit: 'bytes' };
/** Most --shrink: a bound, not a wish (in-process shrinks of the fixtures take at most a few hundred). */
export const MAX_SHRINK = 1_000_000;
export const SHRINK_DOMAIN: IntDomain = { min: 0, max: MAX_SHRINK, unit: 'histories' };

/** Why `n` is outside `domain` ("must be an integer from 4 to 1048576 (bytes)"), or undefined. */
export function domainProblem(n: number, domain: IntDomain): string | undefined {
  const { min, max, unit } = domain;
  if (Number.isSafeInteger(n) && n >= min && (max === undefined || n <= max)) return undefined;
  const range = max !== undefined ? `from ${min} to ${max}` : `>= ${min}`;
  return `must be an integer ${range}${unit ? ` (${unit})` : ''}`;
}
