/**
 * Conformance against one mutant (KIT-DESIGN.md "Mutation negative controls"): runConformance,
 * in-process, with the mutant's arm, a fixed seed and all 24 rules, as for a third party's shim;
 * nothing is written to the failure database.
 *
 * - `failedRules`: every rule the run failed. Killed = a named rule is among them. A crash of the
 *   mutant (it broke the adapter contract), an edit that no longer finds its target, or a run of
 *   zero checks is `error`.
 * - `runsToKill`: the smallest histories-per-band budget (the run's --runs) with which the run
 *   fails a named rule; 0 when a surface probe fails it before any history. A band's i-th history
 *   is the same whatever the budget, so the first failing history's index (the head of fast-check's
 *   counterexample path) bounds it, and runs with a budget just under the bound confirm it is the
 *   smallest (docs/MUTANTS.md).
 *
 * Counterexamples are not shrunk (shrinkRuns 0): a mutant's verdict needs the failing rules, not
 * their stories, and shrinking is most of a failing run's time.
 */
import { RULE_IDS, type RuleId } from '../core/rules.ts';
import type { ArmName } from '../core/arms.ts';
import type { ShimAdapter } from '../adapters/contract.ts';
import { runConformance, type RunResult } from '../properties/run.ts';
import { AdapterError } from '../harness/session.ts';
import { loadMutant, mutantById, type LoadedMutant } from './index.ts';
import type { MutantSpec } from './spec.ts';
import { KIT_ROOT } from './workspace.ts';

export type MutantStatus = 'killed' | 'survived' | 'error';

export interface MutantResult {
  readonly id: string;
  readonly rules: readonly RuleId[];
  readonly arm: ArmName;
  readonly status: MutantStatus;
  /** Rules the run failed, in rule order. */
  readonly failedRules: readonly RuleId[];
  /** Histories per cap band that kill it with a named rule (0: a surface probe); null unless killed. */
  readonly runsToKill: number | null;
  /** Why it is `error`, or what failed instead when it survived. */
  readonly reason?: string;
  /** Wall-clock time, for progress and the pretty report only (not deterministic, never in JSON). */
  readonly ms: number;
}

export interface MutantRunOptions {
  /** Histories per cap band (the run's --runs). */
  readonly runs: number;
  readonly seed: number;
  /** The kit whose reference is mutated (default: this one). */
  readonly root?: string;
  readonly onProgress?: (line: string) => void;
}

/** The seed every mutant run uses (the kit's default run seed). */
export const MUTANT_SEED = 20_261_130;
/** Histories per cap band by default: the catalogue's promise is runsToKill ≤ 100. */
export const MUTANT_RUNS = 100;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
const failing = (r: RunResult): RuleId[] => r.rules.filter((x) => x.status === 'fail').map((x) => x.id);

/**
 * A budget that is enough to fail one of `rules` in `r`: 0 for a surface probe, else one more than
 * the index of the failing history (the head of its fast-check path); undefined when none failed.
 */
export function budgetThatKills(r: RunResult, rules: readonly RuleId[]): number | undefined {
  let best: number | undefined;
  for (const x of r.rules) {
    if (x.status !== 'fail' || !rules.includes(x.id)) continue;
    const cx = x.counterexample;
    if (cx === undefined) throw new Error(`rule ${x.id} failed without a counterexample`);
    let k: number;
    if (cx.source === 'surface probe') k = 0;
    else {
      const head = cx.fcPath?.split(':')[0];
      if (head === undefined || !/^\d+$/.test(head)) throw new Error(`the ${x.id} counterexample (${cx.source}) has no fast-check path`);
      k = Number(head) + 1;
    }
    if (best === undefined || k < best) best = k;
  }
  return best;
}

/**
 * The smallest budget that kills, given one that does: runs of the named rules with one history
 * per band fewer, until one no longer kills. Each kill gives a strictly smaller budget.
 */
export async function smallestKillingBudget(adapter: ShimAdapter, spec: MutantSpec, seed: number, enough: number): Promise<number> {
  let k = enough;
  while (k > 1) {
    const r = await runConformance({ adapter, arm: spec.arm, runs: k - 1, seed, transport: 'in-process', only: spec.rules, shrinkRuns: 0, crashIsError: true });
    const smaller = budgetThatKills(r, spec.rules);
    if (smaller === undefined) return k;
    if (smaller >= k) throw new Error(`a run of ${k - 1} histories per band failed at history ${smaller}: its histories depend on the budget`);
    k = smaller;
  }
  return k;
}

/** Conformance against one mutant; a mutant's own failures are results (`error`), never throws. */
export async function runMutant(spec: MutantSpec, o: MutantRunOptions): Promise<MutantResult> {
  const started = Date.now();
  const base = { id: spec.id, rules: spec.rules, arm: spec.arm };
  const error = (reason: string): MutantResult => ({ ...base, status: 'error', failedRules: [], runsToKill: null, reason, ms: Date.now() - started });
  let loaded: LoadedMutant;
  try {
    loaded = await loadMutant(spec, o.root ?? KIT_ROOT);
  } catch (e) {
    return error(`the mutant could not be built or loaded: ${message(e)}`);
  }
  try {
    o.onProgress?.(`${spec.id}: 24 rules, ${o.runs} histories per cap band, arm ${spec.arm}`);
    const full = await runConformance({ adapter: loaded.adapter, arm: spec.arm, runs: o.runs, seed: o.seed, transport: 'in-process', only: RULE_IDS, shrinkRuns: 0, crashIsError: true });
    if (full.rules.reduce((n, r) => n + r.checks, 0) === 0) return error('the run executed zero checks');
    const failedRules = failing(full);
    const enough = budgetThatKills(full, spec.rules);
    if (enough === undefined)
      return {
        ...base, status: 'survived', failedRules, runsToKill: null, ms: Date.now() - started,
        reason: failedRules.length > 0 ? `failed ${failedRules.join(', ')} but not ${spec.rules.join(' or ')}` : 'no rule failed',
      };
    if (enough > 1) o.onProgress?.(`${spec.id}: killed within ${enough} histories per band; looking for a smaller budget`);
    const runsToKill = await smallestKillingBudget(loaded.adapter, spec, o.seed, enough);
    return { ...base, status: 'killed', failedRules, runsToKill, ms: Date.now() - started };
  } catch (e) {
    return error(e instanceof AdapterError ? `the mutant crashed (it broke the adapter contract): ${message(e)}` : `the run failed: ${message(e)}`);
  } finally {
    await loaded.dispose();
  }
}

/** By ID (the pool's child processes use this). */
export async function runMutantById(id: string, o: MutantRunOptions): Promise<MutantResult> {
  const spec = mutantById(id);
  if (spec === undefined) throw new RangeError(`unknown mutant ${id}`);
  return runMutant(spec, o);
}
