/**
 * The reports floors are checked against: `run --arm <a> --reporter json` saved as run-<a>.json
 * for each arm, gates.json, spec.json, mutants.json in one directory. `writeReports` makes the
 * first five with the kit's own bin (what CI runs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARM_NAMES, type ArmName } from '../../src/core/arms.ts';
import { FloorsError, probeOnly, type Counts, type Floors, type RuleCount } from './floors.ts';

interface JsonReport {
  readonly arm?: string;
  readonly rules?: readonly { id: string; status: string; checksFrom?: { random?: number; probes?: number } }[];
  readonly examples?: readonly { id: string; status: string }[];
  readonly gates?: readonly { id: string; checks?: number; status: string }[];
  readonly mutants?: readonly { id: string; status: string; runsToKillWithoutCorpus?: number | null }[];
}

const read = (dir: string, name: string): JsonReport => {
  const path = join(dir, `${name}.json`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
  } catch (e) {
    throw new FloorsError(`floors: cannot read the ${name} report ${path}: ${(e as Error).message}`);
  }
};

export const runReport = (arm: ArmName): string => `run-${arm}`;

function ruleCounts(dir: string, arm: ArmName): Record<string, RuleCount> {
  const r = read(dir, runReport(arm));
  if (r.arm !== arm)
    throw new FloorsError(`floors: ${runReport(arm)}.json is a report of arm ${JSON.stringify(r.arm)}, not ${arm}`);
  const out: Record<string, RuleCount> = {};
  for (const rule of r.rules ?? []) {
    const from = rule.checksFrom;
    if (typeof from?.random !== 'number' || typeof from.probes !== 'number')
      throw new FloorsError(
        `floors: ${runReport(arm)}.json has no checksFrom.random/probes for ${rule.id} (a report from an older kit?)`,
      );
    out[rule.id] = { status: rule.status, random: from.random, probes: from.probes };
  }
  return out;
}

/** Per arm, each rule's status and random/probe checks, from run-<arm>.json in `dir`. */
export function armCounts(dir: string): Record<ArmName, Record<string, RuleCount>> {
  return Object.fromEntries(ARM_NAMES.map((arm) => [arm, ruleCounts(dir, arm)])) as Record<
    ArmName,
    Record<string, RuleCount>
  >;
}

/**
 * Counts from the reports in `dir`. The four run reports and gates.json are required; spec.json
 * and mutants.json too unless `partial` (the writer then keeps those floors as they are).
 */
export function countsFrom(dir: string, partial = false): Counts {
  const properties = armCounts(dir);
  const gates = read(dir, 'gates');
  const has = (name: string): boolean => !partial || existsSync(join(dir, `${name}.json`));
  const spec = has('spec') ? read(dir, 'spec') : undefined;
  const mutants = has('mutants') ? read(dir, 'mutants') : undefined;
  return {
    properties,
    gates: Object.fromEntries((gates.gates ?? []).map((g) => [g.id, g.status === 'pass' ? (g.checks ?? 0) : 0])),
    ...(spec ? { spec: { 'examples passed': (spec.examples ?? []).filter((e) => e.status === 'pass').length } } : {}),
    ...(mutants
      ? {
          mutants: {
            'killed by a named rule': (mutants.mutants ?? []).filter((m) => m.status === 'killed').length,
            // The generators' own strength: killed by the probes and the random phase alone (mutants --no-corpus).
            'killed without the corpus': (mutants.mutants ?? []).filter(
              (m) => m.status === 'killed' && typeof m.runsToKillWithoutCorpus === 'number',
            ).length,
          },
        }
      : {}),
  };
}

const BIN = fileURLToPath(new URL('../../bin/readshim-conformance.js', import.meta.url));

/** Runs the four arms (default seed and runs) and the gates with the kit's bin into `dir`. */
export function writeReports(dir: string): void {
  const jobs: [string, string[]][] = [
    ...ARM_NAMES.map((arm): [string, string[]] => [
      runReport(arm),
      ['run', '--arm', arm, '--reporter', 'json', '--no-save'],
    ]),
    ['gates', ['gates', '--reporter', 'json']],
  ];
  for (const [name, args] of jobs) {
    process.stderr.write(`floors: ${args.join(' ')}\n`);
    const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0)
      throw new FloorsError(
        `floors: \`${args.join(' ')}\` exited ${r.status}; floors are written from passing runs only`,
      );
    writeFileSync(join(dir, `${name}.json`), r.stdout);
  }
}

/** dev/selfcheck/floors.json as committed (its shape checked: a wrong file is one line, exit 2). */
export function loadFloors(path: string | URL, text = readFileSync(path, 'utf8')): Floors {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new FloorsError(`floors: ${String(path)} is not JSON: ${(e as Error).message}`);
  }
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!obj(raw) || !['properties', 'spec', 'gates', 'mutants'].every((k) => obj(raw[k])))
    throw new FloorsError(`floors: ${String(path)} must hold objects properties, spec, gates, mutants`);
  const floors = raw as unknown as Floors;
  const legacy = Object.entries(raw.properties as Record<string, unknown>).filter(([, v]) => typeof v === 'number') as [
    string,
    number,
  ][];
  if (legacy.length === 0) return floors;
  // In older reports, properties held rule → total checks of the default run (arm all). Those floors
  // stay arm all's, on the phase its checks come from today: floors only move up across the change.
  const all = Object.fromEntries(
    legacy.map(([rule, n]) => [rule, probeOnly('all', rule) ? { probes: n } : { random: n }]),
  );
  return { ...floors, properties: { off: {}, cap: {}, diff: {}, all } };
}
