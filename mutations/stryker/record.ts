/**
 * A Stryker run as committed data (mutations/stryker/<target>.run.json): what ran (runner,
 * versions, config, suite), how long Stryker said it took, and every mutant with its status.
 * docs/MUTATION-SCORE.md and README's score lines are rendered from these records only. Pure:
 * main.ts reads Stryker's JSON report and log and writes the file.
 */

export type StrykerStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export const TARGETS = ['reference', 'oracle'] as const;
export type Target = (typeof TARGETS)[number];

interface Position {
  readonly line: number;
  readonly column: number;
}

/** The parts of Stryker's JSON report (mutation-testing-report-schema) a record keeps. */
export interface StrykerReport {
  readonly files: Readonly<Record<string, {
    readonly source: string;
    readonly mutants: readonly {
      readonly id: string;
      readonly mutatorName: string;
      readonly replacement?: string;
      readonly location: { readonly start: Position; readonly end: Position };
      readonly status: StrykerStatus;
    }[];
  }>>;
  readonly config?: {
    readonly testRunner?: string;
    readonly coverageAnalysis?: string;
    readonly concurrency?: number;
    readonly mutate?: readonly string[];
    readonly vitest?: { readonly configFile?: string };
    readonly commandRunner?: { readonly command?: string };
  };
  readonly framework?: { readonly name?: string; readonly version?: string; readonly dependencies?: Readonly<Record<string, string>> };
}

/** One mutant: where, which mutator, source text → mutant text, and its status. */
export interface MutantRow {
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  readonly status: StrykerStatus;
}

export interface RunTiming {
  /** Day the run ended (UTC, YYYY-MM-DD): a record, never an input to a verdict. */
  readonly date: string;
  /** Stryker's own "Done in …" time, in seconds. */
  readonly seconds: number;
  /** Mutant results Stryker reused from its incremental file (0 for a full run). */
  readonly reused: number;
}

export interface RunRecord {
  readonly target: Target;
  /** The npm script that reproduces this record. */
  readonly command: string;
  readonly config: string;
  readonly stryker: string;
  /** 'vitest' or 'command'. */
  readonly runner: string;
  /** The runner plugin's version (vitest runner), or null for Stryker's built-in command runner. */
  readonly runnerVersion: string | null;
  readonly vitest: string;
  readonly node: string;
  readonly coverageAnalysis: string;
  readonly concurrency: number;
  readonly mutate: readonly string[];
  /** The vitest config whose tests judge every mutant. */
  readonly suite: string;
  /** Tests of the initial (dry) run. */
  readonly tests: number;
  /** The run that produced these statuses. */
  readonly run: RunTiming;
  /** The last run that tested every mutant (the same as `run` when `run.reused` is 0). */
  readonly fullRun: RunTiming;
  readonly mutants: readonly MutantRow[];
}

/** The text a location spans (1-based lines and columns, end exclusive). */
export function spanText(source: string, start: Position, end: Position): string {
  const lines = source.split('\n');
  const offset = (p: Position): number => lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0) + p.column - 1;
  return source.slice(offset(start), offset(end));
}

export const oneLine = (s: string, max = 80): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** Mutant rows in source order, each keyed so the key survives line shifts (#n for repeats). */
export function mutantRows(report: StrykerReport): MutantRow[] {
  const out: MutantRow[] = [];
  for (const file of Object.keys(report.files).sort()) {
    const { source, mutants } = report.files[file]!;
    const seen = new Map<string, number>();
    const ordered = [...mutants].sort((a, b) =>
      a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column || a.mutatorName.localeCompare(b.mutatorName) || (a.replacement ?? '').localeCompare(b.replacement ?? ''));
    for (const m of ordered) {
      const original = spanText(source, m.location.start, m.location.end);
      const replacement = m.replacement ?? '';
      const base = `${file} ${m.mutatorName}: ${oneLine(original, 200)} → ${oneLine(replacement, 200)}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      out.push({ key: n === 1 ? base : `${base} #${n}`, file, line: m.location.start.line, column: m.location.start.column, mutator: m.mutatorName, original, replacement, status: m.status });
    }
  }
  return out;
}

const plain = (log: string): string => log.replace(/\u001b\[[0-9;]*m/g, '');

/** What Stryker's log says about the run: its duration, tests of the dry run, reused results. */
export function parseLog(log: string): { seconds: number; tests: number; reused: number } {
  const text = plain(log);
  const done = /Done in (?:(\d+) minutes?)?(?:,? and |, )?(?:(\d+) seconds?)?\./.exec(text);
  if (done === null || (done[1] === undefined && done[2] === undefined)) throw new Error('the Stryker log has no "Done in …" line (the run did not finish)');
  const tests = /Initial test run succeeded\. Ran (\d+) tests?/.exec(text);
  if (tests === null) throw new Error('the Stryker log has no "Initial test run succeeded. Ran N tests" line');
  const reused = /(\d+) of \d+ mutant result\(s\) are reused/.exec(text);
  return { seconds: Number(done[1] ?? 0) * 60 + Number(done[2] ?? 0), tests: Number(tests[1]), reused: reused === null ? 0 : Number(reused[1]) };
}

export interface RecordContext {
  readonly target: Target;
  readonly command: string;
  readonly config: string;
  readonly node: string;
  readonly vitest: string;
  readonly date: string;
  /** The target's previous record, whose full run an incremental run carries over. */
  readonly previous?: RunRecord;
}

export function recordRun(report: StrykerReport, log: string, ctx: RecordContext): RunRecord {
  const { seconds, tests, reused } = parseLog(log);
  const c = report.config ?? {};
  const runner = c.testRunner ?? 'command';
  const stryker = report.framework?.version;
  if (stryker === undefined) throw new Error('the Stryker report names no framework version');
  const run: RunTiming = { date: ctx.date, seconds, reused };
  const fullRun = reused === 0 ? run : ctx.previous?.fullRun;
  if (fullRun === undefined) throw new Error(`an incremental run (${reused} results reused) with no earlier record of a full run`);
  return {
    target: ctx.target,
    command: ctx.command,
    config: ctx.config,
    stryker,
    runner,
    runnerVersion: runner === 'command' ? null : report.framework?.dependencies?.[`@stryker-mutator/${runner}-runner`] ?? null,
    vitest: ctx.vitest,
    node: ctx.node,
    coverageAnalysis: c.coverageAnalysis ?? 'off',
    concurrency: c.concurrency ?? 1,
    mutate: [...(c.mutate ?? [])],
    suite: c.vitest?.configFile ?? c.commandRunner?.command ?? '',
    tests,
    run,
    fullRun,
    mutants: mutantRows(report),
  };
}
