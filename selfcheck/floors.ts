/**
 * Floors: each suite records how many checks it ran; the committed floors.json holds minimums
 * that only move up. A suite below its floor fails CI naming the suite (and the item).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SUITES = ['properties', 'spec', 'gates', 'mutants'] as const;
export type Suite = (typeof SUITES)[number];

/** Per suite: item → count (a rule's checks, a gate's checks, examples passed, mutants killed). */
export type Counts = Record<Suite, Record<string, number>>;

interface JsonReport {
  readonly rules?: readonly { id: string; checks: number }[];
  readonly examples?: readonly { id: string; status: string }[];
  readonly gates?: readonly { id: string; checks?: number; status: string }[];
  readonly mutants?: readonly { id: string; status: string; runsToKillWithoutCorpus?: number | null }[];
}

const read = (dir: string, name: string): JsonReport => {
  const path = join(dir, `${name}.json`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
  } catch (e) {
    throw new Error(`floors: cannot read the ${name} report ${path}: ${(e as Error).message}`);
  }
};

/** Counts from the JSON reports of run, spec, gates and mutants saved in `dir`. */
export function countsFrom(dir: string): Counts {
  const run = read(dir, 'run');
  const spec = read(dir, 'spec');
  const gates = read(dir, 'gates');
  const mutants = read(dir, 'mutants');
  return {
    properties: Object.fromEntries((run.rules ?? []).map((r) => [r.id, r.checks])),
    spec: { 'examples passed': (spec.examples ?? []).filter((e) => e.status === 'pass').length },
    gates: Object.fromEntries((gates.gates ?? []).map((g) => [g.id, g.status === 'pass' ? (g.checks ?? 0) : 0])),
    mutants: {
      'killed by a named rule': (mutants.mutants ?? []).filter((m) => m.status === 'killed').length,
      // The generators' own strength: killed by the probes and the random phase alone (mutants --no-corpus).
      'killed without the corpus': (mutants.mutants ?? []).filter((m) => m.status === 'killed' && typeof m.runsToKillWithoutCorpus === 'number').length,
    },
  };
}

export interface FloorBreach {
  readonly suite: Suite;
  readonly item: string;
  readonly floor: number;
  readonly got: number;
}

/** Every item below its floor (a floor item missing from the counts counts as 0). */
export function breaches(floors: Counts, counts: Counts): FloorBreach[] {
  const out: FloorBreach[] = [];
  for (const suite of SUITES)
    for (const [item, floor] of Object.entries(floors[suite] ?? {})) {
      const got = counts[suite]?.[item] ?? 0;
      if (got < floor) out.push({ suite, item, floor, got });
    }
  return out;
}

/**
 * How much of today's count a floor keeps: examples and mutants are discrete promises (all of
 * them); check counts move with generators and refactors, so their floors keep 80%.
 */
export const SHARE: Readonly<Record<Suite, number>> = Object.freeze({ properties: 0.8, gates: 0.8, spec: 1, mutants: 1 });

/** Floors raised to SHARE of the counts where that is higher; never lowered. */
export function raised(floors: Counts, counts: Counts): Counts {
  const next = structuredClone(floors);
  for (const suite of SUITES) {
    next[suite] ??= {};
    for (const [item, n] of Object.entries(counts[suite] ?? {})) {
      const f = Math.floor(n * SHARE[suite]);
      if (f > (next[suite][item] ?? 0)) next[suite][item] = f;
    }
  }
  return next;
}

/** Items whose floor went down from `before` to `after` (floors only move up). */
export function lowered(before: Counts, after: Counts): FloorBreach[] {
  const out: FloorBreach[] = [];
  for (const suite of SUITES)
    for (const [item, was] of Object.entries(before[suite] ?? {})) {
      const now = after[suite]?.[item] ?? 0;
      if (now < was) out.push({ suite, item, floor: was, got: now });
    }
  return out;
}
