/**
 * Bounded shrinking: the first history that broke a rule is shrunk for that rule alone
 * (so the story does not depend on which other rules this run or shard has already failed), in
 * fast-check's order — the first failing candidate of each candidate stream wins, as fc.check
 * would pick it — and at most `budget` candidates are judged, counted as a one-at-a-time run
 * counts them (candidates judged ahead of the winner are not counted), so the story is the same
 * for any --jobs. A candidate stops at its first violation of the rule (only whether it breaks the
 * rule matters). Then the shrunk history is replayed whole and told up to the rule's last
 * violation. A history that does not break the rule again is nondeterminism.
 */
import type { RuleId } from '../../src/core/rules.ts';
import type { Trace, TraceEvent } from '../../src/core/trace.ts';
import { followsFrom, meets, verdictSignature, type Goal, type HistoryVerdict } from '../history.ts';
import { recorded } from '../recorded.ts';
import type { Counterexample, ShrinkInfo } from '../result.ts';
import { consequencesOf, tellStory } from '../story.ts';
import { isSession, specOf, type BandSpec, type Draw } from './draw.ts';
import { runHistory, type EngineEnv } from './env.ts';
import { inOrder } from './pool.ts';
import type { Found } from './random.ts';
import type { SharedVerdicts } from './shared.ts';
import { defined } from '../../src/core/defined.ts';
import { costOf, reduceEvents, type ReduceBudget } from './reduce.ts';
import { sessionStory } from './session-story.ts';

export type { ShrinkInfo } from '../result.ts';

export interface ShrinkOptions {
  /** Most candidates judged (undefined: until no candidate breaks the rule). */
  readonly budget?: number;
  /** How many candidates to judge at once for this rule (the slots may be shared with other rules). */
  readonly width: () => number;
  /** Candidates judged for the other rules shrinking at the same time. */
  readonly shared?: SharedVerdicts;
  /**
   * The session band's bound: cost units (judged events and the bytes they wrote, reduce.ts costOf)
   * the shrinking of one rule may spend, fast-check's candidates and the event reduction together.
   */
  readonly cost?: ReduceBudget;
}

/** The shrink candidates pulled from the stream as far as asked (`at(j)`). */
function lazy(stream: Iterator<Draw>): { at: (j: number) => Draw | undefined; pulled: Draw[] } {
  const pulled: Draw[] = [];
  let ended = false;
  const at = (j: number): Draw | undefined => {
    while (pulled.length <= j && !ended) {
      const r = stream.next();
      if (r.done) ended = true;
      else pulled.push(r.value);
    }
    return pulled[j];
  };
  return { at, pulled };
}

