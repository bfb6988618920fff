import { describe, expect, it } from 'vitest';
import {
  duration,
  pct,
  readmeBlock,
  scoreDocument,
  withReadmeBlock,
  README_BEGIN,
  README_END,
} from '../../dev/stryker/markdown.ts';
import {
  mutantRows,
  mutatedBy,
  parseLog,
  recordRun,
  spanText,
  type RunRecord,
  type StrykerReport,
  type StrykerStatus,
} from '../../dev/stryker/record.ts';
import { parseVerdict, percent, scoreRecord, verdictProblems } from '../../dev/stryker/report.ts';

const source = 'export function f(a: number): boolean {\n  return a > 0 && a < 10;\n}\n';
const at = (line: number, column: number, endColumn: number) => ({
  start: { line, column },
  end: { line, column: endColumn },
});
const mutant = (
  id: string,
  status: StrykerStatus,
  mutatorName: string,
  location: { start: { line: number; column: number }; end: { line: number; column: number } },
  replacement?: string,
) => ({ id, status, mutatorName, location, ...(replacement !== undefined ? { replacement } : {}) });

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
  config: {
    testRunner: 'vitest',
    coverageAnalysis: 'perTest',
    concurrency: 2,
    mutate: ['reference/**/*.ts'],
    vitest: { configFile: 'dev/stryker/vitest.stryker.config.ts' },
  },
  framework: { name: 'StrykerJS', version: '9.6.1', dependencies: { '@stryker-mutator/vitest-runner': '9.6.1' } },
};

const LOG =
  '\u001b[32m04:34:28 (1) INFO\u001b[39m Initial test run succeeded. Ran 787 tests in 2 minutes and 1 second\n' +
  'INFO MutationTestExecutor Done in 85 minutes and 3 seconds.\n';
const INCREMENTAL =
  'Initial test run succeeded. Ran 790 tests in 2 minutes\n\tResult:\t\t1400 of 1498 mutant result(s) are reused.\nDone in 9 minutes and 59 seconds.\n';
const ctx = {
  target: 'reference' as const,
  command: 'npm run mutation-score:reference',
  config: 'dev/stryker/stryker.reference.config.json',
  node: 'v20.19.0',
  vitest: '4.1.12',
  date: '2026-12-01',
  mutate: ['reference/**/*.ts'],
  scope: ['reference/f.ts', 'reference/g.ts'],
};
const KEY_LT = 'reference/f.ts EqualityOperator: a < 10 → a <= 10';
const KEY_BOOL = 'reference/f.ts BooleanLiteral: a > 0 → false';
const KEY_GE = 'reference/f.ts EqualityOperator: a > 0 → a >= 0';

