/**
 * Floors: minimums that only move up, committed in dev/selfcheck/floors.json. Per arm, every rule
 * applicable in that arm's run is floored on its random-phase checks (the directed corpus cannot
 * hide a weak generator); every gate on its checks; spec examples and killed mutants in full.
 * A floor is max(1, ⌊0.8·n⌋) of today's count n ≥ 1, so no floor rounds to 0.
 */
import { ARM_NAMES, type ArmName } from '../../src/core/arms.ts';

/** The suites whose counts are floored as plain numbers (rules are floored per arm, below). */
export const FLAT_SUITES = ['spec', 'gates', 'mutants'] as const;
export type FlatSuite = (typeof FLAT_SUITES)[number];

export type Phase = 'random' | 'probes';
/** One (arm, rule) floor, on the one phase named (random, or probes for a PROBE_ONLY pair). */
export type RuleFloor = { readonly random: number } | { readonly probes: number };

export interface Floors {
  readonly properties: Record<ArmName, Record<string, RuleFloor>>;
  readonly spec: Record<string, number>;
  readonly gates: Record<string, number>;
  readonly mutants: Record<string, number>;
}

/** One rule in one arm's `run --reporter json`. */
export interface RuleCount {
  readonly status: string;
  readonly random: number;
  readonly probes: number;
}

/** What fresh reports counted; spec and mutants are absent when their reports were not run. */
export interface Counts {
  readonly properties: Record<ArmName, Record<string, RuleCount>>;
  readonly gates: Record<string, number>;
  readonly spec?: Record<string, number>;
  readonly mutants?: Record<string, number>;
}

/** Bad or missing input to the floors check: one line, exit 2. */
export class FloorsError extends Error {}

/** How much of today's count n ≥ 1 a check-count floor keeps. */
export const SHARE = 0.8;
export const floorOf = (n: number): number => Math.max(1, Math.floor(SHARE * n));

/**
 * (arm, rule) pairs no random history can check, with the reason: only the surface probes judge
 * them, so they are floored on the probes. Any other applicable rule whose random phase has 0
 * checks is an error of the writer (and the test keeps this list exact both ways).
 */
export function probeOnly(arm: ArmName, rule: string): string | undefined {
  switch (rule) {
    case 'ARM-GUARD':
    case 'OFF-IDENTITY':
    case 'PERSONA-TRUTH':
    case 'CAP-PARAM':
      return 'judged only by the surface probes (properties/surface/)';
    case 'A2-NO-POINTER':
      return arm === 'diff'
        ? undefined
        : 'histories judge it only under the diff arm; the probes check the diff arm from every run';
    case 'NOTICE-SEALED':
      return arm === 'off' ? 'the off arm sends no notice; the probes check the persona lines' : undefined;
    default:
      return undefined;
  }
}

/** Where a count or floor lives, for messages: "arm off, SLICE-EXACT (random)" or "gates, GATE-X". */
export interface Item {
  readonly suite: 'properties' | FlatSuite;
  readonly arm?: ArmName;
  readonly item: string;
  readonly phase?: Phase;
}
export interface FloorBreach extends Item {
  readonly floor: number;
  readonly got: number;
}

export const where = (i: Item): string =>
  i.suite === 'properties' ? `arm ${i.arm}, ${i.item}${i.phase ? ` (${i.phase})` : ''}` : `${i.suite}, ${i.item}`;

export const phaseOf = (f: RuleFloor): Phase => ('random' in f ? 'random' : 'probes');
const valueOf = (f: RuleFloor): number => ('random' in f ? f.random : f.probes);

/** Every floored item whose count is below its floor (a floored item missing from the counts counts as 0). */
export function breaches(floors: Floors, counts: Counts): FloorBreach[] {
  const out: FloorBreach[] = [];
  for (const arm of ARM_NAMES)
    for (const [item, f] of Object.entries(floors.properties[arm] ?? {})) {
      const phase = phaseOf(f);
      const got = counts.properties[arm]?.[item]?.[phase] ?? 0;
      if (got < valueOf(f)) out.push({ suite: 'properties', arm, item, phase, floor: valueOf(f), got });
    }
  for (const suite of FLAT_SUITES) {
    const c = counts[suite];
    if (c === undefined) continue;
    for (const [item, floor] of Object.entries(floors[suite] ?? {})) {
      const got = c[item] ?? 0;
      if (got < floor) out.push({ suite, item, floor, got });
    }
  }
  return out;
}

/** Items the reports count that have no floor: an applicable rule of an arm, a gate. */
export function unfloored(floors: Floors, counts: Counts): Item[] {
  const out: Item[] = [];
  for (const arm of ARM_NAMES)
    for (const [item, c] of Object.entries(counts.properties[arm] ?? {}))
      if (c.status !== 'n/a' && floors.properties[arm]?.[item] === undefined)
        out.push({ suite: 'properties', arm, item });
  for (const suite of FLAT_SUITES)
    for (const item of Object.keys(counts[suite] ?? {}))
      if (floors[suite]?.[item] === undefined) out.push({ suite, item });
  return out;
}

