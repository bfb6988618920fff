/**
 * A Stryker run as committed data (dev/stryker/<target>.run.json): what ran (runner,
 * versions, config, suite), how long Stryker said it took, and every mutant with its status.
 * docs/MUTATION-SCORE.md and README's score lines are rendered from these records only. Pure:
 * main.ts reads Stryker's JSON report and log and writes the file.
 */

export type StrykerStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export const TARGETS = ['reference', 'oracle'] as const;
export type Target = (typeof TARGETS)[number];

interface Position {
  readonly line: number;
  readonly column: number;
}

/** The parts of Stryker's JSON report (mutation-testing-report-schema) a record keeps. */
export interface StrykerReport {
  readonly files: Readonly<
    Record<
      string,
      {
        readonly source: string;
        readonly mutants: readonly {
          readonly id: string;
          readonly mutatorName: string;
          readonly replacement?: string;
          readonly location: { readonly start: Position; readonly end: Position };
          readonly status: StrykerStatus;
        }[];
      }
    >
  >;
  readonly config?: {
    readonly testRunner?: string;
    readonly coverageAnalysis?: string;
    readonly concurrency?: number;
    readonly mutate?: readonly string[];
    readonly vitest?: { readonly configFile?: string };
    readonly commandRunner?: { readonly command?: string };
  };
  readonly framework?: {
    readonly name?: string;
    readonly version?: string;
    readonly dependencies?: Readonly<Record<string, string>>;
  };
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

/** One Stryker run: the files it mutated and how long Stryker said it took. */
export interface RunPart {
  /** The mutated files this run's results are kept for (a later run of a file replaces it). */
  readonly files: readonly string[];
  /** Day the run ended (UTC, YYYY-MM-DD): a record, never an input to a verdict. */
  readonly date: string;
  /** Stryker's own "Done in …" time, in seconds. */
  readonly seconds: number;
  /** Mutant results Stryker reused from its incremental file (0: every mutant was tested). */
  readonly reused: number;
  /** Mutants this run reported. */
  readonly mutants: number;
  /** Tests of its initial (dry) run. */
  readonly tests: number;
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
  /** The config's `mutate` patterns, and the files they name: the target's whole scope. */
  readonly mutate: readonly string[];
  readonly scope: readonly string[];
  /** The vitest config whose tests judge every mutant. */
  readonly suite: string;
  /** The runs whose results the record keeps, oldest first; together they own `mutants`. */
  readonly runs: readonly RunPart[];
  readonly mutants: readonly MutantRow[];
}

/** The text a location spans (1-based lines and columns, end exclusive). */
export function spanText(source: string, start: Position, end: Position): string {
  const lines = source.split('\n');
  const offset = (p: Position): number =>
    lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0) + p.column - 1;
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
    const ordered = [...mutants].sort(
      (a, b) =>
        a.location.start.line - b.location.start.line ||
        a.location.start.column - b.location.start.column ||
        a.mutatorName.localeCompare(b.mutatorName) ||
        (a.replacement ?? '').localeCompare(b.replacement ?? ''),
    );
    for (const m of ordered) {
      const original = spanText(source, m.location.start, m.location.end);
      const replacement = m.replacement ?? '';
      const base = `${file} ${m.mutatorName}: ${oneLine(original, 200)} → ${oneLine(replacement, 200)}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      out.push({
        key: n === 1 ? base : `${base} #${n}`,
        file,
        line: m.location.start.line,
        column: m.location.start.column,
        mutator: m.mutatorName,
        original,
        replacement,
        status: m.status,
      });
    }
  }
  return out;
}

