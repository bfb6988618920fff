/**
 * The random phase: the work units' histories, drawn as fast-check draws them, judged up to
 * --jobs at a time and tallied in history order. Every unit judges all of its histories for every
 * target rule, whatever other units found, so verdicts and checks are the same however the work is
 * split across shards or run at once. A rule's counterexample is its lowest-index failing history
 * (units in order, then histories), never the first to finish.
 */
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { recorded } from '../recorded.ts';
import type { HistoryVerdict } from '../history.ts';
import type { WorkUnit } from '../shard.ts';
import { specOf, type BandSpec, type Draw, type HistorySource } from './draw.ts';
import { runHistory, type EngineEnv } from './env.ts';
import { inOrder } from './pool.ts';
import type { Tally } from './tally.ts';

export interface BandPlan {
  readonly name: string;
  readonly source: HistorySource;
  /** The seed of this band's fast-check stream. */
  readonly seed: number;
  /** A drawn spec as trace events. */
  readonly materialize: (spec: BandSpec) => TraceEvent[];
  /** Histories this band draws (the cap bands: --runs; the session band its own count). */
  readonly runs: number;
}

/** The first history that broke a rule. */
export interface Found {
  readonly band: BandPlan;
  readonly unit: WorkUnit;
  /** Position in the band's stream (the fast-check path's first segment). */
  readonly index: number;
  readonly draw: Draw;
  readonly v: HistoryVerdict;
}

export interface RandomResult {
  /** Histories judged per band. */
  readonly histories: readonly number[];
  readonly found: ReadonlyMap<RuleId, Found>;
  /** The run's time bound stopped the phase before its last history. */
  readonly stopped: boolean;
}

/** How many histories may be judged ahead of the oldest one not yet tallied, per slot. */
export const AHEAD_PER_SLOT = 4;

export async function randomPhase(
  env: EngineEnv,
  bands: readonly BandPlan[],
  units: readonly WorkUnit[],
  tally: Tally,
): Promise<RandomResult> {
  const tasks = units.flatMap((u) => Array.from({ length: u.to - u.from }, (_, k) => ({ u, index: u.from + k })));
  const draws = new Map<number, Draw[]>();
  const histories = bands.map(() => 0);
  const found = new Map<RuleId, Found>();
  // The time bound came before the phase: nothing of it is played.
  if (tasks.length > 0 && env.stopWhen?.() === true) return { histories, found, stopped: true };
  let stopped = false;
  const drawOf = (u: WorkUnit, index: number): Draw => {
    let d = draws.get(u.index);
    if (d === undefined) {
      const b = bands[u.band]!;
      env.progress(`${b.name} band: histories ${u.from + 1}–${u.to} of ${b.runs}`);
      d = b.source.draw(b.seed, u.from, u.to);
      draws.set(u.index, d);
    }
    return d[index - u.from]!;
  };
  await inOrder(
    tasks.length,
    env.slots.size * AHEAD_PER_SLOT,
    async (t) => {
      const { u, index } = tasks[t]!;
      const spec = specOf(drawOf(u, index));
      const b = bands[u.band]!;
      const events = b.materialize(spec);
      return {
        events,
        v: await runHistory(env, `${b.name} band history ${index + 1} of ${b.runs}`, env.config(spec.cap), events, {
          crashes: true,
        }),
      };
    },
    (t, { events, v }) => {
      const { u, index } = tasks[t]!;
      tally.history(v, events, u.index, 'random');
      histories[u.band]!++;
      for (const x of v.violations) if (env.targets.has(x.rule)) tally.brokeIn(x.rule, 'random', { budget: index + 1 });
      for (const x of v.violations)
        if (env.targets.has(x.rule) && !found.has(x.rule)) {
          found.set(x.rule, { band: bands[u.band]!, unit: u, index, draw: drawOf(u, index), v });
          // Kept before it is shrunk: a run cut short still has a trace that replays it.
          if (!tally.failures.has(x.rule)) {
            const header = env.header(specOf(drawOf(u, index)).cap, bands[u.band]!.seed, `${index}`);
            tally.onFailure?.(x.rule, { header, events: recorded(events, v) }, 'found');
          }
        }
      if (index === u.to - 1) draws.delete(u.index); // the unit is tallied: keep only what failed
      // At a history boundary: the time bound ends the phase here (what was tallied stays whole).
      if (t < tasks.length - 1 && env.stopWhen?.() === true) stopped = true;
      return stopped;
    },
  );
  return { histories, found, stopped };
}
