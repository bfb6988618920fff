/**
 * readshim-conformance mutants — conformance against every mutant of the catalogue (mutations/),
 * fixed seed; each must be killed by a rule it names. Never writes the failure database. Loaded
 * by src/cli/commands/mutants.ts once it has found the catalogue.
 */
import { MUTANT_IDS, mutantById } from '../../../mutations/index.ts';
import { reportJson } from '../../core/schemas.ts';
import { runMutants } from '../../../mutations/pool.ts';
import { MUTANT_RUNS, MUTANT_SEED, type MutantResult } from '../../../mutations/run.ts';
import { sourcesProblem } from '../../../mutations/workspace.ts';
import { RUNS_DOMAIN, intFlag, oneOf, parseArgs } from '../args.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { envelope, emit, progress } from '../../core/output.ts';
import { defined } from '../../core/defined.ts';

export interface MutantsFlags {
  readonly runs: number;
  readonly only: readonly string[];
  readonly reporter: 'pretty' | 'json';
  /** Play the directed corpus (default); --no-corpus: only what the probes and the random phase kill. */
  readonly corpus: boolean;
}

export function parseMutantsFlags(argv: readonly string[]): MutantsFlags {
  const p = parseArgs('mutants', argv, { values: ['runs', 'only', 'reporter'], switches: ['no-corpus'] });
  const f = p.flags;
  let only: string[] = [...MUTANT_IDS];
  const raw = f.get('only');
  if (raw !== undefined) {
    const ids = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = ids.filter((id) => mutantById(id) === undefined);
    if (ids.length === 0 || unknown.length > 0)
      throw new UsageError(
        `mutants: --only names unknown mutant ${unknown.join(', ') || '(none)'} (known: ${MUTANT_IDS.join(', ')})`,
      );
    only = MUTANT_IDS.filter((id) => ids.includes(id));
  }
  return {
    runs: intFlag('mutants', 'runs', f.get('runs'), RUNS_DOMAIN) ?? MUTANT_RUNS,
    only,
    reporter: oneOf('mutants', 'reporter', f.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty',
    corpus: !p.switches.has('no-corpus'),
  };
}

interface Summary {
  readonly killed: number;
  readonly survived: number;
  readonly error: number;
  /** Killed by the probes and the random phase alone (the corpus off): the generators' own strength. */
  readonly killedWithoutCorpus: number;
  /** Killed first by a corpus case. */
  readonly killedByCorpus: number;
}

function summarize(results: readonly MutantResult[]): Summary {
  return {
    killed: results.filter((r) => r.status === 'killed').length,
    survived: results.filter((r) => r.status === 'survived').length,
    error: results.filter((r) => r.status === 'error').length,
    killedWithoutCorpus: results.filter((r) => r.status === 'killed' && r.runsToKillWithoutCorpus !== null).length,
    killedByCorpus: results.filter((r) => r.killedBy === 'corpus').length,
  };
}

export function mutantsJson(results: readonly MutantResult[], flags: MutantsFlags): string {
  const report = {
    ...envelope('mutants'),
    seed: MUTANT_SEED,
    runs: flags.runs,
    corpus: flags.corpus,
    mutants: results.map((r) => ({
      id: r.id,
      rules: r.rules,
      arm: r.arm,
      status: r.status,
      failedRules: r.failedRules,
      runsToKill: r.runsToKill,
      killedBy: r.killedBy,
      ...defined({ corpusCase: r.corpusCase }),
      runsToKillWithoutCorpus: r.runsToKillWithoutCorpus,
      ...defined({ reason: r.reason }),
    })),
    summary: summarize(results),
  };
  return reportJson(report, 2);
}

export function mutantsPretty(results: readonly MutantResult[], flags: MutantsFlags, seconds: number): string {
  const w = Math.max(...results.map((r) => r.id.length), 2);
  const lines = [
    `readshim-conformance mutants — ${results.length} mutant${results.length === 1 ? '' : 's'}, seed ${MUTANT_SEED}, ${flags.corpus ? 'the directed corpus and ' : 'no corpus, '}${flags.runs} histories per cap band`,
    '',
  ];
  for (const r of results) {
    const tag = r.status === 'killed' ? 'killed  ' : r.status === 'survived' ? 'SURVIVED' : 'ERROR   ';
    const kill = r.status === 'killed' ? `runsToKill ${String(r.runsToKill ?? '?').padStart(3)}` : ' '.repeat(14);
    const by = r.killedBy === null ? '' : r.killedBy === 'corpus' ? `by corpus ${r.corpusCase}` : `by ${r.killedBy}`;
    const random =
      !flags.corpus || r.status !== 'killed'
        ? ''
        : `; without the corpus: ${r.runsToKillWithoutCorpus === null ? `not within ${flags.runs}` : r.runsToKillWithoutCorpus}`;
    const others = r.failedRules.filter((x) => !r.rules.includes(x));
    const also = others.length > 0 ? `; also ${others.join(', ')}` : '';
    lines.push(
      `  ${tag}  ${r.id.padEnd(w)}  ${r.arm.padEnd(4)}  ${kill}  ${(r.ms / 1000).toFixed(1).padStart(5)}s  named ${r.rules.join(', ')}${by ? ` (${by}${random})` : ''}${also}`,
    );
  }
  const bad = results.filter((r) => r.status !== 'killed');
  if (bad.length > 0) lines.push('');
  for (const r of bad)
    lines.push(
      `${r.status === 'survived' ? 'SURVIVED' : 'ERROR'} ${r.id} (must be killed by ${r.rules.join(' or ')}): ${r.reason ?? ''}`,
    );
  const s = summarize(results);
  lines.push(
    '',
    `summary: ${s.killed} killed, ${s.survived} survived, ${s.error} error${s.error === 1 ? '' : 's'} (${seconds.toFixed(1)}s)`,
  );
  lines.push(
    flags.corpus
      ? `${s.killedByCorpus} killed first by the corpus; ${s.killedWithoutCorpus} of ${results.length} killed without it (probes and ${flags.runs} random histories per band)`
      : `random-only kill count (probes and ${flags.runs} random histories per band, no corpus): ${s.killedWithoutCorpus} of ${results.length}`,
  );
  return lines.join('\n');
}

export default async function mutants(argv: readonly string[]): Promise<number> {
  const flags = parseMutantsFlags(argv);
  // Every mutant edits the reference's TypeScript: without it, one line, not one error per mutant.
  const missing = sourcesProblem();
  if (missing !== undefined)
    throw new UsageError(`mutants: needs a checkout of readshim-conformance (git clone, then npm ci): ${missing}`);
  const started = Date.now();
  const stamp = (): string => `[${((Date.now() - started) / 1000).toFixed(1)}s]`;
  const results = await runMutants(flags.only, {
    runs: flags.runs,
    seed: MUTANT_SEED,
    corpus: flags.corpus,
    onProgress: (l) => progress(`${stamp()} ${l}`),
  });
  for (const r of results) if (r.status !== 'killed') progress(`${stamp()} ${r.id}: ${r.status} — ${r.reason ?? ''}`);
  const seconds = (Date.now() - started) / 1000;
  await emit(
    flags.reporter === 'json' ? mutantsJson(results, flags) : mutantsPretty(results, flags, seconds),
    undefined,
  );
  return results.every((r) => r.status === 'killed') ? EXIT.ok : EXIT.failed;
}
