/** A history's events with the responses the shim gave, so a trace can be audited as well as replayed. */
import type { ReadEvent, StaleEvent, TraceEvent } from '../src/core/trace.ts';
import type { HistoryVerdict } from './history.ts';

export function recorded(events: readonly TraceEvent[], v: Pick<HistoryVerdict, 'outcomes'>): TraceEvent[] {
  const byIndex = new Map(v.outcomes.map((o) => [o.index, o]));
  return events.map((e, i) => {
    const o = byIndex.get(i);
    if (o === undefined) return e;
    // What the host re-attached after a compaction is recorded, so replay and audit judge the same.
    if (o.kind === 'other')
      return e.type === 'forget' && o.reattached !== undefined
        ? { ...e, reattached: o.reattached.map((r) => r.path) }
        : e;
    return { ...(e as ReadEvent | StaleEvent), response: o.response };
  });
}
