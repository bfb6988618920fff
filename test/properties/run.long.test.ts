// Suite: long (*.long.test.ts, run by `npm run test:hosts`): runs of 60 to 150 histories per band under every arm (99 s of wall in a clean-clone CI run, 7 Dec 2026).
import { describe, expect, it } from 'vitest';
import { ARM_NAMES } from '../../src/core/arms.ts';
import { RULE_IDS } from '../../src/core/rules.ts';
import reference from '../../src/adapters/reference.ts';
import minimal from '../../examples/minimal-shim/adapter.ts';
import { runConformance, type RunResult } from '../../properties/run.ts';
import { BROKEN, SOUND } from '../fixtures/naive-shims.ts';
import { runUntilFailed } from './until-failed.ts';

const SEED = 20_261_130;
const steps = (story: readonly string[]): number => story.filter((l) => /^\d+\./.test(l)).length;
const failed = (r: RunResult) => r.rules.filter((x) => x.status === 'fail').map((x) => x.id);

describe('the reference passes every applicable rule under every arm', () => {
  for (const arm of ARM_NAMES)
    it(`arm ${arm}`, async () => {
      const r = await runConformance({ adapter: reference, arm, runs: 60, seed: SEED });
      expect(r.rules.map((x) => x.id).sort()).toEqual([...RULE_IDS].sort());
      expect(r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised')).toEqual([]);
      if (arm === 'all') expect(r.rules.every((x) => x.status === 'pass' && x.checks > 0)).toBe(true);
    });
});

describe('shims that are not the reference', () => {
  it('the worked example (MiniShim) passes what it declares, n/a names what it lacks', async () => {
    const r = await runConformance({ adapter: minimal, arm: 'cap', runs: 60, seed: SEED });
    expect(failed(r)).toEqual([]);
    expect(r.rules.find((x) => x.id === 'DIFF-COMPLETE')).toMatchObject({
      status: 'n/a',
      reason: expect.stringMatching(/diff capability/),
    });
  });
  it('a sound delivery-keyed fixture passes', async () => {
    const r = await runConformance({ adapter: SOUND, arm: 'cap', runs: 60, seed: SEED });
    expect(failed(r)).toEqual([]);
  });
});

describe('broken shims fail with the right rule blamed and a short story', () => {
  for (const [name, { adapter, blame }] of Object.entries(BROKEN))
    it(name, async () => {
      // ignores-forget's check names a rule that must not fail: a whole run. The others stop once the
      // blamed rule's counterexample is final (test/properties/until-failed.ts).
      const o = { adapter, arm: 'cap', runs: 150, seed: SEED } as const;
      const r = name === 'ignores-forget' ? await runConformance(o) : await runUntilFailed(o, blame);
      const rule = r.rules.find((x) => x.id === blame)!;
      expect(rule.status).toBe('fail');
      expect(steps(rule.counterexample!.story)).toBeLessThanOrEqual(9);
      expect(rule.counterexample!.story.join('\n')).toContain(`✗ ${blame}:`);
      // The bar: blamed FORGET-RESETS, not POINTER-FULL (its pointers rely on forgotten deliveries).
      if (name === 'ignores-forget') {
        expect(failed(r)).toContain('FORGET-RESETS');
        expect(failed(r)).not.toContain('POINTER-FULL');
      }
      if (name === 'path-mtime') expect(rule.counterexample!.story.join('\n')).toMatch(/mtime kept at/);
    });
});

describe('determinism and replay', () => {
  it('the same seed gives the same verdicts and stories', async () => {
    const a = await runConformance({ adapter: BROKEN['path-hash']!.adapter, arm: 'cap', runs: 80, seed: 7 });
    const b = await runConformance({ adapter: BROKEN['path-hash']!.adapter, arm: 'cap', runs: 80, seed: 7 });
    expect(JSON.stringify(b.rules)).toBe(JSON.stringify(a.rules));
  });
  it('a counterexample trace replays to the same failure', async () => {
    const { adapter } = BROKEN['ignores-forget']!;
    const r = await runConformance({ adapter, arm: 'cap', runs: 80, seed: SEED });
    const cx = r.rules.find((x) => x.id === 'FORGET-RESETS')!.counterexample!;
    const again = await runConformance({
      adapter,
      arm: 'cap',
      runs: 1,
      seed: 1,
      replayOnly: true,
      replays: [{ name: 'saved', trace: cx.trace }],
    });
    expect(again.rules.find((x) => x.id === 'FORGET-RESETS')!.status).toBe('fail');
    expect(again.rules.find((x) => x.id === 'FORGET-RESETS')!.counterexample!.story).toEqual(cx.story);
  });
  it('a nondeterministic shim is reported as such', async () => {
    let flip = 0;
    const flaky = {
      ...SOUND,
      name: 'flaky',
      create: async (ctx: Parameters<typeof SOUND.create>[0]) => {
        const w = await SOUND.create(ctx);
        return {
          ...w,
          read: async (args: Parameters<typeof w.read>[0]) =>
            flip++ % 7 === 3 ? `<<${ctx.seal} same:0>>` : w.read(args),
        };
      },
    };
    // The random phase alone: a directed corpus case is played once, not shrunk and replayed.
    const r = await runConformance({ adapter: flaky, arm: 'cap', runs: 100, seed: SEED, corpus: false });
    const cxs = r.rules.filter((x) => x.status === 'fail').map((x) => x.counterexample!);
    expect(cxs.length).toBeGreaterThan(0);
    expect(cxs.some((c) => c.nondeterministic === true)).toBe(true);
  });
});
