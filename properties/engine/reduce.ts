/**
 * Event-level reduction of a shrunk session history (delta debugging over its events): what
 * fast-check's shrinking of the operations leaves is cut further, first by dropping events that do
 * not touch the failing file (all at once, then in halves, quarters, …), then the failing file's
 * own events but the failing read. A candidate is kept when it still meets the goal (the rule broken,
 * with what followed from it). Deterministic, and bounded by a cost counted in judged events and
 * the bytes they carry, never in seconds: the same seed gives the same story on any machine.
 */
import { resolvePath } from '../../src/core/paths.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { meets, type Goal, type HistoryVerdict } from '../history.ts';

export interface ReduceBudget {
  /** Cost units left (events judged plus bytes written / COST_BYTES). */
  left: number;
}

/** Bytes of written content that cost as much as one judged event (a 1 MiB file: 128 events). */
export const COST_BYTES = 8192;

/** What judging a candidate cost: its events up to where it stopped, and the bytes they wrote. */
export function costOf(events: readonly TraceEvent[], v: HistoryVerdict): number {
  const judged = Math.max(1, v.outcomes.length);
  let bytes = 0;
  for (let i = 0; i < judged && i < events.length; i++) {
    const e = events[i]!;
    if (e.type === 'write') bytes += 'content' in e ? e.content.length : e.contentBase64.length;
    else if (e.type === 'read' && e.race !== undefined) bytes += e.race.content.length;
  }
  return judged + Math.floor(bytes / COST_BYTES);
}

/** The paths an event names (a link's target too). */
function pathsOf(e: TraceEvent): string[] {
  switch (e.type) {
    case 'write':
    case 'delete':
    case 'read':
    case 'stale':
      return [e.path];
    case 'symlink':
      return [e.path, e.target];
    case 'hardlink':
      return [e.path, e.existing];
    case 'forget':
      return e.path === undefined ? [] : [e.path];
    default:
      return [];
  }
}

/** Units that are removed together: one event, or a whole batch read call. */
function unitsOf(events: readonly TraceEvent[]): number[][] {
  const units: number[][] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const prev = events[i - 1];
    if (
      e.type === 'read' &&
      e.call !== undefined &&
      prev?.type === 'read' &&
      prev.call === e.call &&
      prev.worker === e.worker
    )
      units[units.length - 1]!.push(i);
    else units.push([i]);
  }
  return units;
}

/** Whether a unit touches the failing file (any of its names) or is the failing worker's own forget, fork or resume. */
function related(
  events: readonly TraceEvent[],
  unit: readonly number[],
  names: ReadonlySet<string>,
  worker: string,
): boolean {
  return unit.some((i) => {
    const e = events[i]!;
    if (pathsOf(e).some((p) => names.has(resolvePath(p)))) return true;
    if (e.type === 'forget') return e.worker === worker && e.path === undefined;
    if (e.type === 'fork') return e.worker === worker;
    return e.type === 'resume' && e.worker === worker;
  });
}

/** The names of the failing read's file: its path and every link path that named it in the history. */
function namesOf(events: readonly TraceEvent[], path: string): Set<string> {
  const names = new Set([resolvePath(path)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of events)
      if (e.type === 'symlink' || e.type === 'hardlink') {
        const [a, b] = pathsOf(e).map(resolvePath) as [string, string];
        if (names.has(a) !== names.has(b)) {
          names.add(a);
          names.add(b);
          grew = true;
        }
      }
  }
  return names;
}

export interface Reduced {
  readonly events: readonly TraceEvent[];
  /** The budget ran out before every candidate was tried. */
  readonly spent: boolean;
}

type Judge = (events: readonly TraceEvent[]) => Promise<HistoryVerdict>;

/**
 * A candidate's verdict, or undefined when it cannot be played: cutting events can leave one that
 * names what no longer exists (a hard link to a file never written), which is no history at all.
 */
async function judgeOrSkip(judge: Judge, candidate: readonly TraceEvent[]): Promise<HistoryVerdict | undefined> {
  try {
    return await judge(candidate);
  } catch {
    return undefined;
  }
}

/** Delta debugging over `pool` (unit positions), keeping those whose removal breaks the goal. */
async function ddmin(
  events: readonly TraceEvent[],
  units: readonly number[][],
  pool: number[],
  keep: Set<number>,
  goal: Goal,
  judge: Judge,
  budget: ReduceBudget,
): Promise<boolean> {
  let n = 1;
  while (pool.length > 0 && n <= pool.length) {
    const size = Math.ceil(pool.length / n);
    let removed = false;
    for (let start = 0; start < pool.length; start += size) {
      if (budget.left <= 0) return false;
      const chunk = new Set(pool.slice(start, start + size));
      const candidate = units.flatMap((u, k) => (keep.has(k) && !chunk.has(k) ? u.map((i) => events[i]!) : []));
      const v = await judgeOrSkip(judge, candidate);
      budget.left -= v === undefined ? 1 : costOf(candidate, v);
      if (v !== undefined && meets(v, goal)) {
        for (const k of chunk) keep.delete(k);
        pool = pool.filter((k) => !chunk.has(k));
        n = Math.max(1, n - 1);
        removed = true;
        break;
      }
    }
    if (!removed) {
      if (size === 1) break;
      n = Math.min(pool.length, n * 2);
    }
  }
  return true;
}

/**
 * Reduces `events` (the history told up to the failing read at `failing`) while `goal` holds.
 * `judge` runs a candidate until the goal is met (or its end).
 */
export async function reduceEvents(
  events: readonly TraceEvent[],
  failing: number,
  goal: Goal,
  judge: Judge,
  budget: ReduceBudget,
): Promise<Reduced> {
  const last = events[failing];
  if (last === undefined || (last.type !== 'read' && last.type !== 'stale')) return { events, spent: false };
  const names = namesOf(events, last.path);
  const units = unitsOf(events);
  const keep = new Set(units.map((_, k) => k));
  const lastUnit = units.findIndex((u) => u.includes(failing));
  const others = units
    .map((_, k) => k)
    .filter((k) => k !== lastUnit && !related(events, units[k]!, names, last.worker));
  const mine = units.map((_, k) => k).filter((k) => k !== lastUnit && !others.includes(k));
  let done = await ddmin(events, units, others, keep, goal, judge, budget);
  if (done) done = await ddmin(events, units, mine, keep, goal, judge, budget);
  const kept = units.flatMap((u, k) => (keep.has(k) ? u.map((i) => events[i]!) : []));
  return { events: kept, spent: !done };
}
