// Suite: long (*.long.test.ts, run by `npm run test:hosts`): mutants run to their kill, with and without the corpus (~32 s).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { fn } from '../../mutations/edit.ts';
import { loadMutant, mutantById } from '../../mutations/index.ts';
import { runMutants } from '../../mutations/pool.ts';
import { MUTANT_SEED, runMutant, type MutantResult } from '../../mutations/run.ts';
import { shimMethod } from '../../mutations/targets.ts';
import { runConformance } from '../../properties/run.ts';
import { cpuBudget } from '../src/cli/helpers.ts';
import { copyKit } from './kit-copy.ts';
import { privateTmp, spec, treesOf } from './support.ts';
import { RULE_IDS } from '../../src/core/rules.ts';

privateTmp();

// 20 histories per band, not the CLI's 100: every verdict here is the same at 20 (NO-FORGET's random
// kill takes 5 with this seed; probes, the corpus and crashes decide before any budget; a survivor
// survives any budget), at a fifth of the CPU of each survivor's full run.
const RUNS = 20;
const opts = { runs: RUNS, seed: MUTANT_SEED };
const stable = (rs: readonly MutantResult[]) => rs.map(({ ms: _ms, ...r }) => r);

describe(
  'a mutant is killed by a rule it names, after runsToKill histories per band',
  { timeout: cpuBudget(6) },
  () => {
    it('NO-FORGET: the corpus kills it (runsToKill 0); without the corpus, runsToKillWithoutCorpus is the smallest random budget that does', async () => {
      const m = mutantById('NO-FORGET')!;
      const r = await runMutant(m, opts);
      expect(r).toMatchObject({
        id: 'NO-FORGET',
        status: 'killed',
        arm: 'all',
        rules: ['FORGET-RESETS'],
        runsToKill: 0,
        killedBy: 'corpus',
        corpusCase: 'forget-then-reread',
      });
      expect(r.failedRules).toContain('FORGET-RESETS');
      const k = r.runsToKillWithoutCorpus!;
      expect(k).toBeGreaterThanOrEqual(1);
      expect(k).toBeLessThanOrEqual(RUNS);
      // Independently of how the runner measured it: with the corpus off, k histories per band kill it, k − 1 do not.
      const loaded = await loadMutant(m);
      try {
        const run = (runs: number) =>
          runConformance({
            adapter: loaded.adapter,
            arm: m.arm,
            runs,
            seed: MUTANT_SEED,
            only: m.rules,
            corpus: false,
          });
        expect((await run(k)).rules[0]!.status).toBe('fail');
        if (k > 1) expect((await run(k - 1)).rules[0]!.status).not.toBe('fail');
      } finally {
        await loaded.dispose();
      }
      expect(treesOf('NO-FORGET')).toEqual([]);
    }, 180_000);

    it('with the corpus off (mutants --no-corpus) the random phase kills it, after the same budget', async () => {
      // 10 histories per band hold NO-FORGET's random kill (5 with the default seed): the same numbers, a tenth of the work.
      const small = { ...opts, runs: 10 };
      const r = await runMutant(mutantById('NO-FORGET')!, { ...small, corpus: false });
      const withCorpus = await runMutant(mutantById('NO-FORGET')!, small);
      expect(withCorpus.runsToKillWithoutCorpus).not.toBeNull();
      expect(r).toMatchObject({
        status: 'killed',
        killedBy: 'random',
        runsToKill: withCorpus.runsToKillWithoutCorpus,
        runsToKillWithoutCorpus: withCorpus.runsToKillWithoutCorpus,
      });
      expect(r.corpusCase).toBeUndefined();
    }, 180_000);

    it('PERSONA-LIES: a surface probe kills it before any history (runsToKill 0)', async () => {
      const r = await runMutant(mutantById('PERSONA-LIES')!, opts);
      expect(r).toMatchObject({
        status: 'killed',
        runsToKill: 0,
        killedBy: 'probe',
        runsToKillWithoutCorpus: 0,
        failedRules: ['PERSONA-TRUTH'],
      });
    });
  },
);

