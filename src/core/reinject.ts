/**
 * Re-injection after compaction (spec/SPEC.md "Re-injection after compaction"): some hosts
 * re-attach the files a worker read most recently once they have compacted its transcript, so the
 * worker holds exactly those again. `capabilities.reinject` declares it; the kit plays it on every
 * whole-worker forget and records what it re-attached in the forget event (`reattached`).
 */

/** The order files are picked in: 'recent' = the paths the worker requested most recently first. */
export type ReinjectOrder = 'recent';
export const REINJECT_ORDERS: readonly ReinjectOrder[] = Object.freeze(['recent']);

export interface Reinject {
  /** At most this many files are re-attached after a whole-worker compaction. */
  readonly count: number;
  readonly order: ReinjectOrder;
}

/** The most files a host may declare (the kit keeps them all in memory per worker). */
export const REINJECT_MAX_COUNT = 64;

/** Why a `capabilities.reinject` value is malformed, or undefined. */
export function reinjectProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return 'capabilities.reinject must be an object { count, order }';
  const o = v as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => k !== 'count' && k !== 'order');
  if (extra.length > 0)
    return `capabilities.reinject has unknown key ${JSON.stringify(extra[0])} (known: count, order)`;
  if (typeof o.count !== 'number' || !Number.isSafeInteger(o.count) || o.count < 1 || o.count > REINJECT_MAX_COUNT)
    return `capabilities.reinject.count must be an integer from 1 to ${REINJECT_MAX_COUNT}`;
  if (!(REINJECT_ORDERS as readonly unknown[]).includes(o.order))
    return `capabilities.reinject.order must be ${REINJECT_ORDERS.map((x) => JSON.stringify(x)).join(' or ')}`;
  return undefined;
}

/**
 * The paths a host re-attaches: the `count` distinct paths the worker requested most recently
 * (`requested` oldest first, resolved spellings, any window, any answer), most recent first. A
 * path the tool cannot read whole now (missing, refused) is not re-attached and not replaced.
 */
export function pickReattached(requested: readonly string[], r: Reinject): string[] {
  const out: string[] = [];
  for (let i = requested.length - 1; i >= 0 && out.length < r.count; i--)
    if (!out.includes(requested[i]!)) out.push(requested[i]!);
  return out;
}

/** The assumption line a report prints for a declared re-injection. */
export function describeReinject(r: Reinject): string {
  return `After a whole-worker compaction the host re-attaches the ${r.count === 1 ? 'file' : `${r.count} files`} the worker requested most recently (order "${r.order}", any window, whole and as its read tool shows it now; a missing or refused one is left out): the worker holds ${r.count === 1 ? 'that file' : 'those files'} again, and a pointer to any other file it read before fails FORGET-RESETS.`;
}