/** Today's floor for one (arm, rule) count, or why there can be none. */
function ruleFloor(arm: ArmName, rule: string, c: RuleCount): RuleFloor | string {
  if (c.status !== 'pass') return `arm ${arm}, ${rule} is ${c.status}; floors are written from passing runs only`;
  if (c.random >= 1) return { random: floorOf(c.random) };
  const why = probeOnly(arm, rule);
  if (why === undefined)
    return `arm ${arm}, ${rule} is applicable but its random phase made 0 checks (no generator reaches it)`;
  if (c.probes < 1) return `arm ${arm}, ${rule} is probe-only (${why}) but the probes made 0 checks`;
  return { probes: floorOf(c.probes) };
}

export interface NextFloors {
  /** Why nothing may be written (empty when the floors may be written). */
  readonly problems: string[];
  readonly floors: Floors;
  /** One line per floor that moved or was added. */
  readonly changes: string[];
}

/**
 * The floors fresh counts give, merged with the committed ones: each floor is the larger of the
 * two (floors only move up). Refused (problems) when a count is below its committed floor — the
 * new floor would be lower — or when an applicable rule or a gate has nothing to floor.
 * Suites whose reports were not run (spec, mutants) keep their floors.
 */
export function nextFloors(old: Floors, counts: Counts): NextFloors {
  const problems = breaches(old, counts).map(
    (b) => `${where(b)}: ${b.got} < floor ${b.floor}; floors only move up, so it cannot be lowered`,
  );
  const changes: string[] = [];
  const move = (label: string, was: number | undefined, now: number, phaseNote = ''): void => {
    if (was === undefined) changes.push(`${label}: new floor ${now}${phaseNote}`);
    else if (now > was) changes.push(`${label}: ${was} → ${now}${phaseNote}`);
  };
  const properties = {} as Record<ArmName, Record<string, RuleFloor>>;
  for (const arm of ARM_NAMES) {
    const rules = counts.properties[arm];
    if (rules === undefined) throw new FloorsError(`floors: no report for arm ${arm}`);
    const next: Record<string, RuleFloor> = {};
    for (const [rule, c] of Object.entries(rules)) {
      if (c.status === 'n/a') continue;
      const fresh = ruleFloor(arm, rule, c);
      if (typeof fresh === 'string') {
        problems.push(fresh);
        continue;
      }
      const was = old.properties[arm]?.[rule];
      const phase = phaseOf(fresh);
      // A probes floor may become a random one (the generators reached the rule); never the reverse (a breach above).
      const kept = was !== undefined && phaseOf(was) === phase ? valueOf(was) : undefined;
      const value = Math.max(kept ?? 0, valueOf(fresh));
      next[rule] = phase === 'random' ? { random: value } : { probes: value };
      move(
        where({ suite: 'properties', arm, item: rule, phase }),
        kept,
        value,
        was !== undefined && kept === undefined ? ` (was ${phaseOf(was)} ${valueOf(was)})` : '',
      );
    }
    properties[arm] = next;
  }
  const flat = (suite: FlatSuite, share: (n: number) => number): Record<string, number> => {
    const c = counts[suite];
    const next: Record<string, number> = { ...old[suite] };
    if (c === undefined) return next;
    for (const [item, n] of Object.entries(c)) {
      if (n < 1) {
        problems.push(`${suite}, ${item}: 0 checks; a floor must be at least 1`);
        continue;
      }
      const value = Math.max(old[suite]?.[item] ?? 0, share(n));
      move(`${suite}, ${item}`, old[suite]?.[item], value);
      next[item] = value;
    }
    return next;
  };
  // Examples and killed mutants are discrete promises: all of them.
  const floors: Floors = {
    properties,
    spec: flat('spec', (n) => n),
    gates: flat('gates', floorOf),
    mutants: flat('mutants', (n) => n),
  };
  return { problems, floors, changes };
}

/**
 * Every floor of `before` that `after` lowers or drops (floors only move up). A probes floor may
 * become a random one; a random one may not become a probes one.
 */
export function lowered(before: Floors, after: Floors): string[] {
  const out: string[] = [];
  for (const arm of ARM_NAMES)
    for (const [rule, was] of Object.entries(before.properties[arm] ?? {})) {
      const now = after.properties[arm]?.[rule];
      const label = where({ suite: 'properties', arm, item: rule, phase: phaseOf(was) });
      if (now === undefined) out.push(`${label}: ${valueOf(was)} → no floor`);
      else if (phaseOf(was) === 'random' && phaseOf(now) === 'probes') out.push(`${label}: became a probes floor`);
      else if (phaseOf(was) === phaseOf(now) && valueOf(now) < valueOf(was))
        out.push(`${label}: ${valueOf(was)} → ${valueOf(now)}`);
    }
  for (const suite of FLAT_SUITES)
    for (const [item, was] of Object.entries(before[suite] ?? {})) {
      const now = after[suite]?.[item];
      if (now === undefined || now < was) out.push(`${suite}, ${item}: ${was} → ${now ?? 'no floor'}`);
    }
  return out;
}