describe('what is not a kill is reported as what it is', { timeout: cpuBudget(6) }, () => {
  it('an edit that breaks nothing survives, with no rule failed', async () => {
    const harmless = spec(
      'COMMENT-ONLY',
      ['CAP-PARAM'],
      (t) => void fn(t.file('reference/shim.ts'), 'checkCap').insertStatements(0, '// a comment changes no behaviour'),
    );
    const r = await runMutant(harmless, opts);
    expect(r).toMatchObject({
      status: 'survived',
      failedRules: [],
      runsToKill: null,
      killedBy: null,
      runsToKillWithoutCorpus: null,
      reason: 'no rule failed',
    });
  });

  it('a kill by another rule than the named one is a survival', async () => {
    const misnamed = spec('MISNAMED', ['CAP-PARAM'], (t) => shimMethod(t, 'forget').setBodyText(''), 'all');
    const r = await runMutant(misnamed, opts);
    expect(r.status).toBe('survived');
    expect(r.failedRules).toContain('FORGET-RESETS');
    expect(r.reason).toMatch(/^failed .*FORGET-RESETS.* but not CAP-PARAM$/);
  });

  it('a crash (the mutant breaks the adapter contract) is an error, not a kill', async () => {
    const crash = spec('DECODE-THROWS', ['SLICE-EXACT'], (t) => {
      const decode = fn(t.file('reference/decode.ts'), 'decodeResponse');
      decode.insertStatements(0, "throw new Error('the decoder gave up');");
    });
    const r = await runMutant(crash, opts);
    expect(r).toMatchObject({ status: 'error', runsToKill: null });
    expect(r.reason).toMatch(/crashed .*decode\(\) threw.*the decoder gave up/);
  });

  it('a mutant that crashes on reads the tool answers is an error, though the rule it names (REFUSAL-TRUE) would see a failed read', async () => {
    const crashes = spec('READ-CRASHES', ['REFUSAL-TRUE'], (t) => {
      const respond = fn(t.file('reference/shim.ts'), 'createReadShim').getVariableDeclarationOrThrow('respond');
      respond
        .getInitializerOrThrow()
        .replaceWithText("(): string => { throw new TypeError('respond is not a function'); }");
    });
    const r = await runMutant(crashes, opts);
    expect(r).toMatchObject({ status: 'error', runsToKill: null });
    expect(r.reason).toMatch(/crashed .*TypeError: respond is not a function.*a crash is not an answer/);
    // The same shim in a user's run: REFUSAL-TRUE fails, and its story says the shim threw.
    const loaded = await loadMutant(crashes);
    try {
      const user = await runConformance({
        adapter: loaded.adapter,
        arm: 'cap',
        runs: 5,
        seed: MUTANT_SEED,
        only: ['REFUSAL-TRUE'],
      });
      expect(user.rules[0]).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(/the shim threw TypeError: respond is not a function but the tool returns/),
      });
    } finally {
      await loaded.dispose();
    }
  });

  it('a reference that changed shape makes the mutant an error naming its lost target', async () => {
    const kit = copyKit();
    try {
      // Rename createReadShim's `respond` in the copy: every mutant that edits it must say so.
      const file = join(kit.root, 'reference/shim.ts');
      const s = new Project({ useInMemoryFileSystem: true }).createSourceFile('/shim.ts', readFileSync(file, 'utf8'));
      fn(s, 'createReadShim').getVariableDeclarationOrThrow('respond').rename('answer');
      writeFileSync(file, s.getFullText());
      const r = await runMutant(mutantById('PATH-HASH-POINTER')!, { ...opts, root: kit.root });
      expect(r).toMatchObject({ status: 'error', runsToKill: null });
      expect(r.reason).toMatch(/could not be built or loaded: variable respond: not found in shim\.ts/);
      // A mutant whose target is still there is unaffected.
      expect((await runMutant(mutantById('ZERO-PROGRESS')!, { ...opts, root: kit.root })).status).toBe('killed');
    } finally {
      kit.dispose();
    }
  });
});

// Six mutant runs in child processes (tsx each): a limit sized by that CPU, not vitest's default.
describe('the pool', { timeout: cpuBudget(20) }, () => {
  it('gives the same results on two processes as in one', async () => {
    const ids = ['ARM-TRUTHY', 'STALE-ONE-BASED', 'OFF-WRAPS'];
    const lines: string[] = [];
    const two = await runMutants(ids, { ...opts, jobs: 2, onProgress: (l) => lines.push(l) });
    const one = await runMutants(ids, { ...opts, jobs: 1 });
    expect(stable(two)).toEqual(stable(one));
    expect(two.map((r) => r.id)).toEqual(ids);
    expect(two.every((r) => r.status === 'killed')).toBe(true);
    expect(lines.some((l) => l.startsWith(`STALE-ONE-BASED: ${RULE_IDS.length} rules`))).toBe(true);
  });
});
