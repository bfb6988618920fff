/**
 * Stryker's JSON report (mutation-testing-report-schema) → the mutation score of reference/ and
 * its survivors, each with its verdict: the check that kills it, or why it is equivalent
 * (survivors.json). Pure: main.ts reads and writes the files.
 */

export type StrykerStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

interface Position {
  readonly line: number;
  readonly column: number;
}

export interface StrykerMutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly location: { readonly start: Position; readonly end: Position };
  readonly status: StrykerStatus;
}

export interface StrykerReport {
  readonly files: Readonly<Record<string, { readonly source: string; readonly mutants: readonly StrykerMutant[] }>>;
}

/** Survivor key → "killed by <check>" or "equivalent: <one line why>". */
export type Verdicts = Readonly<Record<string, string>>;

export interface Counts {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** CompileError, RuntimeError, Ignored, Pending: not part of the score (Stryker's rule). */
  excluded: number;
}

export interface Survivor {
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  readonly status: 'Survived' | 'NoCoverage';
  readonly verdict?: string;
}

export interface Score {
  readonly total: Counts;
  readonly files: readonly { readonly file: string; readonly counts: Counts }[];
  readonly survivors: readonly Survivor[];
  /** Detected / (detected + undetected), in percent; null without valid mutants. */
  readonly score: number | null;
  /** Verdicts whose survivor no longer exists (the reference or the suite changed). */
  readonly stale: readonly string[];
}

const empty = (): Counts => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, excluded: 0 });

export function percent(c: Counts): number | null {
  const detected = c.killed + c.timeout;
  const valid = detected + c.survived + c.noCoverage;
  return valid === 0 ? null : (100 * detected) / valid;
}

/** The text a location spans (1-based lines and columns, end exclusive). */
export function spanText(source: string, start: Position, end: Position): string {
  const lines = source.split('\n');
  const offset = (p: Position): number => lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0) + p.column - 1;
  return source.slice(offset(start), offset(end));
}

const oneLine = (s: string, max = 80): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** A survivor's key survives line shifts: file, mutator, original text → replacement (#n for repeats). */
function keyOf(file: string, mutator: string, original: string, replacement: string, seen: Map<string, number>): string {
  const base = `${file} ${mutator}: ${oneLine(original, 200)} → ${oneLine(replacement, 200)}`;
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return n === 1 ? base : `${base} #${n}`;
}

export function scoreReport(report: StrykerReport, verdicts: Verdicts): Score {
  const total = empty();
  const files: { file: string; counts: Counts }[] = [];
  const survivors: Survivor[] = [];
  const used = new Set<string>();
  for (const file of Object.keys(report.files).sort()) {
    const { source, mutants } = report.files[file]!;
    const counts = empty();
    const seen = new Map<string, number>();
    const ordered = [...mutants].sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column || a.mutatorName.localeCompare(b.mutatorName));
    for (const m of ordered) {
      switch (m.status) {
        case 'Killed': counts.killed++; break;
        case 'Timeout': counts.timeout++; break;
        case 'Survived': counts.survived++; break;
        case 'NoCoverage': counts.noCoverage++; break;
        default: counts.excluded++;
      }
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
      const original = spanText(source, m.location.start, m.location.end);
      const replacement = m.replacement ?? '';
      const key = keyOf(file, m.mutatorName, original, replacement, seen);
      const verdict = verdicts[key];
      if (verdict !== undefined) used.add(key);
      survivors.push({
        key, file, line: m.location.start.line, column: m.location.start.column, mutator: m.mutatorName, original, replacement, status: m.status,
        ...(verdict !== undefined ? { verdict } : {}),
      });
    }
    for (const k of Object.keys(counts) as (keyof Counts)[]) total[k] += counts[k];
    files.push({ file, counts });
  }
  return { total, files, survivors, score: percent(total), stale: Object.keys(verdicts).filter((k) => !used.has(k)).sort() };
}

const pct = (x: number | null): string => (x === null ? 'n/a' : `${x.toFixed(1)}%`);
const cell = (s: string): string => s.replace(/\|/g, '\\|');
const code = (s: string): string => `\`${cell(oneLine(s)).replace(/`/g, 'ʼ')}\``;

/** The README-ready section. */
export function scoreMarkdown(s: Score, how: string): string {
  const t = s.total;
  const out = [
    '## Mutation score of reference/ (Stryker)',
    '',
    `**${pct(s.score)}** — ${t.killed + t.timeout} of ${t.killed + t.timeout + t.survived + t.noCoverage} mutants detected (${t.killed} killed, ${t.timeout} timed out; ${t.survived} survived, ${t.noCoverage} without coverage; ${t.excluded} compile/runtime errors or ignored, not counted). Goal: ≥ 90%.`,
    '',
    how,
    '',
    '| file | killed | timeout | survived | no coverage | score |',
    '|---|---:|---:|---:|---:|---:|',
    ...s.files.map(({ file, counts: c }) => `| ${file} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${pct(percent(c))} |`),
    '',
    '### Survivors',
    '',
  ];
  if (s.survivors.length === 0) out.push('None.');
  else {
    out.push('| where | mutator | original → mutant | verdict |', '|---|---|---|---|');
    for (const v of s.survivors)
      out.push(`| ${v.file}:${v.line}:${v.column} | ${v.mutator}${v.status === 'NoCoverage' ? ' (no coverage)' : ''} | ${code(v.original)} → ${code(v.replacement)} | ${v.verdict === undefined ? '**no verdict yet**' : cell(v.verdict)} |`);
  }
  return `${out.join('\n')}\n`;
}
