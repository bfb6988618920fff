/**
 * The generated part of a run: the cap bands, their work units (this shard's), the random phase,
 * then the shrinking of each rule it found that nothing earlier (probes, replays) failed first.
 */
import fc from 'fast-check';
import type { RuleId } from '../../src/core/rules.ts';
import { windowLimitMax } from '../../src/core/host-tool.ts';
import { BANDS, withHostTool, type Band } from '../generators/content.ts';
import { historyArb, materialize, type HistorySpec, type OpOptions } from '../generators/history.ts';
import { sessionBand, type SessionBandOptions } from './session-band.ts';
import type { BandUsed } from '../result.ts';
import { PRODUCTION_WEIGHT, shardUnits, workUnits, type Shard } from '../shard.ts';
import { HistorySource, type BandSpec } from './draw.ts';
import type { EngineEnv } from './env.ts';
import { randomPhase, type BandPlan, type Found } from './random.ts';
import { SharedVerdicts } from './shared.ts';
import { shrinkRule } from './shrink.ts';
import type { Tally } from './tally.ts';

export interface GeneratedOptions {
  /** Histories per cap band (0: none, e.g. a replay). */
  readonly runs: number;
  readonly seed: number;
  readonly transport: 'in-process' | 'process';
  /** One cap (one band) instead of the three cap bands. */
  readonly fixedCap?: number;
  readonly shard?: Shard;
  /** Most candidates the shrinking of one rule judges. */
  readonly shrinkRuns: number;
  /** The session band: how many histories, how long, and what the subject's disk holds. */
  readonly session?: SessionBandOptions;
}

function bandFor(cap: number): Band {
  return cap <= 64 ? BANDS.tiny : cap <= 4096 ? BANDS.mid : BANDS.production;
}

export async function generatedPhase(
  env: EngineEnv,
  tally: Tally,
  o: GeneratedOptions,
): Promise<{
  used: BandUsed[];
  units: { units: number; totalUnits: number };
  /** What the run's time bound cut (absent when it cut nothing). */
  stopped?: { histories: number; planned: number; shrinkingCut: RuleId[] };
}> {
  const caps = env.adapter.capabilities;
  const tool = caps.tool;
  const bands: { band: Band; fixedCap?: number; name: string }[] =
    o.runs === 0
      ? []
      : o.fixedCap !== undefined
        ? [{ band: bandFor(o.fixedCap), fixedCap: o.fixedCap, name: 'fixed' }]
        : [
            { band: BANDS.tiny, name: 'tiny' },
            { band: BANDS.mid, name: 'mid' },
            { band: BANDS.production, name: 'production' },
          ];
  const opts: OpOptions = {
    windows: caps.windows,
    stale: caps.staleServe,
    forget: !caps.hostNeverCompacts,
    forgetPaths: caps.forgetWhole !== true,
    toolFailures: o.transport === 'in-process',
    // A process can be raced only through the protocol barrier it opts into.
    races: o.transport === 'in-process' || caps.raceBarrier === true,
    maxWorkers: 3,
    maxOps: 24,
    ...(windowLimitMax(tool) !== undefined ? { maxWindowLimit: windowLimitMax(tool)! } : {}),
    ...(tool?.defaultLimit !== undefined ? { defaultLimit: tool.defaultLimit } : {}),
    // A process pays per read: shrink the operations first, so candidates get short early.
    ...(o.transport === 'process' ? { opsFirst: true } : {}),
  };
  const plans: BandPlan[] = bands.map((b, i) => ({
    name: b.name,
    source: new HistorySource<BandSpec>(
      historyArb(
        withHostTool(b.fixedCap !== undefined ? { ...b.band, cap: fc.constant(b.fixedCap) } : b.band, tool),
        opts,
      ),
    ),
    seed: (o.seed + (i + 1) * 1_000_003) | 0,
    materialize: (spec) => materialize(spec as HistorySpec),
    runs: o.runs,
  }));
  const session =
    o.runs === 0 || o.session === undefined ? undefined : sessionBand(caps, o.session, o.seed, o.fixedCap);
  if (session !== undefined && session.plan.runs > 0) plans.push(session.plan);
  const allUnits = workUnits(
    plans.map((p) => (p.name === 'production' ? PRODUCTION_WEIGHT : p.name === 'session' ? session!.weight : 1)),
    o.runs,
    plans.map((p) => p.runs),
  );
  const mine = o.shard ? shardUnits(allUnits, o.shard) : allUnits;
  const random = await randomPhase(env, plans, mine, tally);
  const cut = await shrinkFailures(env, random.found, tally, o.shrinkRuns, o.session?.shrinkCost);
  const used: BandUsed[] = plans.map((p, i) => ({
    band: p.name,
    cap:
      bands[i]?.fixedCap ??
      (p.name === 'tiny'
        ? '4–64'
        : p.name === 'mid'
          ? '256–4096'
          : p.name === 'session'
            ? (o.fixedCap ?? '1024–65536')
            : 24_576),
    histories: random.histories[i]!,
  }));
  const histories = random.histories.reduce((a, n) => a + n, 0);
  const planned = mine.reduce((a, u) => a + u.to - u.from, 0);
  return {
    used,
    units: { units: mine.length, totalUnits: allUnits.length },
    ...(random.stopped || cut.length > 0 ? { stopped: { histories, planned, shrinkingCut: cut } } : {}),
  };
}

/**
 * Shrinks each rule the random phase found (and nothing earlier failed), the rules at once,
 * sharing the slots; an error is the one of the first such rule in rule order.
 */
async function shrinkFailures(
  env: EngineEnv,
  found: ReadonlyMap<RuleId, Found>,
  tally: Tally,
  budget: number,
  sessionCost: number | undefined,
): Promise<RuleId[]> {
  const rules = [...env.targets].filter((r) => found.has(r) && !tally.failures.has(r));
  let active = rules.length;
  const shared = new SharedVerdicts();
  const width = (): number => Math.max(1, Math.floor(env.slots.size / Math.max(1, active)));
  const settled = await Promise.allSettled(
    rules.map(async (rule) => {
      env.progress(`${found.get(rule)!.band.name} band: found ${rule}, shrinking`);
      try {
        const f = found.get(rule)!;
        const cost = f.band.name === 'session' && sessionCost !== undefined ? { cost: { left: sessionCost } } : {};
        return await shrinkRule(env, rule, f, { budget, width, shared, ...cost });
      } finally {
        active--;
      }
    }),
  );
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') tally.fail(rules[i]!, s.value.message, s.value.cx);
  });
  // The rules whose shrinking the run's time bound cut short.
  return rules.filter((_, i) => {
    const s = settled[i]!;
    return s.status === 'fulfilled' && s.value.info.stopped === true;
  });
}
