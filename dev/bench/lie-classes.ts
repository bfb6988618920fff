/**
 * How fast the random phase alone finds each lie class: for every class with a matching
 * mutant or example, the smallest number of random histories per cap band that breaks a rule the
 * subject names — the corpus off, probes not counted — over a fixed range of seeds, and the
 * median. A band's i-th history is the same whatever the budget, so the histories are judged in
 * the run's order (history i of every band, then i + 1) and the search stops at the first break;
 * for each subject one seed is confirmed by a real run (runConformance with that budget breaks the
 * rule, RuleResult.brokenBy.random equals it).
 *
 *   npx tsx dev/bench/lie-classes.ts                  # every class, markdown table on stdout
 *   npx tsx dev/bench/lie-classes.ts --json
 *   npx tsx dev/bench/lie-classes.ts --only stat-after-read-race,compaction
 *   npx tsx dev/bench/lie-classes.ts --no-process     # skip the Python examples (they start a process per history)
 *
 * Not a test: it takes minutes. Figures are published in docs/LIE-CLASSES.md.
 */
import fc from 'fast-check';
import type { ArmName } from '../../src/core/arms.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { ShimAdapter } from '../../src/core/contract.ts';
import { modeFor } from '../../src/adapters/capabilities.ts';
import { DEFAULT_PROCESS_RUNS, openProcessAdapter } from '../../src/adapters/process/adapter.ts';
import { LIE_CLASS_IDS, type LieClassId } from '../../properties/corpus/classes.ts';
import { BANDS, withHostTool, type Band } from '../../properties/generators/content.ts';
import { historyArb, materialize, type HistorySpec } from '../../properties/generators/history.ts';
import { judgeHistory } from '../../properties/history.ts';
import { judgeRun, sealFor } from '../../properties/run.ts';
import { loadMutantAdapter, mutantById } from '../../mutations/index.ts';
import { defined } from '../../src/core/defined.ts';

type Subject =
  | { readonly kind: 'mutant'; readonly id: string }
  | {
      readonly kind: 'process';
      readonly name: string;
      readonly command: string;
      readonly rules: readonly RuleId[];
      readonly arm?: ArmName;
    };

/** The first mutant or example of docs/LIE-CLASSES.md that lies the way of each class (none: no subject). */
export const SUBJECTS: Readonly<Partial<Record<LieClassId, Subject>>> = {
  'partial-then-pointer': { kind: 'mutant', id: 'PATH-HASH-POINTER' },
  'stuck-continuation': { kind: 'mutant', id: 'STUCK-TAIL' },
  'slice-over-cap': { kind: 'mutant', id: 'CAP-PLUS-ONE' },
  'multibyte-at-cap': { kind: 'mutant', id: 'NO-UTF8-WALKBACK' },
  'continue-across-change': { kind: 'mutant', id: 'COVERAGE-SURVIVES-CHANGE' },
  'edit-keeps-mtime': {
    kind: 'process',
    name: 'examples/python/mtime_shim.py',
    command: 'python3 examples/python/mtime_shim.py',
    rules: ['POINTER-FULL'],
  },
  'edit-keeps-mtime-and-size': { kind: 'mutant', id: 'MTIME-KEYED' },
  'mtime-restored': { kind: 'mutant', id: 'MTIME-KEYED' },
  'stat-after-read-race': {
    kind: 'process',
    name: 'examples/python/stat_after_read_shim.py',
    command: 'python3 examples/python/stat_after_read_shim.py',
    rules: ['POINTER-FULL'],
  },
  'empty-file': { kind: 'mutant', id: 'EMPTY-POINTER' },
  compaction: { kind: 'mutant', id: 'NO-FORGET' },
  'forget-alias': { kind: 'mutant', id: 'FORGET-ALIAS' },
  'second-worker': { kind: 'mutant', id: 'PROCESS-LEDGER' },
  'window-same-text': { kind: 'mutant', id: 'WINDOW-BLIND' },
  'whole-after-window': { kind: 'mutant', id: 'WINDOW-BLIND' },
  'diff-partial-base': { kind: 'mutant', id: 'DIFF-PARTIAL-BASE' },
  'diff-cut-to-budget': { kind: 'mutant', id: 'DIFF-PREFIX' },
  'diff-larger-than-file': { kind: 'mutant', id: 'DIFF-BUDGET-CAP' },
  'stale-serve-recorded': { kind: 'mutant', id: 'STALE-RECORDS' },
  'tool-failure-recorded': { kind: 'mutant', id: 'RECORD-ON-REQUEST' },
  'cached-not-found': { kind: 'mutant', id: 'CACHED-NOT-FOUND' },
  'framed-first-read': { kind: 'mutant', id: 'FIRST-NOTICE' },
  'pointer-in-content': { kind: 'mutant', id: 'POINTER-IN-CONTENT' },
  'notice-imitation': { kind: 'mutant', id: 'UNSEALED' },
};

/** Eleven seeds from the default one (an odd count: the median is one of them). */
export const SEEDS: readonly number[] = Object.freeze(Array.from({ length: 11 }, (_, i) => 20_261_130 + i));
/** Seeds for process subjects (every history starts a process). */
export const PROCESS_SEEDS: readonly number[] = SEEDS.slice(0, 5);
/** Histories per band searched: the mutant catalogue's promise in process, the --process default for processes. */
export const BUDGET = 100;

export interface Finding {
  readonly lieClass: LieClassId;
  readonly subject: string;
  readonly rules: readonly RuleId[];
  readonly budget: number;
  /** Per seed: random histories per band to the first break of a named rule (null: none within the budget). */
  readonly histories: readonly (number | null)[];
  readonly median: number | null;
}