describe('a Stryker run as a record', () => {
  it('keeps runner, versions, config and every mutant in source order with its text', () => {
    const r = recordRun(report, LOG, ctx);
    expect(r).toMatchObject({
      stryker: '9.6.1',
      runner: 'vitest',
      runnerVersion: '9.6.1',
      coverageAnalysis: 'perTest',
      concurrency: 2,
      suite: 'dev/stryker/vitest.stryker.config.ts',
      mutate: ['reference/**/*.ts'],
    });
    expect(r.runs).toEqual([
      { files: ['reference/f.ts'], date: '2026-12-01', seconds: 85 * 60 + 3, reused: 0, mutants: 5, tests: 787 },
    ]);
    expect(r.scope).toEqual(['reference/f.ts', 'reference/g.ts']);
    expect(r.mutants.map((m) => [m.key, m.status])).toEqual([
      [KEY_BOOL, 'NoCoverage'],
      ['reference/f.ts ConditionalExpression: a > 0 && a < 10 → false', 'CompileError'],
      ['reference/f.ts ConditionalExpression: a > 0 && a < 10 → true', 'Timeout'],
      [KEY_GE, 'Killed'],
      [KEY_LT, 'Survived'],
    ]);
    expect(spanText(source, { line: 2, column: 19 }, { line: 2, column: 25 })).toBe('a < 10');
  });

  it("names the runner plugin's installed version when the report does not (Stryker 9 leaves it out)", () => {
    const bare: StrykerReport = { ...report, framework: { version: '9.6.1' } };
    expect(recordRun(bare, LOG, { ...ctx, runnerVersion: '9.6.2' }).runnerVersion).toBe('9.6.2');
    expect(recordRun(bare, LOG, ctx).runnerVersion).toBeNull();
    expect(recordRun(report, LOG, { ...ctx, runnerVersion: '9.6.2' }).runnerVersion).toBe('9.6.1');
  });

  it('a later run replaces the results of the files it mutated and keeps the others', () => {
    const g: StrykerReport = {
      ...report,
      files: { 'reference/g.ts': { source: 'x;\n', mutants: [mutant('9', 'Survived', 'M', at(1, 1, 2), 'y')] } },
    };
    const first = recordRun(report, LOG, ctx);
    const both = recordRun(g, INCREMENTAL, { ...ctx, date: '2026-12-02', previous: first });
    expect(both.runs.map((p) => [p.files, p.seconds, p.reused])).toEqual([
      [['reference/f.ts'], 5103, 0],
      [['reference/g.ts'], 599, 1400],
    ]);
    expect(both.mutants.map((m) => m.file)).toEqual([...Array(5).fill('reference/f.ts'), 'reference/g.ts']);
    const again = recordRun(report, LOG, { ...ctx, date: '2026-12-03', previous: both });
    expect(again.runs.map((p) => [p.files, p.date])).toEqual([
      [['reference/g.ts'], '2026-12-02'],
      [['reference/f.ts'], '2026-12-03'],
    ]);
    // another toolchain: earlier results are not mixed in
    const other = recordRun({ ...g, framework: { version: '9.7.0' } }, LOG, { ...ctx, previous: first });
    expect(other.mutants.map((m) => m.file)).toEqual(['reference/g.ts']);
  });

  it("an incremental run's report also lists files it did not mutate: only those its `mutate` names are its own", () => {
    const first = recordRun(report, LOG, ctx);
    const g = { source: 'x;\n', mutants: [mutant('9', 'Killed', 'M', at(1, 1, 2), 'y')] };
    // f.ts carried over from the incremental file with other statuses: not this run's, so the record keeps its own f.ts
    const carried = {
      source,
      mutants: report.files['reference/f.ts']!.mutants.map((m) => ({ ...m, status: 'Killed' as const })),
    };
    const inc: StrykerReport = {
      ...report,
      config: { ...report.config, mutate: ['reference/g.ts'] },
      files: { 'reference/f.ts': carried, 'reference/g.ts': g },
    };
    const both = recordRun(inc, INCREMENTAL, { ...ctx, date: '2026-12-02', previous: first });
    expect(both.runs.map((p) => [p.files, p.mutants])).toEqual([
      [['reference/f.ts'], 5],
      [['reference/g.ts'], 1],
    ]);
    expect(both.mutants.filter((m) => m.file === 'reference/f.ts').map((m) => m.status)).toEqual(
      first.mutants.map((m) => m.status),
    );
  });

  it('`mutate` patterns: paths, ranges, dir/**/*.ts and exclusions', () => {
    const m = mutatedBy(['reference/**/*.ts', '!reference/index.ts', 'properties/oracle/progress.ts:3-9']);
    expect(
      [
        'reference/a.ts',
        'reference/sub/b.ts',
        'reference/index.ts',
        'reference.ts',
        'properties/oracle/progress.ts',
        'properties/oracle/judge.ts',
      ].map(m),
    ).toEqual([true, true, false, false, true, false]);
    expect(mutatedBy(undefined)('anything.ts')).toBe(true);
  });

  it('a log without "Done in" (an unfinished run) is refused; durations under a minute parse', () => {
    expect(() => parseLog('Initial test run succeeded. Ran 3 tests\n')).toThrow(/Done in/);
    expect(parseLog('Initial test run succeeded. Ran 3 tests\nDone in 42 seconds.').seconds).toBe(42);
    expect(parseLog('Initial test run succeeded. Ran 1 test\nDone in 1 minute and 1 second.')).toEqual({
      seconds: 61,
      tests: 1,
      reused: 0,
    });
  });

  it('keys repeated mutants of the same text apart', () => {
    const twice: StrykerReport = {
      files: {
        'reference/g.ts': {
          source: 'x; x;\n',
          mutants: [mutant('1', 'Survived', 'M', at(1, 1, 2), 'y'), mutant('2', 'Survived', 'M', at(1, 4, 5), 'y')],
        },
      },
    };
    expect(mutantRows(twice).map((v) => v.key)).toEqual(['reference/g.ts M: x → y', 'reference/g.ts M: x → y #2']);
  });
});

