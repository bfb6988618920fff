/**
 * A run's time bound (properties/run.ts JudgeOptions.stopWhen, `run --max-seconds`): asked between
 * histories, it ends the corpus, the random phase and the shrinking at a history boundary, and the
 * result says what was not done. The bound here counts questions, not seconds, so each case is
 * deterministic. A bound that never fires changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { judgeRun } from '../../properties/run.ts';
import { sessionHistories } from '../../properties/engine/session-band.ts';
import reference from '../../src/adapters/reference.ts';
import { BROKEN } from '../fixtures/naive-shims.ts';
import { CROSSED_GROUPS } from '../../properties/crossed/cases.ts';

/** True from the n-th question on. */
const after = (n: number): (() => boolean) => {
  let asked = 0;
  return () => ++asked > n;
};

describe('the time bound', () => {
  it('never firing: the same result as no bound', async () => {
    const o = { adapter: reference, arm: 'cap' as const, runs: 10, seed: 3 };
    const plain = await judgeRun(o);
    const bounded = await judgeRun({ ...o, stopWhen: () => false });
    expect(bounded.stoppedEarly).toBeUndefined();
    expect(JSON.stringify(bounded.rules)).toBe(JSON.stringify(plain.rules));
  });

  it('firing in the corpus: the cases left are not reached, and no random history starts', async () => {
    const r = await judgeRun({ adapter: reference, arm: 'cap', runs: 10, seed: 3, stopWhen: after(5) });
    expect(r.stoppedEarly).toBeDefined();
    expect(r.stoppedEarly!.corpusNotReached).toBeGreaterThan(0);
    expect(r.corpus!.cases.slice(5).every((c) => !c.played && /time bound/.test(c.reason ?? ''))).toBe(true);
    expect(r.stoppedEarly!.histories).toBe(0);
    // Three cap bands of 10, and the session band's histories.
    expect(r.stoppedEarly!.planned).toBe(30 + sessionHistories('in-process', 10));
  });

  it('firing in the random phase: it stops at a history boundary and counts what it judged', async () => {
    const played = await judgeRun({ adapter: reference, arm: 'cap', runs: 10, seed: 3 });
    // Asked once per corpus case (a shared condition's cells once together), once before the random phase, then after each history.
    const asks = played.corpus!.cases.length - CROSSED_GROUPS.reduce((a, g) => a + g.members.length - 1, 0);
    const r = await judgeRun({ adapter: reference, arm: 'cap', runs: 10, seed: 3, stopWhen: after(asks + 1 + 12) });
    expect(r.stoppedEarly).toMatchObject({
      corpusNotReached: 0,
      histories: 13,
      planned: 30 + sessionHistories('in-process', 10),
      shrinkingCut: [],
    });
    expect(r.caps.reduce((a, c) => a + c.histories, 0)).toBe(13);
  });

  it('firing while shrinking: the smallest failing history so far is the story, and the rule is named', async () => {
    const adapter = BROKEN['path-hash']!.adapter;
    const o = { adapter, arm: 'cap' as const, runs: 10, seed: 3, corpus: false, only: ['POINTER-FULL' as const] };
    const whole = await judgeRun(o);
    expect(whole.rules[0]!.status).toBe('fail');
    // Every question of the random phase is answered "go on"; the shrinking's first is "stop".
    let asked = 0;
    const random = 10 * 3;
    const r = await judgeRun({ ...o, stopWhen: () => ++asked > random });
    expect(r.rules[0]!.status).toBe('fail');
    expect(r.stoppedEarly?.shrinkingCut).toEqual(['POINTER-FULL']);
    expect(r.rules[0]!.counterexample!.shrink).toMatchObject({ stopped: true });
  });
});
