/**
 * mutations/measured.json: what the last full `mutants` run measured for each mutant (the default
 * seed and budget, with the corpus) — its status, the rules it failed, which phase killed it first
 * and how many histories it took. docs/MUTANTS.md's measured columns and `explain`'s kills are
 * rendered from it. The run is deterministic (a result depends only on mutant, seed and budget),
 * so CI compares a fresh `mutants --reporter json` with this record.
 *
 *   npx tsx dev/docs/measured.ts record [<mutants-report.json>]   # runs `mutants` when no report is given
 *   npx tsx dev/docs/measured.ts check <mutants-report.json>
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../src/core/output.ts';

export const MEASURED_PATH = 'mutations/measured.json';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILE = fileURLToPath(new URL(`../../${MEASURED_PATH}`, import.meta.url));

export interface Measured {
  readonly status: 'killed' | 'survived' | 'error';
  readonly failedRules: readonly string[];
  readonly runsToKill: number | null;
  readonly killedBy: 'probe' | 'corpus' | 'random' | null;
  readonly corpusCase?: string;
  readonly runsToKillWithoutCorpus: number | null;
}

export interface MeasuredFile {
  readonly seed: number;
  readonly runs: number;
  readonly corpus: boolean;
  readonly mutants: Readonly<Record<string, Measured>>;
}

interface Report {
  readonly command?: string;
  readonly seed: number;
  readonly runs: number;
  readonly corpus: boolean;
  readonly mutants: readonly (Measured & { readonly id: string })[];
}

/** The record a `mutants --reporter json` report gives. */
export function fromReport(text: string): MeasuredFile {
  const r = JSON.parse(text) as Report;
  if (r.command !== 'mutants') throw new Error('not a `readshim-conformance mutants --reporter json` report');
  const mutants: Record<string, Measured> = {};
  for (const m of r.mutants)
    mutants[m.id] = {
      status: m.status,
      failedRules: m.failedRules,
      runsToKill: m.runsToKill,
      killedBy: m.killedBy,
      ...(m.corpusCase === undefined ? {} : { corpusCase: m.corpusCase }),
      runsToKillWithoutCorpus: m.runsToKillWithoutCorpus,
    };
  return { seed: r.seed, runs: r.runs, corpus: r.corpus, mutants };
}

export const formatMeasured = (m: MeasuredFile): string => `${JSON.stringify(m, null, 1)}\n`;

export function readMeasured(file: string = FILE): MeasuredFile {
  return JSON.parse(readFileSync(file, 'utf8')) as MeasuredFile;
}

function freshReport(): string {
  const r = spawnSync(process.execPath, ['bin/readshim-conformance.js', 'mutants', '--reporter', 'json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, READSHIM_PROGRESS: '0' },
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`mutants exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd, report] = process.argv.slice(2);
  if (cmd === 'record') {
    writeFileAtomic(
      FILE,
      formatMeasured(fromReport(report === undefined ? freshReport() : readFileSync(report, 'utf8'))),
    );
    process.stdout.write(`${MEASURED_PATH} written\n`);
  } else if (cmd === 'check' && report !== undefined) {
    const now = formatMeasured(fromReport(readFileSync(report, 'utf8')));
    if (now !== readFileSync(FILE, 'utf8')) {
      process.stderr.write(
        `${MEASURED_PATH} differs from ${report}: a mutant's measurement moved (record it: npx tsx dev/docs/measured.ts record ${report})\n`,
      );
      process.exit(1);
    }
    process.stdout.write(`${MEASURED_PATH} matches ${report}\n`);
  } else {
    process.stderr.write('usage: dev/docs/measured.ts record [<mutants-report.json>] | check <mutants-report.json>\n');
    process.exit(2);
  }
}