describe('the score and the verdicts', () => {
  const rec: RunRecord = recordRun(report, LOG, ctx);
  const exists = (file: string, name: string): boolean =>
    file === 'test/reference/f.test.ts' && name === 'a is below 10';

  it('is detected / (detected + undetected); compile errors are not counted', () => {
    const s = scoreRecord(rec, {});
    expect(s.total).toEqual({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, excluded: 1 });
    expect(s.score).toBe(50);
    expect(percent({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, excluded: 3 })).toBeNull();
    expect(s.survivors.map((v) => v.key)).toEqual([KEY_BOOL, KEY_LT]);
  });

  it('verdicts take two forms only', () => {
    expect(parseVerdict('equivalent: a is never 10')).toEqual({ kind: 'equivalent', reason: 'a is never 10' });
    expect(parseVerdict('killed by test/x.test.ts › it does')).toEqual({
      kind: 'killed',
      file: 'test/x.test.ts',
      test: 'it does',
    });
    for (const bad of [
      'equivalent:',
      'equivalent: ',
      'killed',
      'killed by test/x.test.ts',
      'fine',
      'equivalent: two\nlines',
    ])
      expect(parseVerdict(bad)).toBeUndefined();
  });

  it('every survivor needs a verdict; stale, malformed and contradicting verdicts and missing tests are named', () => {
    expect(verdictProblems(rec, {}, exists)).toEqual([
      `no verdict: ${KEY_BOOL} (reference/f.ts:2:10)`,
      `no verdict: ${KEY_LT} (reference/f.ts:2:19)`,
    ]);
    const ok = {
      [KEY_BOOL]: 'equivalent: the test control says so',
      [KEY_LT]: 'killed by test/reference/f.test.ts › a is below 10',
      [KEY_GE]: 'killed by test/reference/f.test.ts › a is below 10',
    };
    expect(verdictProblems(rec, ok, exists)).toEqual([]);
    expect(verdictProblems(rec, { ...ok, 'reference/f.ts Gone: x → y': 'equivalent: gone' }, exists)).toEqual([
      'verdict for a mutant the run does not have: reference/f.ts Gone: x → y',
    ]);
    expect(verdictProblems(rec, { ...ok, [KEY_BOOL]: 'probably fine' }, exists)[0]).toMatch(/^verdict is neither/);
    expect(verdictProblems(rec, { ...ok, [KEY_GE]: 'equivalent: no' }, exists)).toEqual([
      `"equivalent" for a mutant the suite detects (Killed): ${KEY_GE}`,
    ]);
    expect(
      verdictProblems(rec, { ...ok, [KEY_LT]: 'killed by test/reference/f.test.ts › another name' }, exists)[0],
    ).toMatch(/^killing test not found/);
  });
});

