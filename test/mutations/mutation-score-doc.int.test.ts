/**
 * docs/MUTATION-SCORE.md and the score block of docs/reference/mutation-testing.md say what the committed Stryker data says, and
 * nothing is left unjudged: every survivor of every published run has a verdict, every verdict
 * names a mutant of the run, and every "killed by" names a test that exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { README_BEGIN, README_END, SCORE_PAGE, readmeBlock, scoreDocument } from '../../dev/stryker/markdown.ts';
import { publishedPaths, readPublished } from '../../dev/stryker/published.ts';
import { TARGETS } from '../../dev/stryker/record.ts';
import { verdictProblems } from '../../dev/stryker/report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const text = (p: string): string => readFileSync(`${root}${p}`, 'utf8');
const testExists = (file: string, name: string): boolean =>
  /^test\/.+\.test\.ts$/.test(file) && existsSync(`${root}${file}`) && text(file).includes(name);

describe('the published mutation scores', () => {
  it('both targets are published (reference/ and the oracle)', () => {
    for (const t of TARGETS)
      expect(existsSync(`${root}${publishedPaths(t).record}`), publishedPaths(t).record).toBe(true);
  });

  for (const t of TARGETS)
    it(`${t}: every survivor has a verdict, and every verdict fits the run`, () => {
      const { record, verdicts } = readPublished(root, t);
      expect(record.target).toBe(t);
      expect(verdictProblems(record, verdicts, testExists)).toEqual([]);
    });

  it('docs/MUTATION-SCORE.md is the rendering of the data (`npm run mutation-score:render`)', () => {
    const published = TARGETS.map((t) => readPublished(root, t));
    expect(text('docs/MUTATION-SCORE.md')).toBe(scoreDocument(published));
  });

  it("the score page's block is the rendering of the data, and neither it nor README states another score", () => {
    const published = TARGETS.map((t) => readPublished(root, t));
    expect(text('README.md')).not.toMatch(/mutation score[^.\n]*\d+(\.\d+)?%/i);
    const readme = text(SCORE_PAGE);
    const a = readme.indexOf(README_BEGIN);
    const b = readme.indexOf(README_END);
    expect(a).toBeGreaterThan(-1);
    expect(readme.slice(a, b + README_END.length)).toBe(readmeBlock(published));
    const outside = readme.slice(0, a) + readme.slice(b + README_END.length);
    expect(outside).not.toMatch(/mutation score[^.\n]*\d+(\.\d+)?%/i);
  });
});