/** The median, counting "not within the budget" as larger than any number (null when it is one of those). */
export function median(xs: readonly (number | null)[]): number | null {
  const sorted = [...xs].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/**
 * Random histories per band to the first break of `rules` (null: none within `budget`): the
 * histories a run draws (properties/run.ts: the same bands, band seeds, options), in its order.
 */
export async function firstBreak(
  adapter: ShimAdapter,
  arm: ArmName | undefined,
  rules: readonly RuleId[],
  seed: number,
  budget: number,
  transport: 'in-process' | 'process',
): Promise<number | null> {
  const caps = adapter.capabilities;
  const mode = modeFor(caps, arm);
  const seal = sealFor(seed);
  const tool = caps.tool;
  const opts = {
    windows: caps.windows,
    stale: caps.staleServe,
    forget: !caps.hostNeverCompacts,
    toolFailures: transport === 'in-process',
    races: transport === 'in-process' || caps.raceBarrier === true,
    maxWorkers: 3,
    maxOps: 24,
  };
  const bandFor = (cap: number): Band => (cap <= 64 ? BANDS.tiny : cap <= 4096 ? BANDS.mid : BANDS.production);
  const bands =
    caps.cap !== undefined
      ? [{ ...bandFor(caps.cap), cap: fc.constant(caps.cap) }]
      : [BANDS.tiny, BANDS.mid, BANDS.production];
  const drawn: HistorySpec[][] = bands.map((b, i) =>
    fc.sample(historyArb(withHostTool(b, tool), opts), { seed: (seed + (i + 1) * 1_000_003) | 0, numRuns: budget }),
  );
  for (let h = 0; h < budget; h++)
    for (const band of drawn) {
      const spec = band[h]!;
      const v = await judgeHistory(
        adapter,
        { mode, cap: spec.cap, seal, ...(tool ? { tool } : {}) },
        materialize(spec),
      );
      if (v.violations.some((x) => rules.includes(x.rule))) return h + 1;
    }
  return null;
}

async function measureOne(lieClass: LieClassId, s: Subject): Promise<Finding> {
  let adapter: ShimAdapter;
  let arm: ArmName | undefined;
  let rules: readonly RuleId[];
  let dispose: () => Promise<void>;
  let transport: 'in-process' | 'process';
  let budget = BUDGET;
  let seeds = SEEDS;
  let name: string;
  if (s.kind === 'mutant') {
    const m = await loadMutantAdapter(s.id);
    adapter = m.adapter;
    arm = m.arm;
    rules = mutantById(s.id)!.rules;
    dispose = () => m.dispose();
    transport = 'in-process';
    name = s.id;
  } else {
    const p = await openProcessAdapter({ command: s.command });
    adapter = p;
    arm = s.arm ?? (p.capabilities.arms?.includes('all') ? 'all' : p.capabilities.arms?.[0]);
    rules = s.rules;
    dispose = async () => p.close?.();
    transport = 'process';
    budget = DEFAULT_PROCESS_RUNS;
    seeds = PROCESS_SEEDS;
    name = s.name;
  }
  const histories: (number | null)[] = [];
  try {
    for (const seed of seeds) {
      const found = await firstBreak(adapter, arm, rules, seed, budget, transport);
      histories.push(found);
      process.stderr.write(`${lieClass} ${name} seed ${seed}: ${found ?? `> ${budget}`}\n`);
    }
    // The search is the run's: a real run with the found budget breaks the rule at that history.
    const k = histories[0];
    if (k !== null && k !== undefined) {
      const r = await judgeRun({
        adapter,
        ...defined({ arm }),
        runs: k,
        seed: seeds[0]!,
        transport,
        only: rules,
        corpus: false,
        shrinkRuns: 0,
      });
      const got = Math.min(...r.rules.map((x) => x.brokenBy?.random ?? Number.POSITIVE_INFINITY));
      if (got !== k)
        throw new Error(
          `${name}, seed ${seeds[0]}: the search found history ${k}, a run with that budget ${Number.isFinite(got) ? `at ${got}` : 'none'}`,
        );
    }
  } finally {
    await dispose();
  }
  return { lieClass, subject: name, rules, budget, histories, median: median(histories) };
}

export function table(findings: readonly Finding[], every = true): string {
  const cell = (x: number | null, budget: number): string => (x === null ? `> ${budget}` : String(x));
  const out = ['| class | subject | rules | median | per seed |', '|---|---|---|---:|---|'];
  for (const id of LIE_CLASS_IDS) {
    const f = findings.find((x) => x.lieClass === id);
    if (f === undefined) {
      if (every && SUBJECTS[id] === undefined)
        out.push(`| \`${id}\` | — | — | — | no mutant or example of the kit lies this way |`);
      continue;
    }
    out.push(
      `| \`${id}\` | ${f.subject} | ${f.rules.join(', ')} | ${cell(f.median, f.budget)} | ${f.histories.map((x) => cell(x, f.budget)).join(', ')} |`,
    );
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt === -1 ? undefined : args[onlyAt + 1]?.split(',');
  const findings: Finding[] = [];
  for (const id of LIE_CLASS_IDS) {
    const s = SUBJECTS[id];
    if (s === undefined || (only !== undefined && !only.includes(id))) continue;
    if (s.kind === 'process' && args.includes('--no-process')) continue;
    findings.push(await measureOne(id, s));
  }
  process.stdout.write(
    args.includes('--json')
      ? `${JSON.stringify({ seeds: SEEDS, processSeeds: PROCESS_SEEDS, findings }, null, 2)}\n`
      : `${table(findings, only === undefined)}\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`lie-classes: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
