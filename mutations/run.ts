/**
 * Conformance against one mutant (docs/MUTANTS.md): runConformance,
 * in-process, with the mutant's arm, a fixed seed and every rule, as for a third party's shim;
 * nothing is written to the failure database.
 *
 * - `failedRules`: every rule the run failed. Killed = a named rule is among them. A crash of the
 *   mutant (it broke the adapter contract), an edit that no longer finds its target, or a run of
 *   zero checks is `error`.
 * - `killedBy`: the phase that killed it first — a surface probe, the directed corpus (with the
 *   case, `corpusCase`), or the random phase.
 * - `runsToKill`: the smallest histories-per-band budget (the run's --runs) with which the run
 *   fails a named rule; 0 when a surface probe or a corpus case fails it before any random
 *   history. A band's i-th history is the same whatever the budget, so the first failing history's
 *   index (the head of fast-check's counterexample path) bounds it, and runs with a budget just
 *   under the bound confirm it is the smallest (docs/MUTANTS.md).
 * - `runsToKillWithoutCorpus`: the same with the corpus off — what the generators alone find
 *   (0: a probe); null when they do not kill it within the run's budget. The random phase draws the
 *   same histories with or without the corpus, so this is what `mutants --no-corpus` reports.
 *
 * Counterexamples are not shrunk (shrinkRuns 0): a mutant's verdict needs the failing rules, not
 * their stories, and shrinking is most of a failing run's time.
 */
import { RULE_IDS, type RuleId } from '../src/core/rules.ts';
import type { ArmName } from '../src/core/arms.ts';
import type { ShimAdapter } from '../src/core/contract.ts';
import { judgeRun, type RunResult } from '../properties/run.ts';
import { AdapterError } from '../src/harness/session.ts';
import { loadMutant, mutantById, type LoadedMutant } from './index.ts';
import type { MutantSpec } from './spec.ts';
import { KIT_ROOT } from './workspace.ts';

export type MutantStatus = 'killed' | 'survived' | 'error';

/** The phase of the run that killed a mutant first. */
export type KilledBy = 'probe' | 'corpus' | 'random';

export interface MutantResult {
  readonly id: string;
  readonly rules: readonly RuleId[];
  readonly arm: ArmName;
  readonly status: MutantStatus;
  /** Rules the run failed, in rule order. */
  readonly failedRules: readonly RuleId[];
  /** Histories per cap band that kill it with a named rule (0: a surface probe or a corpus case); null unless killed. */
  readonly runsToKill: number | null;
  /** Which phase killed it first (null unless killed). */
  readonly killedBy: KilledBy | null;
  /** The corpus case that killed it, when the corpus did. */
  readonly corpusCase?: string;
  /** runsToKill with the corpus off (0: a probe); null when probes and random histories do not kill it within the budget. */
  readonly runsToKillWithoutCorpus: number | null;
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
  /** Play the directed corpus (default true); false = what the probes and the generators alone kill (--no-corpus). */
  readonly corpus?: boolean;
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
    if (cx.source === 'surface probe' || cx.source.startsWith('corpus ')) k = 0;
    else {
      const head = cx.fcPath?.split(':')[0];
      if (head === undefined || !/^\d+$/.test(head))
        throw new Error(`the ${x.id} counterexample (${cx.source}) has no fast-check path`);
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
export async function smallestKillingBudget(
  adapter: ShimAdapter,
  spec: MutantSpec,
  seed: number,
  enough: number,
  corpus = true,
): Promise<number> {
  let k = enough;
  while (k > 1) {
    const r = await judgeRun({
      adapter,
      arm: spec.arm,
      runs: k - 1,
      seed,
      transport: 'in-process',
      only: spec.rules,
      shrinkRuns: 0,
      crashIsError: true,
      corpus,
    });
    const smaller = budgetThatKills(r, spec.rules);
    if (smaller === undefined) return k;
    if (smaller >= k)
      throw new Error(
        `a run of ${k - 1} histories per band failed at history ${smaller}: its histories depend on the budget`,
      );
    k = smaller;
  }
  return k;
}

/** Conformance against one mutant; a mutant's own failures are results (`error`), never throws. */
export async function runMutant(spec: MutantSpec, o: MutantRunOptions): Promise<MutantResult> {
  const started = Date.now();
  const base = { id: spec.id, rules: spec.rules, arm: spec.arm };
  const none = { runsToKill: null, killedBy: null, runsToKillWithoutCorpus: null };
  const error = (reason: string): MutantResult => ({
    ...base,
    status: 'error',
    failedRules: [],
    ...none,
    reason,
    ms: Date.now() - started,
  });
  const corpus = o.corpus !== false;
  let loaded: LoadedMutant;
  try {
    loaded = await loadMutant(spec, o.root ?? KIT_ROOT);
  } catch (e) {
    return error(`the mutant could not be built or loaded: ${message(e)}`);
  }
  try {
    o.onProgress?.(
      `${spec.id}: ${RULE_IDS.length} rules, ${corpus ? 'the corpus and ' : ''}${o.runs} histories per cap band, arm ${spec.arm}`,
    );
    const full = await judgeRun({
      adapter: loaded.adapter,
      arm: spec.arm,
      runs: o.runs,
      seed: o.seed,
      transport: 'in-process',
      only: RULE_IDS,
      shrinkRuns: 0,
      crashIsError: true,
      corpus,
    });
    if (full.rules.reduce((n, r) => n + r.checks, 0) === 0) return error('the run executed zero checks');
    const failedRules = failing(full);
    const enough = budgetThatKills(full, spec.rules);
    if (enough === undefined)
      return {
        ...base,
        status: 'survived',
        failedRules,
        ...none,
        ms: Date.now() - started,
        reason:
          failedRules.length > 0
            ? `failed ${failedRules.join(', ')} but not ${spec.rules.join(' or ')}`
            : 'no rule failed',
      };
    const named = full.rules
      .filter((r) => r.status === 'fail' && spec.rules.includes(r.id))
      .map((r) => r.brokenBy ?? {});
    const corpusCase = named.find((b) => b.corpus !== undefined)?.corpus;
    const killedBy: KilledBy = named.some((b) => b.probes) ? 'probe' : corpusCase !== undefined ? 'corpus' : 'random';
    // Without the corpus: the random phase's first kill (it draws the same histories either way), made smallest.
    const randomBudgets = named.map((b) => b.random).filter((x): x is number => x !== undefined);
    let withoutCorpus: number | null = null;
    if (killedBy === 'probe') withoutCorpus = 0;
    else if (randomBudgets.length > 0) {
      const bound = Math.min(...randomBudgets);
      if (bound > 1)
        o.onProgress?.(
          `${spec.id}: the random phase kills it within ${bound} histories per band; looking for a smaller budget`,
        );
      withoutCorpus = await smallestKillingBudget(loaded.adapter, spec, o.seed, bound, false);
    }
    const runsToKill = killedBy === 'random' ? withoutCorpus! : 0;
    return {
      ...base,
      status: 'killed',
      failedRules,
      runsToKill,
      killedBy,
      ...(killedBy === 'corpus' ? { corpusCase } : {}),
      runsToKillWithoutCorpus: withoutCorpus,
      ms: Date.now() - started,
    };
  } catch (e) {
    return error(
      e instanceof AdapterError
        ? `the mutant crashed (it broke the adapter contract): ${message(e)}`
        : `the run failed: ${message(e)}`,
    );
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
