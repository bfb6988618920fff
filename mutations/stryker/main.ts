/**
 * npm run mutation-score (after `stryker run`): reports/mutation/mutation.json →
 * docs/MUTATION-SCORE.md, a README-ready section. Survivors get their verdict from
 * mutations/stryker/survivors.json (key → "killed by …" or "equivalent: …").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../core/output.ts';
import { scoreMarkdown, scoreReport, type StrykerReport, type Verdicts } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REPORT = `${root}reports/mutation/mutation.json`;
const VERDICTS = `${root}mutations/stryker/survivors.json`;
const OUT = `${root}docs/MUTATION-SCORE.md`;
const HOW = 'Reproduce: `npm run mutation-score` (Stryker 9 with its command runner over `reference/`, the suite of `vitest.stryker.config.ts`: the reference\'s unit tests, SPEC.md\'s examples and conformance under every arm, fixed seeds; one to two hours on 2 cores). Each survivor has a check that kills it or a one-line reason it is equivalent (`mutations/stryker/survivors.json`).';

let report: StrykerReport;
try {
  report = JSON.parse(readFileSync(REPORT, 'utf8')) as StrykerReport;
} catch (e) {
  process.stderr.write(`mutation-score: cannot read ${REPORT} (run \`npx stryker run\` first): ${(e as Error).message.split('\n')[0]}\n`);
  process.exit(2);
}
const verdicts = JSON.parse(readFileSync(VERDICTS, 'utf8')) as Verdicts;
const s = scoreReport(report, verdicts);
writeFileAtomic(OUT, scoreMarkdown(s, HOW));
const open = s.survivors.filter((v) => v.verdict === undefined).length;
process.stdout.write(`mutation score ${s.score === null ? 'n/a' : `${s.score.toFixed(1)}%`}; ${s.survivors.length} survivors, ${open} without a verdict; wrote ${OUT}\n`);
for (const k of s.stale) process.stdout.write(`verdict for a survivor that no longer exists: ${k}\n`);