/** The smallest failing draw fast-check's order reaches within the budget, and its path. */
async function search(
  env: EngineEnv,
  goal: Goal,
  found: Found,
  reproduced: HistoryVerdict,
  o: ShrinkOptions,
): Promise<{ draw: Draw; path: number[]; last: { spec: BandSpec; v: HistoryVerdict }; info: ShrinkInfo }> {
  const budget = o.budget ?? Infinity;
  let current = found.draw;
  let last = { spec: specOf(found.draw), v: reproduced };
  const path = [found.index];
  let spent = 0;
  for (;;) {
    const { at, pulled } = lazy(found.band.source.shrinks(current));
    let winner: { j: number; draw: Draw; v: HistoryVerdict } | undefined;
    let costSpent: { j: number } | undefined;
    let exhausted = false;
    let stoppedAt: number | undefined;
    const room = budget - spent;
    const cut = { budgetSpent: false, stopped: true } as const;
    if (env.stopWhen?.() === true) return { draw: current, path, last, info: { histories: spent, ...cut } };
    if (room <= 0) return { draw: current, path, last, info: { histories: spent, budgetSpent: at(0) !== undefined } };
    await inOrder(
      room,
      o.width(),
      async (j) => {
        const c = at(j);
        if (c === undefined) return undefined;
        const spec = specOf(c);
        const rule = goal.rule;
        const label = `shrinking ${rule}: candidate ${spent + j + 1}${Number.isFinite(budget) ? ` of at most ${budget}` : ''}`;
        const events = found.band.materialize(spec);
        const run = (until: Goal): Promise<HistoryVerdict> =>
          runHistory(env, label, env.config(spec.cap), events, { until });
        const v = o.shared ? await o.shared.judge(JSON.stringify(spec), goal, run) : await run(goal);
        return { draw: c, v, cost: o.cost === undefined ? 0 : costOf(events, v) };
      },
      (j, r) => {
        if (r === undefined) {
          exhausted = true;
          return true;
        }
        if (o.cost !== undefined) o.cost.left -= r.cost;
        if (meets(r.v, goal)) {
          winner = { j, draw: r.draw, v: r.v };
          return true;
        }
        if (o.cost !== undefined && o.cost.left <= 0) {
          costSpent = { j };
          return true;
        }
        // The run's time bound: the smallest failing history so far is the story.
        if (env.stopWhen?.() === true) stoppedAt = j;
        return stoppedAt !== undefined;
      },
    );
    if (costSpent !== undefined && winner === undefined) {
      spent += costSpent.j + 1;
      return { draw: current, path, last, info: { histories: spent, budgetSpent: true } };
    }
    const w = winner;
    if (w === undefined && stoppedAt !== undefined)
      return { draw: current, path, last, info: { histories: spent + stoppedAt + 1, ...cut } };
    if (w === undefined) {
      spent += Math.min(room, pulled.length);
      // No candidate broke the rule: a local minimum, unless the budget ended the stream early.
      return {
        draw: current,
        path,
        last,
        info: { histories: spent, budgetSpent: !exhausted && at(room) !== undefined },
      };
    }
    spent += w.j + 1;
    current = w.draw;
    last = { spec: specOf(w.draw), v: w.v };
    path.push(w.j);
  }
}

