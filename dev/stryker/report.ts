/**
 * A run record (record.ts) and its verdicts → the score and its survivors, and the checks that
 * keep the published document honest: every survivor has a verdict ("killed by <test file> ›
 * <test name>" or "equivalent: <one line why>"), no verdict names a mutant that is gone, and
 * "equivalent" never stands beside a mutant the suite detects. Pure.
 */
import type { MutantRow, RunRecord, StrykerStatus } from './record.ts';
import { defined } from '../../src/core/defined.ts';

/** Mutant key → "killed by <test file> › <test name>" or "equivalent: <one line why>". */
export type Verdicts = Readonly<Record<string, string>>;

export interface Counts {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** CompileError, RuntimeError, Ignored, Pending: not part of the score (Stryker's rule). */
  excluded: number;
}

export type Verdict =
  | { readonly kind: 'equivalent'; readonly reason: string }
  | { readonly kind: 'killed'; readonly file: string; readonly test: string };

export interface Survivor extends MutantRow {
  readonly verdict?: Verdict;
  readonly text?: string;
}

export interface Score {
  readonly total: Counts;
  readonly files: readonly { readonly file: string; readonly counts: Counts }[];
  /** Survived or without coverage, in source order, with their verdicts. */
  readonly survivors: readonly Survivor[];
  /** Detected mutants whose verdict names the test written to kill them. */
  readonly killedByNewTests: readonly (MutantRow & { readonly verdict: Verdict & { kind: 'killed' } })[];
  /** Detected / (detected + undetected), in percent; null without valid mutants. */
  readonly score: number | null;
}

const empty = (): Counts => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, excluded: 0 });

export function percent(c: Counts): number | null {
  const detected = c.killed + c.timeout;
  const valid = detected + c.survived + c.noCoverage;
  return valid === 0 ? null : (100 * detected) / valid;
}

export const detected = (s: StrykerStatus): boolean => s === 'Killed' || s === 'Timeout';
export const undetected = (s: StrykerStatus): boolean => s === 'Survived' || s === 'NoCoverage';

const KILLED = /^killed by (\S+) › (.+)$/;
const EQUIVALENT = /^equivalent: (.+)$/;

/** A verdict's meaning, or undefined when it follows neither form. */
export function parseVerdict(text: string): Verdict | undefined {
  const k = KILLED.exec(text);
  if (k !== null) return { kind: 'killed', file: k[1]!, test: k[2]!.trim() };
  const e = EQUIVALENT.exec(text);
  if (e !== null && e[1]!.trim().length > 0 && !text.includes('\n'))
    return { kind: 'equivalent', reason: e[1]!.trim() };
  return undefined;
}

function add(c: Counts, s: StrykerStatus): void {
  if (s === 'Killed') c.killed++;
  else if (s === 'Timeout') c.timeout++;
  else if (s === 'Survived') c.survived++;
  else if (s === 'NoCoverage') c.noCoverage++;
  else c.excluded++;
}

export function scoreRecord(record: RunRecord, verdicts: Verdicts): Score {
  const total = empty();
  const byFile = new Map<string, Counts>();
  const survivors: Survivor[] = [];
  const killedByNewTests: (MutantRow & { verdict: Verdict & { kind: 'killed' } })[] = [];
  for (const m of record.mutants) {
    add(total, m.status);
    let c = byFile.get(m.file);
    if (c === undefined) byFile.set(m.file, (c = empty()));
    add(c, m.status);
    const text = verdicts[m.key];
    const verdict = text === undefined ? undefined : parseVerdict(text);
    if (undetected(m.status)) survivors.push({ ...m, ...defined({ verdict }), ...defined({ text }) });
    else if (verdict?.kind === 'killed' && detected(m.status)) killedByNewTests.push({ ...m, verdict });
  }
  const files = [...byFile.keys()].sort().map((file) => ({ file, counts: byFile.get(file)! }));
  return { total, files, survivors, killedByNewTests, score: percent(total) };
}

/**
 * Why the verdicts do not fit the record (empty when they do). `testExists(file, name)` says
 * whether a test file holds a test of that name.
 */
export function verdictProblems(
  record: RunRecord,
  verdicts: Verdicts,
  testExists: (file: string, name: string) => boolean,
): string[] {
  const out: string[] = [];
  const rows = new Map(record.mutants.map((m) => [m.key, m]));
  for (const m of record.mutants)
    if (undetected(m.status) && verdicts[m.key] === undefined)
      out.push(`no verdict: ${m.key} (${m.file}:${m.line}:${m.column})`);
  for (const [key, text] of Object.entries(verdicts)) {
    const m = rows.get(key);
    if (m === undefined) {
      out.push(`verdict for a mutant the run does not have: ${key}`);
      continue;
    }
    const v = parseVerdict(text);
    if (v === undefined)
      out.push(`verdict is neither "killed by <file> › <test>" nor "equivalent: <why>": ${key}: ${text}`);
    else if (v.kind === 'equivalent' && !undetected(m.status))
      out.push(`"equivalent" for a mutant the suite detects (${m.status}): ${key}`);
    else if (v.kind === 'killed' && !testExists(v.file, v.test))
      out.push(`killing test not found: ${v.file} › ${v.test} (for ${key})`);
    else if (!undetected(m.status) && !detected(m.status))
      out.push(`verdict for a mutant that is not part of the score (${m.status}): ${key}`);
  }
  return out;
}
