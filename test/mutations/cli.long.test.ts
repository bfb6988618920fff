// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the mutants command end to end, JSON and exit codes (15 s in the run of 5 December).
import { describe, expect, it } from 'vitest';
import { MUTANT_IDS } from '../../mutations/index.ts';
import { cli, cpuBudget, inProcess } from '../src/cli/helpers.ts';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourcesProblem } from '../../mutations/workspace.ts';
import { privateTmp } from './support.ts';
import { RULE_IDS } from '../../src/core/rules.ts';

const tmp = privateTmp();

describe('mutants: bad input is one clear line and exit 2', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'unknown mutant in --only',
      ['mutants', '--only', 'NO-FORGET,NOPE'],
      /--only names unknown mutant NOPE \(known: PATH-HASH-POINTER, /,
    ],
    ['empty --only', ['mutants', '--only', ','], /--only names unknown mutant \(none\)/],
    ['zero runs', ['mutants', '--runs', '0'], /--runs must be an integer from 1 to 1000000 \(histories\), got "0"/],
    ['bad reporter', ['mutants', '--reporter', 'junit'], /--reporter must be one of pretty\|json/],
    ['unknown flag', ['mutants', '--seed', '3'], /unknown flag --seed/],
  ];
  // Usage errors: main(argv) in-process (no node + tsx start); the bin runs end to end below.
  for (const [what, args, message] of cases)
    it(what, async () => {
      const r = await inProcess(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
});

describe('mutants needs the TypeScript sources (an installed package ships the built JavaScript)', () => {
  it('a checkout has them', () => {
    expect(sourcesProblem()).toBeUndefined();
  });
  it('an install-shaped tree (reference/*.ts, no src/adapters/ sources) names the first missing file', () => {
    const root = mkdtempSync(join(tmp(), 'installed-'));
    mkdirSync(join(root, 'reference'));
    writeFileSync(join(root, 'reference', 'index.ts'), 'export {};\n');
    expect(sourcesProblem(root)).toMatch(/has no src\/adapters\/reference\.ts at .*installed-/);
  });
});

// The JSON report through the spawned bin; pretty and --no-corpus through main(argv) in-process.
// Each mutant runs in a child process of the pool either way: limits sized by that CPU.
describe('mutants: reports', { timeout: cpuBudget(10) }, () => {
  it('JSON: the envelope, each mutant with its named rules, status, failed rules and runsToKill; exit 0 when all are killed', () => {
    const r = cli(['mutants', '--only', 'UNSEALED,ARM-TRUTHY', '--reporter', 'json'], undefined, { TMPDIR: tmp() });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      tool: 'readshim-conformance',
      command: 'mutants',
      seed: 20_261_130,
      runs: 100,
      corpus: true,
      summary: { killed: 2, survived: 0, error: 0, killedWithoutCorpus: 2, killedByCorpus: 0 },
    });
    expect(typeof report.version).toBe('string');
    expect(typeof report.specVersion).toBe('string');
    // Catalogue order, whatever order --only names them in.
    expect(report.mutants).toEqual([
      {
        id: 'ARM-TRUTHY',
        rules: ['ARM-GUARD'],
        arm: 'all',
        status: 'killed',
        failedRules: ['ARM-GUARD'],
        runsToKill: 0,
        killedBy: 'probe',
        runsToKillWithoutCorpus: 0,
      },
      {
        // Unsealed notices: the probes see it, and the corpus's mimicry files are taken for its notices.
        id: 'UNSEALED',
        rules: ['NOTICE-SEALED'],
        arm: 'all',
        status: 'killed',
        failedRules: expect.arrayContaining(['NOTICE-SEALED', 'POINTER-FULL', 'FIRST-VERBATIM']),
        runsToKill: 0,
        killedBy: 'probe',
        runsToKillWithoutCorpus: 0,
      },
    ]);
    expect(MUTANT_IDS.indexOf('ARM-TRUTHY')).toBeLessThan(MUTANT_IDS.indexOf('UNSEALED'));
    // Both mutants' temporary trees were made in TMPDIR and removed.
    expect(readdirSync(tmp()).filter((f) => f.startsWith('readshim-mutant-'))).toEqual([]);
  }, 180_000);

  it('pretty: one line per mutant and a summary; progress only on stderr', async () => {
    const r = await inProcess(['mutants', '--only', 'ZERO-PROGRESS', '--runs', '20'], undefined, {
      READSHIM_PROGRESS: '1',
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^readshim-conformance mutants — 1 mutant, seed 20261130, the directed corpus and 20 histories per cap band$/m,
    );
    expect(r.stdout).toMatch(
      /^ {2}killed {4}ZERO-PROGRESS {2}cap {3}runsToKill {3}0 .* named CAP-PARAM \(by probe; without the corpus: 0\)$/m,
    );
    expect(r.stdout).toMatch(/^summary: 1 killed, 0 survived, 0 errors \(\d+\.\ds\)$/m);
    expect(r.stdout).toMatch(
      /^0 killed first by the corpus; 1 of 1 killed without it \(probes and 20 random histories per band\)$/m,
    );
    expect(r.stderr).toContain(
      `ZERO-PROGRESS: ${RULE_IDS.length} rules, the corpus and 20 histories per cap band, arm cap`,
    );
    expect(r.stdout).not.toContain(`${RULE_IDS.length} rules, the corpus`);
  }, 180_000);

  it('--no-corpus: the random-only kill count, and per mutant the phase that killed it', async () => {
    const r = await inProcess([
      'mutants',
      '--only',
      'CACHED-NOT-FOUND',
      '--runs',
      '10',
      '--no-corpus',
      '--reporter',
      'json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      corpus: boolean;
      mutants: Record<string, unknown>[];
      summary: Record<string, number>;
    };
    expect(report.corpus).toBe(false);
    expect(report.mutants[0]).toMatchObject({ id: 'CACHED-NOT-FOUND', status: 'killed', killedBy: 'random' });
    expect(report.mutants[0]!.runsToKill).toBe(report.mutants[0]!.runsToKillWithoutCorpus);
    expect(report.summary).toMatchObject({ killed: 1, killedWithoutCorpus: 1, killedByCorpus: 0 });
  }, 180_000);
});