// eslint-disable-next-line no-control-regex -- the escape character (ESC, U+001B) starts the colour codes it strips
const plain = (log: string): string => log.replace(/\u001b\[[0-9;]*m/g, '');

/** What Stryker's log says about the run: its duration, tests of the dry run, reused results. */
export function parseLog(log: string): { seconds: number; tests: number; reused: number } {
  const text = plain(log);
  const done = /Done in (?:(\d+) minutes?)?(?:,? and |, )?(?:(\d+) seconds?)?\./.exec(text);
  if (done === null || (done[1] === undefined && done[2] === undefined))
    throw new Error('the Stryker log has no "Done in …" line (the run did not finish)');
  const tests = /Initial test run succeeded\. Ran (\d+) tests?/.exec(text);
  if (tests === null) throw new Error('the Stryker log has no "Initial test run succeeded. Ran N tests" line');
  const reused = /(\d+) of \d+ mutant result\(s\) are reused/.exec(text);
  return {
    seconds: Number(done[1] ?? 0) * 60 + Number(done[2] ?? 0),
    tests: Number(tests[1]),
    reused: reused === null ? 0 : Number(reused[1]),
  };
}

export interface RecordContext {
  readonly target: Target;
  readonly command: string;
  readonly config: string;
  readonly node: string;
  readonly vitest: string;
  readonly date: string;
  /** The config file's `mutate` patterns, and the files they name. */
  readonly mutate: readonly string[];
  readonly scope: readonly string[];
  /** The target's previous record: results for files this run did not mutate are kept. */
  readonly previous?: RunRecord;
  /** The installed runner plugin's version, for when the report does not name it (Stryker 9's does not). */
  readonly runnerVersion?: string;
}

/**
 * Whether a file is named by Stryker `mutate` patterns: a path (with or without a `:line-range`),
 * `dir/**` + `/*.ts`, and `!` exclusions. No patterns: every file.
 */
export function mutatedBy(patterns: readonly string[] | undefined): (file: string) => boolean {
  if (patterns === undefined || patterns.length === 0) return () => true;
  const names = (p: string, f: string): boolean => {
    const path = p.replace(/:\d+(:\d+)?-\d+(:\d+)?$/, '');
    const dir = /^(.+)\/\*\*\/\*\.ts$/.exec(path);
    return dir !== null ? f.startsWith(`${dir[1]}/`) && f.endsWith('.ts') : f === path;
  };
  return (f) =>
    patterns.some((p) => !p.startsWith('!') && names(p, f)) &&
    !patterns.some((p) => p.startsWith('!') && names(p.slice(1), f));
}

const TOOLCHAIN = ['stryker', 'runner', 'runnerVersion', 'vitest', 'coverageAnalysis', 'suite'] as const;

/**
 * The record after one run: this run's mutants replace those of the files it mutated; results of
 * other files are kept from the previous record only when it ran with the same toolchain and suite.
 */
export function recordRun(report: StrykerReport, log: string, ctx: RecordContext): RunRecord {
  const { seconds, tests, reused } = parseLog(log);
  const c = report.config ?? {};
  const runner = c.testRunner ?? 'command';
  const stryker = report.framework?.version;
  if (stryker === undefined) throw new Error('the Stryker report names no framework version');
  // An incremental run's report also carries the results of files it did not mutate this time
  // (from its incremental file): only files its `mutate` names are this run's.
  const mutated = mutatedBy(c.mutate);
  const files = Object.keys(report.files).filter(mutated).sort();
  const rows = mutantRows({ files: Object.fromEntries(files.map((f) => [f, report.files[f]!])) });
  const head = {
    target: ctx.target,
    command: ctx.command,
    config: ctx.config,
    stryker,
    runner,
    runnerVersion:
      runner === 'command'
        ? null
        : (report.framework?.dependencies?.[`@stryker-mutator/${runner}-runner`] ?? ctx.runnerVersion ?? null),
    vitest: ctx.vitest,
    node: ctx.node,
    coverageAnalysis: c.coverageAnalysis ?? 'off',
    concurrency: c.concurrency ?? 1,
    mutate: [...ctx.mutate],
    scope: [...ctx.scope],
    suite: c.vitest?.configFile ?? c.commandRunner?.command ?? '',
  };
  const outside = (f: string): boolean => !files.includes(f) && ctx.scope.includes(f);
  const prev = ctx.previous;
  const keep = prev !== undefined && TOOLCHAIN.every((k) => prev[k] === head[k]);
  const keptRuns = keep
    ? prev.runs.map((r) => ({ ...r, files: r.files.filter(outside) })).filter((r) => r.files.length > 0)
    : [];
  const keptMutants = keep ? prev.mutants.filter((m) => outside(m.file)) : [];
  const run: RunPart = { files, date: ctx.date, seconds, reused, mutants: rows.length, tests };
  const mutants = [...keptMutants, ...rows].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { ...head, runs: [...keptRuns, run], mutants };
}