/** A reduced session story must still break the rule, and be told the same once more: else the shim is nondeterministic. */
async function reducedUnstable(
  env: Parameters<typeof runHistory>[0],
  rule: RuleId,
  cfg: Parameters<typeof runHistory>[2],
  events: Parameters<typeof runHistory>[3],
  v: Awaited<ReturnType<typeof runHistory>>,
): Promise<boolean> {
  if (!v.violations.some((x) => x.rule === rule)) return true;
  return (
    verdictSignature(v) !== verdictSignature(await runHistory(env, `shrinking ${rule}: the story again`, cfg, events))
  );
}
export async function shrinkRule(
  env: EngineEnv,
  rule: RuleId,
  found: Found,
  o: ShrinkOptions,
): Promise<{ cx: Counterexample; message: string; info: ShrinkInfo }> {
  const bandName = found.band.name;
  const foundSpec = specOf(found.draw);
  // The smallest history keeps what followed from the rule's failure in the found one (Consequences).
  const follows = followsFrom(found.v, rule);
  const goal: Goal = follows.length > 0 ? { rule, follows } : { rule };
  // The history that broke the rule, once more: a shim that does not break it again is nondeterministic.
  const first = await runHistory(
    env,
    `shrinking ${rule}: the failing history again`,
    env.config(foundSpec.cap),
    found.band.materialize(foundSpec),
    { until: goal },
  );
  const reproduced = meets(first, goal);
  // The session band: fast-check's candidates may spend 30% of the bound; the event reduction has the rest.
  const searchShare = o.cost === undefined ? undefined : { left: Math.floor(o.cost.left * 0.3) };
  const reserve = o.cost === undefined ? 0 : o.cost.left - searchShare!.left;
  const s = reproduced
    ? await search(env, goal, found, first, o.cost === undefined ? o : { ...o, cost: searchShare })
    : {
        draw: found.draw,
        path: [found.index],
        last: { spec: foundSpec, v: found.v },
        info: { histories: 0, budgetSpent: false },
      };
  const spec = specOf(s.draw);
  const fcPath = s.path.join(':');
  const cfg = env.config(spec.cap);
  // Replay the shrunk history (determinism), then tell it only up to the rule's last violation.
  const full = found.band.materialize(spec);
  const again = await runHistory(env, `shrinking ${rule}: the smallest history again`, env.config(spec.cap), full);
  const nondeterministic = !reproduced || !meets(again, goal);
  const base = nondeterministic ? s.last.v : again;
  const baseEvents = nondeterministic ? found.band.materialize(s.last.spec) : full;
  const lastIndex = Math.max(
    ...base.violations.filter((x) => x.rule === rule).map((x) => x.index),
    ...base.consequences.filter((x) => x.cause.rule === rule).map((x) => x.index),
  );
  const sliced = baseEvents.slice(0, lastIndex + 1);
  // The run's time bound stopped the search: no event reduction either.
  const session = !nondeterministic && o.cost !== undefined && isSession(spec) && s.info.stopped !== true;
  const r = session
    ? await reduceTold(env, spec.cap, rule, goal, sliced, again, { left: reserve + Math.max(0, searchShare!.left) })
    : undefined;
  const shownEvents = r?.events ?? sliced;
  const v = await runHistory(env, `shrinking ${rule}: the story`, env.config(spec.cap), shownEvents);
  const unstable =
    nondeterministic ||
    (r === undefined
      ? verdictSignature(v) !==
        verdictSignature({ ...base, violations: base.violations.filter((x) => x.index <= lastIndex) })
      : await reducedUnstable(env, rule, cfg, shownEvents, v));
  const told = tellStory(shownEvents, v.outcomes, v.violations, v.consequences);
  // Reduced event by event to a local minimum, the story is as short as it gets, whatever fast-check's share spent.
  const story = session ? sessionStory(told, shownEvents, v, rule, r!.spent) : told;
  if (unstable)
    story.push('   ! the same history gave a different verdict when replayed: the shim is nondeterministic');
  const hit = (unstable ? base : v).violations.find((x) => x.rule === rule && x.index <= lastIndex)!;
  const trace: Trace = { header: env.header(spec.cap, found.band.seed, fcPath), events: recorded(shownEvents, v) };
  const cx: Counterexample = {
    story,
    trace,
    seed: found.band.seed,
    fcPath,
    cap: spec.cap,
    ...defined({ arm: cfg.mode.arm }),
    source: `${bandName} band`,
    unit: found.unit.index,
    ...(unstable ? { nondeterministic: true } : {}),
    ...consequencesOf(v, rule),
    shrink: r !== undefined ? { ...s.info, budgetSpent: r.spent, reducedTo: shownEvents.length } : s.info,
    frames: v.frames,
  };
  return {
    cx,
    message: unstable ? `${hit.message} (nondeterministic: replaying the history gave another verdict)` : hit.message,
    info: s.info,
  };
}

/** The session band's told history cut further, event by event (reduce.ts), then up to the rule's last finding. */
async function reduceTold(
  env: EngineEnv,
  cap: number,
  rule: RuleId,
  goal: Goal,
  events: readonly TraceEvent[],
  v: HistoryVerdict,
  budget: ReduceBudget,
): Promise<{ events: readonly TraceEvent[]; spent: boolean }> {
  const first = Math.min(...v.violations.filter((x) => x.rule === rule).map((x) => x.index));
  const r = await reduceEvents(
    events,
    first,
    goal,
    (candidate) =>
      runHistory(env, `shrinking ${rule}: ${candidate.length} events`, env.config(cap), candidate, { until: goal }),
    budget,
  );
  const again = await runHistory(env, `shrinking ${rule}: the reduced history`, env.config(cap), r.events);
  const last = Math.max(
    ...again.violations.filter((x) => x.rule === rule).map((x) => x.index),
    ...again.consequences.filter((x) => x.cause.rule === rule).map((x) => x.index),
  );
  return { events: r.events.slice(0, last + 1), spent: r.spent };
}
