// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the four arms' runs the floors are read from (55 s of wall in a clean-clone CI run, 7 Dec 2026).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { ARM_NAMES, type ArmName } from '../../../src/core/arms.ts';
import { GATE_IDS } from '../../../gates/ids.ts';
import {
  breaches,
  floorOf,
  lowered,
  nextFloors,
  phaseOf,
  probeOnly,
  unfloored,
  type Counts,
  type Floors,
  type RuleCount,
} from '../../../dev/selfcheck/floors.ts';
import { committedFloors } from '../../../dev/selfcheck/history.ts';
import { armCounts, countsFrom, loadFloors, runReport } from '../../../dev/selfcheck/reports.ts';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const floors = loadFloors(new URL('../../../dev/selfcheck/floors.json', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'readshim-floors-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Arms = Record<ArmName, Record<string, RuleCount>>;
const runs = join(tmp, 'runs');
let real: Arms;

// The four arms' real runs (default seed and runs), once, in-process: ~4 × 4 s CPU.
beforeAll(async () => {
  mkdirSync(runs);
  for (const arm of ARM_NAMES) {
    const code = await main([
      'run',
      '--arm',
      arm,
      '--reporter',
      'json',
      '--no-save',
      '--out',
      join(runs, `${runReport(arm)}.json`),
    ]);
    expect(code).toBe(0);
  }
  real = armCounts(runs);
}, 240_000);

const applicable = (arm: ArmName): string[] =>
  Object.entries(real[arm])
    .filter(([, c]) => c.status !== 'n/a')
    .map(([id]) => id)
    .sort();
/** Counts that hold every flat floor exactly, with the real runs (or `arms`). */
const countsAt = (arms: Arms = real): Counts => ({
  properties: arms,
  gates: { ...floors.gates },
  spec: { ...floors.spec },
  mutants: { ...floors.mutants },
});
const withRule = (arm: ArmName, rule: string, c: Partial<RuleCount>): Arms => {
  const arms = structuredClone(real);
  arms[arm][rule] = { ...arms[arm][rule]!, ...c };
  return arms;
};
const randomFloor = (arm: ArmName, rule: string): number => {
  const f = floors.properties[arm][rule]!;
  if (!('random' in f)) throw new Error(`arm ${arm}, ${rule} has no random floor`);
  return f.random;
};

describe('floors per (arm, applicable rule) on the random phase, and per gate', () => {
  it("per arm, the floor keys are the rules applicable in that arm's real run; the gate floors are every gate", () => {
    for (const arm of ARM_NAMES)
      expect([arm, Object.keys(floors.properties[arm]).sort()]).toEqual([arm, applicable(arm)]);
    expect(Object.keys(floors.gates).sort()).toEqual([...GATE_IDS].sort());
    expect(Object.values(floors.gates).every((n) => n >= 1)).toBe(true);
  });

  it('an applicable rule with no random check is exactly a declared probe-only pair, and only those are floored on the probes', () => {
    for (const arm of ARM_NAMES) {
      const noRandom = applicable(arm).filter((id) => real[arm][id]!.random === 0);
      expect([arm, noRandom]).toEqual([arm, applicable(arm).filter((id) => probeOnly(arm, id) !== undefined)]);
      expect([
        arm,
        Object.keys(floors.properties[arm])
          .filter((id) => phaseOf(floors.properties[arm][id]!) === 'probes')
          .sort(),
      ]).toEqual([arm, noRandom]);
    }
  });

  it('the real runs hold every committed floor, and every count they make has one', () => {
    expect(breaches(floors, countsAt())).toEqual([]);
    expect(unfloored(floors, countsAt())).toEqual([]);
  });

  it("negative control: one rule's random checks below its floor is a breach naming the arm, the rule and the phase", () => {
    const f = randomFloor('diff', 'A2-NO-POINTER');
    const counts = countsAt(withRule('diff', 'A2-NO-POINTER', { random: f - 1 }));
    expect(breaches(floors, counts)).toEqual([
      { suite: 'properties', arm: 'diff', item: 'A2-NO-POINTER', phase: 'random', floor: f, got: f - 1 },
    ]);
  });

  it('negative control: the CI check exits 1 naming the arm and rule when a report falls below its floor', () => {
    const dir = join(tmp, 'reports');
    mkdirSync(dir);
    for (const arm of ARM_NAMES) {
      const report = JSON.parse(readFileSync(join(runs, `${runReport(arm)}.json`), 'utf8')) as {
        rules: { id: string; checksFrom: { random: number } }[];
      };
      if (arm === 'cap')
        report.rules.find((r) => r.id === 'PROGRESS')!.checksFrom.random = randomFloor('cap', 'PROGRESS') - 1;
      writeFileSync(join(dir, `${runReport(arm)}.json`), JSON.stringify(report));
    }
    writeFileSync(
      join(dir, 'gates.json'),
      JSON.stringify({ gates: Object.entries(floors.gates).map(([id, checks]) => ({ id, checks, status: 'pass' })) }),
    );
    writeFileSync(
      join(dir, 'spec.json'),
      JSON.stringify({
        examples: Array.from({ length: floors.spec['examples passed']! }, (_, i) => ({ id: `E${i}`, status: 'pass' })),
      }),
    );
    const killed = floors.mutants['killed by a named rule']!;
    writeFileSync(
      join(dir, 'mutants.json'),
      JSON.stringify({
        mutants: Array.from({ length: killed }, (_, i) => ({
          id: `M${i}`,
          status: 'killed',
          runsToKillWithoutCorpus: 1,
        })),
      }),
    );
    expect(breaches(floors, countsFrom(dir))).toHaveLength(1);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'dev/selfcheck/check.ts', 'floors', dir], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `floor breached: arm cap, PROGRESS (random): ${randomFloor('cap', 'PROGRESS') - 1} < floor ${randomFloor('cap', 'PROGRESS')}`,
    );
  });

  it('an applicable rule or a gate without a floor is named, not skipped', () => {
    const less = structuredClone(floors);
    delete less.properties.off['OFF-IDENTITY'];
    delete less.gates['GATE-ARMS-FROZEN'];
    expect(unfloored(less, countsAt())).toEqual([
      { suite: 'properties', arm: 'off', item: 'OFF-IDENTITY' },
      { suite: 'gates', item: 'GATE-ARMS-FROZEN' },
    ]);
  });

  it('mutants the corpus alone kills breach the floor of kills without the corpus (the generators keep their strength)', () => {
    const counts = countsAt();
    const n = floors.mutants['killed without the corpus']!;
    const got = {
      ...counts,
      mutants: {
        'killed by a named rule': floors.mutants['killed by a named rule']!,
        'killed without the corpus': n - 1,
      },
    };
    expect(breaches(floors, got)).toEqual([
      { suite: 'mutants', item: 'killed without the corpus', floor: n, got: n - 1 },
    ]);
  });
});

