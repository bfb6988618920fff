/**
 * The session band's plan (properties/generators/session/): its histories per run, sized to the
 * subject's speed, and what the subject declares (windows, batch calls, links, binary files, forks,
 * resumes, forgets by path or whole workers only). A band like the cap bands: drawn from the run's
 * seed, split into work units, shrunk the same way (within a budget of events judged).
 */
import fc from 'fast-check';
import type { Capabilities } from '../../src/core/contract.ts';
import { windowLimitMax } from '../../src/core/host-tool.ts';
import { materializeSession } from '../generators/session/materialize.ts';
import { logInt, sessionArb, type SessionOptions, type SessionSpec } from '../generators/session/shape.ts';
import { HistorySource, type BandSpec } from './draw.ts';
import type { BandPlan } from './random.ts';

export interface SessionBandOptions {
  /** Histories in the band (0: none). */
  readonly histories: number;
  /** Most operations per history (a few events each). */
  readonly maxOps: number;
  /** What the shrinking of one rule may spend (cost units: judged events and the bytes they wrote, reduce.ts). */
  readonly shrinkCost: number;
  readonly transport: 'in-process' | 'process';
  /** The subject's disk holds symlinks and hardlinks, and bytes that are not UTF-8. */
  readonly links: boolean;
  readonly bytes: boolean;
  /** Sessions large in every way together, and counts drawn to their far end (in process: shape.ts SCALED, materialize.ts FAR). */
  readonly reach?: boolean;
}

/**
 * The default size of the band per kind of subject: an in-process shim answers a read in
 * microseconds, a process in about a millisecond, a hook or MCP server in a few, an agent CLI in
 * seconds. Histories per run scale with --runs (one per 15 in process, one per 25 otherwise).
 */
export const SESSION_DEFAULTS = Object.freeze({
  // reach: far ends drawn (a full scan is hundreds of reads): only where a read costs microseconds.
  'in-process': { per: 15, maxOps: 400, shrinkCost: 400_000, reach: true },
  process: { per: 25, maxOps: 120, shrinkCost: 40_000, reach: false },
  // A hook's or MCP server's default run stays within 2× its wall time without the band (docs/reference/performance.md).
  driver: { per: 25, maxOps: 60, shrinkCost: 2_500, reach: false },
  agent: { per: 25, maxOps: 8, shrinkCost: 2_000, reach: false },
});

export type SessionKind = keyof typeof SESSION_DEFAULTS;

/** The band's histories for a run of `runs` histories per cap band (0 for a replay). */
export function sessionHistories(kind: SessionKind, runs: number): number {
  return runs <= 0 ? 0 : Math.ceil(runs / SESSION_DEFAULTS[kind].per);
}

/** A session history costs about this many cap-band histories (for balancing shards, never a verdict). */
const SESSION_WEIGHT = 40;

export function sessionOptions(caps: Capabilities, o: SessionBandOptions): SessionOptions {
  const binary = caps.tool?.binary;
  const limit = windowLimitMax(caps.tool);
  return {
    windows: caps.windows,
    stale: caps.staleServe,
    forget: !caps.hostNeverCompacts,
    forgetPaths: caps.forgetWhole !== true,
    toolFailures: o.transport === 'in-process',
    races: o.transport === 'in-process' || caps.raceBarrier === true,
    batch: caps.batch === true,
    links: o.links,
    binary: o.bytes && (binary === 'base64' || binary === 'bytes'),
    fork: caps.sessions?.fork === true,
    sharedSession: caps.sessions?.sharedSession === true,
    resume: caps.sessions?.resume === true,
    maxOps: o.maxOps,
    reach: o.reach === true,
    ...(limit !== undefined ? { maxWindowLimit: limit } : {}),
  };
}

/** The session band's plan for a run, and its weight per history. */
export function sessionBand(
  caps: Capabilities,
  o: SessionBandOptions,
  seed: number,
  fixedCap: number | undefined,
): { plan: BandPlan; weight: number } {
  const cap = fixedCap !== undefined ? fc.constant(fixedCap) : fc.oneof(fc.constant(24_576), logInt(1024, 65_536));
  const tool = caps.tool;
  return {
    plan: {
      name: 'session',
      source: new HistorySource<BandSpec>(sessionArb(sessionOptions(caps, o), cap)),
      seed: (seed + 4 * 1_000_003) | 0,
      materialize: (spec) => materializeSession(spec as SessionSpec, tool !== undefined ? { tool } : {}),
      runs: o.histories,
    },
    weight: SESSION_WEIGHT,
  };
}
