/**
 * Splitting a run across CI jobs. The generated work is cut into units — histories [from, to) of
 * one cap band's fast-check stream — that never depend on each other: every unit judges all of
 * its histories for every target rule. The units are dealt to the n shards by estimated cost
 * (deterministically); shard 1 also runs the surface probes and replays. combineShards() of the n results equals the unsplit run: a rule fails if
 * any shard failed it (the counterexample of the earliest unit), checks add up, and "unexercised"
 * is decided on the sum.
 */
import { modeOfArm, modeOfLevers } from '../src/core/levers.ts';
import { RULE_IDS } from '../src/core/rules.ts';
import { unusedLever } from './applicability.ts';
import { combineEfficiency } from './efficiency.ts';
import { combineCoverage } from './crossed/coverage.ts';
import { addLeverUse, emptyLeverUse } from './lever-use.ts';
import {
  PHASES,
  type BandUsed,
  type BrokenBy,
  type Counterexample,
  type Phase,
  type RuleResult,
  type RunResult,
  type Shard,
} from './result.ts';
import { decide } from './verdict.ts';
import { defined } from '../src/core/defined.ts';

/** Histories per work unit: small enough to balance shards, large enough to keep overhead low. */
export const UNIT_SIZE = 10;
/** A production-band history costs about this many tiny or mid ones (files of 24 KB and more). */
export const PRODUCTION_WEIGHT = 6;

export type { Shard, ShardInfo } from './result.ts';

export interface WorkUnit {
  /** Position in the run's fixed unit order. */
  readonly index: number;
  /** Index into the run's cap bands. */
  readonly band: number;
  readonly from: number;
  readonly to: number;
  /** Estimated cost, for balancing shards (never for a verdict). */
  readonly weight: number;
}

/**
 * The run's units, given each band's cost per history: part 0 of every band, then part 1, … A band
 * may draw its own number of histories (`bandRuns`; the session band), otherwise `runs`.
 */
export function workUnits(bandWeights: readonly number[], runs: number, bandRuns?: readonly number[]): WorkUnit[] {
  const units: WorkUnit[] = [];
  const of = (band: number): number => bandRuns?.[band] ?? runs;
  const most = Math.max(0, ...bandWeights.map((_, band) => of(band)));
  for (let from = 0; from < most; from += UNIT_SIZE)
    bandWeights.forEach((w, band) => {
      if (from >= of(band)) return;
      const to = Math.min(of(band), from + UNIT_SIZE);
      units.push({ index: units.length, band, from, to, weight: w * (to - from) });
    });
  return units;
}

/**
 * The units of shard i of n, in run order: heaviest first, each to the least loaded shard (ties to
 * the lower shard). Deterministic: it depends only on the units, never on timing.
 */
export function shardUnits(units: readonly WorkUnit[], shard: Shard): WorkUnit[] {
  const load = new Array<number>(shard.count).fill(0);
  const owner = new Map<number, number>();
  for (const u of [...units].sort((a, b) => b.weight - a.weight || a.index - b.index)) {
    const s = load.indexOf(Math.min(...load));
    load[s]! += u.weight;
    owner.set(u.index, s);
  }
  return units.filter((u) => owner.get(u.index) === shard.index - 1);
}

/** A shard of a run split in two or more: it sees part of the histories (1/1 is the whole run). */
export function isPartial(r: { readonly shard?: Shard }): boolean {
  return r.shard !== undefined && r.shard.count > 1;
}

/** "i/n" with 1 <= i <= n; returns the shard or a reason it is not one. */
export function parseShard(text: string): Shard | string {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (m === null) return `expected i/n (e.g. 2/4), got ${JSON.stringify(text)}`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (!Number.isSafeInteger(count) || count < 1) return `the shard count must be an integer >= 1, got ${m[2]}`;
  if (!Number.isSafeInteger(index) || index < 1 || index > count)
    return `the shard index must be 1…${count}, got ${m[1]}`;
  return { index, count };
}

/** Earlier work first: probes and replays (no unit), then units in order. */
const order = (cx: Counterexample | undefined): number => cx?.unit ?? -1;

/**
 * The verdict of the whole run from the results of all its shards. Throws a RangeError when the
 * results are not the n shards of one run.
 */