describe('the floors writer: fresh reports, floors only move up', () => {
  it("writes max(1, ⌊0.8·n⌋) of the random checks, and the committed floors from today's runs lower nothing", () => {
    const empty: Floors = { properties: { off: {}, cap: {}, diff: {}, all: {} }, spec: {}, gates: {}, mutants: {} };
    const fresh = nextFloors(empty, countsAt());
    expect(fresh.problems).toEqual([]);
    expect(fresh.floors.properties.all['POINTER-FULL']).toEqual({ random: floorOf(real.all['POINTER-FULL']!.random) });
    expect(fresh.floors.properties.off['OFF-IDENTITY']).toEqual({ probes: floorOf(real.off['OFF-IDENTITY']!.probes) });
    expect([floorOf(1), floorOf(2), floorOf(10)]).toEqual([1, 1, 8]);
    const again = nextFloors(floors, countsAt());
    expect(again.problems).toEqual([]);
    expect(lowered(floors, again.floors)).toEqual([]);
  });

  it('refuses to lower a floor: a count below it is an error naming arm and rule, and nothing is given to write', () => {
    const f = randomFloor('all', 'POINTER-FULL');
    const next = nextFloors(floors, countsAt(withRule('all', 'POINTER-FULL', { random: f - 1 })));
    expect(next.problems).toEqual([
      `arm all, POINTER-FULL (random): ${f - 1} < floor ${f}; floors only move up, so it cannot be lowered`,
    ]);
  });

  it('keeps a floor whose count still holds it though 80% of the count is lower', () => {
    const f = randomFloor('all', 'POINTER-FULL');
    const next = nextFloors(floors, countsAt(withRule('all', 'POINTER-FULL', { random: f })));
    expect(next.problems).toEqual([]);
    expect(next.floors.properties.all['POINTER-FULL']).toEqual({ random: f });
  });

  it('refuses a rule that became n/a (its floor would be dropped) and an applicable rule no generator reaches', () => {
    const gone = nextFloors(
      floors,
      countsAt(withRule('diff', 'DIFF-COMPLETE', { status: 'n/a', random: 0, probes: 0 })),
    );
    expect(gone.problems).toEqual([
      `arm diff, DIFF-COMPLETE (random): 0 < floor ${randomFloor('diff', 'DIFF-COMPLETE')}; floors only move up, so it cannot be lowered`,
    ]);
    const empty: Floors = { properties: { off: {}, cap: {}, diff: {}, all: {} }, spec: {}, gates: {}, mutants: {} };
    const unreached = nextFloors(empty, countsAt(withRule('cap', 'SLICE-CONTINUES', { random: 0 })));
    expect(unreached.problems).toEqual([
      'arm cap, SLICE-CONTINUES is applicable but its random phase made 0 checks (no generator reaches it)',
    ]);
  });

  it('the monotone check names a lowered, dropped or weakened floor and allows a probes floor to become a random one', () => {
    const after = structuredClone(floors);
    after.properties.cap['PROGRESS'] = { random: randomFloor('cap', 'PROGRESS') - 1 };
    delete after.properties.diff['DIFF-COMPLETE'];
    after.properties.all['POINTER-FULL'] = { probes: 10_000 };
    after.properties.off['OFF-IDENTITY'] = { random: 1 };
    after.gates['GATE-NOTICE-SEALED'] = floors.gates['GATE-NOTICE-SEALED']! - 1;
    expect(lowered(floors, after)).toEqual([
      `arm cap, PROGRESS (random): ${randomFloor('cap', 'PROGRESS')} → ${randomFloor('cap', 'PROGRESS') - 1}`,
      `arm diff, DIFF-COMPLETE (random): ${randomFloor('diff', 'DIFF-COMPLETE')} → no floor`,
      'arm all, POINTER-FULL (random): became a probes floor',
      `gates, GATE-NOTICE-SEALED: ${floors.gates['GATE-NOTICE-SEALED']} → ${floors.gates['GATE-NOTICE-SEALED']! - 1}`,
    ]);
  });

  it("the older layout (rule → total of the default run) reads as arm all's floors", () => {
    const legacy = JSON.stringify({
      properties: { 'POINTER-FULL': 5, 'ARM-GUARD': 3 },
      spec: { 'examples passed': 1 },
      gates: {},
      mutants: {},
    });
    expect(loadFloors('legacy', legacy).properties).toEqual({
      off: {},
      cap: {},
      diff: {},
      all: { 'POINTER-FULL': { random: 5 }, 'ARM-GUARD': { probes: 3 } },
    });
  });

  it('the working dev/selfcheck/floors.json lowers no floor committed at HEAD or at its parents', () => {
    const olds = committedFloors(REPO);
    expect(olds.length).toBeGreaterThan(0);
    for (const { rev, text } of olds) expect([rev, lowered(loadFloors(rev, text), floors)]).toEqual([rev, []]);
  });
});