describe('the published document says only what the data says', () => {
  const rec = recordRun(report, LOG, ctx);
  const verdicts = {
    [KEY_LT]: 'equivalent: a is never 10 (test control)',
    [KEY_GE]: 'killed by test/reference/f.test.ts › a is below 10',
  };

  it('renders score, run facts, per-file counts, each survivor with its verdict or "no verdict", and kills by new tests', () => {
    const md = scoreDocument([{ record: rec, verdicts }]);
    expect(md).toContain(
      '**50.0%** (goal ≥ 96%: **not met**) — 2 of 4 mutants detected (1 killed, 1 timed out; 1 survived, 1 without coverage; 1 compile errors, runtime errors or ignored, not counted).',
    );
    expect(md).toContain(
      'Stryker 9.6.1 with its vitest runner (@stryker-mutator/vitest-runner 9.6.1), Vitest 4.1.12, Node v20.19.0; coverage analysis `perTest`, concurrency 2',
    );
    expect(md).toContain(
      '- **Run 1**: 1 h 25 min (Stryker\'s "Done in", 2026-12-01) for 5 mutants of `reference/f.ts`, 787 tests in its initial run.',
    );
    expect(md).toContain('suite `dev/stryker/vitest.stryker.config.ts`');
    expect(md).toContain(
      '**1 file not mutated yet** (`reference/g.ts`): the score above covers only the other 1 file.',
    );
    expect(md).toContain(
      '2 survivors: 1 judged equivalent, each with its reason; **1 without a verdict**. 1 mutant that survived an earlier run is now killed by a test written for it',
    );
    expect(md).toContain('| reference/f.ts | 1 | 1 | 1 | 1 | 50.0% |');
    expect(md).toContain(
      '| reference/f.ts:2:19 | EqualityOperator | `a < 10` → `a <= 10` | equivalent: a is never 10 (test control) |',
    );
    expect(md).toContain('| reference/f.ts:2:10 | BooleanLiteral (no coverage) | `a > 0` → `false` | **no verdict** |');
    expect(md).toContain(
      '| reference/f.ts:2:10 | EqualityOperator | `a > 0` → `a >= 0` | `test/reference/f.test.ts` › a is below 10 |',
    );
    expect(md).toContain('| `reference/` (the reference shim) | 50.0% | ≥ 96% | 1 of 2 | 5 | 2 | 1 | 1 |');
    expect(md).not.toMatch(/every survivor has/i);
  });

  it('a goal is met only over the whole scope: a part run meets it "so far"', () => {
    const killedOnly: StrykerReport = {
      ...report,
      files: {
        'reference/f.ts': { source, mutants: [mutant('1', 'Killed', 'EqualityOperator', at(2, 10, 15), 'a >= 0')] },
      },
    };
    const part = recordRun(killedOnly, LOG, ctx);
    expect(scoreDocument([{ record: part, verdicts: {} }])).toContain(
      '**100.0%** (goal ≥ 96%: met by the files mutated so far, not yet by the whole scope)',
    );
    expect(readmeBlock([{ record: part, verdicts: {} }])).toContain(
      '(goal ≥ 96%: met by the files mutated so far, not yet by the whole scope) over 1 of its 2 files so far',
    );
    const whole = recordRun(killedOnly, LOG, { ...ctx, scope: ['reference/f.ts'] });
    expect(scoreDocument([{ record: whole, verdicts: {} }])).toContain(
      '**100.0%** (goal ≥ 96%: met) — 1 of 1 mutants detected',
    );
  });

  it('an incremental run is named as such', () => {
    const inc = recordRun(report, INCREMENTAL, { ...ctx, date: '2026-12-02', previous: rec });
    expect(scoreDocument([{ record: inc, verdicts }])).toContain(
      '- **Run 1**: 9 min 59 s (Stryker\'s "Done in", 2026-12-02) for 5 mutants of `reference/f.ts`, 790 tests in its initial run; incremental: 1400 results reused, the rest tested again.',
    );
  });

  it('scores are rounded down and durations read as a person would', () => {
    expect(pct(95.99)).toBe('95.9%');
    expect(pct(null)).toBe('n/a');
    expect([duration(42), duration(61), duration(3 * 3600 + 125)]).toEqual(['42 s', '1 min 1 s', '3 h 2 min']);
  });

  it("README's block is replaced between its markers, and only there", () => {
    const block = readmeBlock([{ record: rec, verdicts }]);
    expect(block).toContain(
      '**Mutation score of `reference/` (the reference shim): 50.0%** (goal ≥ 96%: **not met**) over 1 of its 2 files so far (not yet: `reference/g.ts`)',
    );
    const readme = `# t\n\n${README_BEGIN}\nold\n${README_END}\n\nafter\n`;
    expect(withReadmeBlock(readme, block)).toBe(`# t\n\n${block}\n\nafter\n`);
    expect(withReadmeBlock('# no markers\n', block)).toBeUndefined();
  });
});