export function combineShards(results: readonly RunResult[], minChecks = 1): RunResult {
  const first = results[0];
  if (first === undefined) throw new RangeError('no shard results to combine');
  const count = first.shard?.count;
  if (count === undefined || results.some((r) => r.shard === undefined))
    throw new RangeError('every result must come from a sharded run (--shard i/n)');
  const seen = new Set(results.map((r) => r.shard!.index));
  if (results.length !== count || seen.size !== count || results.some((r) => r.shard!.count !== count))
    throw new RangeError(
      `expected the ${count} shards 1…${count} of one run, got ${results.map((r) => `${r.shard!.index}/${r.shard!.count}`).join(', ')}`,
    );
  for (const r of results)
    for (const k of ['adapter', 'arm', 'seed', 'runs'] as const)
      if (r[k] !== first[k])
        throw new RangeError(
          `shard ${r.shard!.index} ran with ${k} ${String(r[k])}, shard ${first.shard!.index} with ${String(first[k])}`,
        );
  const sorted = [...results].sort((a, b) => a.shard!.index - b.shard!.index);
  const leverUse = emptyLeverUse();
  for (const r of sorted) addLeverUse(leverUse, r.leverUse);
  const mode = first.arm !== undefined ? modeOfArm(first.arm) : modeOfLevers(first.levers);

  const ids = RULE_IDS.filter((id) => first.rules.some((r) => r.id === id));
  const rules: RuleResult[] = ids.map((id) => {
    const mine = sorted.map((r) => r.rules.find((x) => x.id === id)).filter((x): x is RuleResult => x !== undefined);
    const checks = mine.reduce((a, x) => a + x.checks, 0);
    const fails = mine.filter((x) => x.status === 'fail');
    const failure = fails.reduce<RuleResult | undefined>(
      (best, x) => (best === undefined || order(x.counterexample) < order(best.counterexample) ? x : best),
      undefined,
    );
    const unused = unusedLever(id, mode, leverUse);
    // A shard's "lever never used" was judged on its own opportunities; the sum decides here.
    const na = mine.find(
      (x) => x.status === 'n/a' && x.reason !== undefined && !/ lever declared but never used /.test(x.reason),
    )?.reason;
    const d = decide(id, {
      checks,
      failure,
      ...defined({ na }),
      ...defined({ unused }),
      minChecks,
    });
    const checksFrom = Object.fromEntries(
      PHASES.map((p) => [p, mine.reduce((a, x) => a + (x.checksFrom?.[p] ?? 0), 0)]),
    ) as Record<Phase, number>;
    const broken = mine.map((x) => x.brokenBy).filter((b): b is BrokenBy => b !== undefined);
    const brokenBy = broken.length === 0 ? {} : { brokenBy: combineBrokenBy(broken) };
    if (d.failure !== undefined)
      return {
        id,
        status: 'fail',
        checks,
        checksFrom,
        ...brokenBy,
        ...defined({ reason: d.failure.reason }),
        ...(d.failure.counterexample ? { counterexample: d.failure.counterexample } : {}),
        ...(d.failure.mechanisms ? { mechanisms: d.failure.mechanisms } : {}),
      };
    return {
      id,
      status: d.status,
      checks,
      checksFrom,
      ...brokenBy,
      ...defined({ reason: d.reason }),
    };
  });

  const caps: BandUsed[] = first.caps.map((c) => ({
    ...c,
    histories: sorted.reduce((a, r) => a + (r.caps.find((x) => x.band === c.band)?.histories ?? 0), 0),
  }));
  const claims: Record<string, number> = {};
  for (const r of sorted) for (const [k, n] of Object.entries(r.claims)) claims[k] = (claims[k] ?? 0) + n;
  return {
    adapter: first.adapter,
    ...defined({ arm: first.arm }),
    levers: first.levers,
    ...(first.tool ? { tool: first.tool } : {}),
    caps,
    seed: first.seed,
    runs: first.runs,
    rules,
    summary: summarize(rules),
    assumptions: first.assumptions,
    claims,
    efficiency: combineEfficiency(sorted.map((r) => r.efficiency ?? [])),
    leverUse,
    // The corpus runs in shard 1 only.
    ...(sorted[0]!.corpus ? { corpus: sorted[0]!.corpus } : {}),
    advisories: sorted.flatMap((r) => r.advisories ?? []),
    ...(sorted.every((r) => r.coverage !== undefined)
      ? { coverage: combineCoverage(sorted.map((r) => r.coverage!)) }
      : {}),
    ...combineStops(sorted),
  };
}

/** A run whose shard was stopped by its time bound was stopped: what every shard left undone, summed. */
function combineStops(sorted: readonly RunResult[]): Pick<RunResult, 'stoppedEarly'> {
  if (!sorted.some((r) => r.stoppedEarly !== undefined)) return {};
  const judged = (r: RunResult): number => r.caps.reduce((a, c) => a + c.histories, 0);
  return {
    stoppedEarly: {
      corpusNotReached: sorted.reduce((a, r) => a + (r.stoppedEarly?.corpusNotReached ?? 0), 0),
      histories: sorted.reduce((a, r) => a + judged(r), 0),
      planned: sorted.reduce((a, r) => a + (r.stoppedEarly?.planned ?? judged(r)), 0),
      shrinkingCut: sorted.flatMap((r) => r.stoppedEarly?.shrinkingCut ?? []),
    },
  };
}

/** Shards' phases that broke one rule: probes, replays and the corpus come from shard 1; the smallest random budget wins. */
function combineBrokenBy(list: readonly BrokenBy[]): BrokenBy {
  const random = list.map((b) => b.random).filter((x): x is number => x !== undefined);
  const pick = <K extends 'replays' | 'corpus'>(k: K) => list.find((b) => b[k] !== undefined)?.[k];
  const replays = pick('replays');
  const corpus = pick('corpus');
  return {
    ...(list.some((b) => b.probes) ? { probes: true as const } : {}),
    ...defined({ replays }),
    ...defined({ corpus }),
    ...(random.length > 0 ? { random: Math.min(...random) } : {}),
  };
}

export function summarize(rules: readonly { readonly status: RuleResult['status'] }[]): RunResult['summary'] {
  return {
    passed: rules.filter((r) => r.status === 'pass').length,
    failed: rules.filter((r) => r.status === 'fail').length,
    na: rules.filter((r) => r.status === 'n/a').length,
    unexercised: rules.filter((r) => r.status === 'unexercised').length,
  };
}
