import { describe, expect, it } from 'vitest';
import { percent, scoreMarkdown, scoreReport, spanText, type StrykerMutant, type StrykerReport } from '../../mutations/stryker/report.ts';

const source = 'export function f(a: number): boolean {\n  return a > 0 && a < 10;\n}\n';
const at = (line: number, column: number, endColumn: number) => ({ start: { line, column }, end: { line, column: endColumn } });
const mutant = (id: string, status: StrykerMutant['status'], mutatorName: string, location: StrykerMutant['location'], replacement?: string): StrykerMutant =>
  ({ id, status, mutatorName, location, ...(replacement !== undefined ? { replacement } : {}) });

const report: StrykerReport = {
  files: {
    'reference/f.ts': {
      source,
      mutants: [
        mutant('1', 'Killed', 'EqualityOperator', at(2, 10, 15), 'a >= 0'),
        mutant('2', 'Survived', 'EqualityOperator', at(2, 19, 25), 'a <= 10'),
        mutant('3', 'Timeout', 'ConditionalExpression', at(2, 10, 25), 'true'),
        mutant('4', 'NoCoverage', 'BooleanLiteral', at(2, 10, 15), 'false'),
        mutant('5', 'CompileError', 'ConditionalExpression', at(2, 10, 25), 'false'),
      ],
    },
  },
};

describe('the mutation score of a Stryker report', () => {
  it('is detected / (detected + undetected); compile errors are not counted', () => {
    const s = scoreReport(report, {});
    expect(s.total).toEqual({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, excluded: 1 });
    expect(s.score).toBe(50);
    expect(percent({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, excluded: 3 })).toBeNull();
  });

  it('lists survivors with their source text and the verdict recorded for them; unused verdicts are stale', () => {
    expect(spanText(source, { line: 2, column: 19 }, { line: 2, column: 25 })).toBe('a < 10');
    const key = 'reference/f.ts EqualityOperator: a < 10 → a <= 10';
    const s = scoreReport(report, { [key]: 'equivalent: a is never 10 (test control)', 'reference/f.ts Gone: x → y': 'killed by nothing' });
    expect(s.survivors.map((v) => [v.key, v.line, v.status, v.verdict])).toEqual([
      // in source order
      ['reference/f.ts BooleanLiteral: a > 0 → false', 2, 'NoCoverage', undefined],
      [key, 2, 'Survived', 'equivalent: a is never 10 (test control)'],
    ]);
    expect(s.stale).toEqual(['reference/f.ts Gone: x → y']);
    const md = scoreMarkdown(s, 'how to reproduce');
    expect(md).toContain('**50.0%** — 2 of 4 mutants detected');
    expect(md).toContain('| reference/f.ts:2:19 | EqualityOperator | `a < 10` → `a <= 10` | equivalent: a is never 10 (test control) |');
    expect(md).toContain('| reference/f.ts:2:10 | BooleanLiteral (no coverage) | `a > 0` → `false` | **no verdict yet** |');
  });

  it('keys repeated survivors of the same text apart', () => {
    const twice: StrykerReport = { files: { 'reference/g.ts': { source: 'x; x;\n', mutants: [mutant('1', 'Survived', 'M', at(1, 1, 2), 'y'), mutant('2', 'Survived', 'M', at(1, 4, 5), 'y')] } } };
    expect(scoreReport(twice, {}).survivors.map((v) => v.key)).toEqual(['reference/g.ts M: x → y', 'reference/g.ts M: x → y #2']);
  });
});
