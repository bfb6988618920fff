/**
 * False verdicts found while writing the truthful designs of examples/designs/, each as the smallest case that shows it.
 */
import { describe, expect, it } from 'vitest';
import { modeOfArm, modeOfLevers } from '../../../src/core/levers.ts';
import { notApplicable, unusedLever } from '../../../properties/applicability.ts';
import type { Capabilities } from '../../../src/core/contract.ts';
import { emptyLeverUse } from '../../../properties/lever-use.ts';

describe('a declared lever never used leaves every rule it stands behind n/a', () => {
  const unused = { ...emptyLeverUse(), pointer: { offered: 40, used: 12 }, diff: { offered: 389, used: 0 } };

  it('CAP-BOUND of a shim without the cap lever stands behind the diff lever (a diff that always declines)', () => {
    // Was: CAP-BOUND UNEXERCISED (0 checks) for levers [pointer, diff] whose diff always declines,
    // while DIFF-COMPLETE and DIFF-BASE-HELD were n/a — README: diff → DIFF-* (+ CAP-BOUND).
    expect(unusedLever('CAP-BOUND', modeOfLevers(['pointer', 'diff']), unused)).toBe(
      'diff lever declared but never used (389 opportunities)',
    );
  });

  it('but not when the diff lever was used, nor when the cap lever is there to exercise CAP-BOUND', () => {
    const used = { ...unused, diff: { offered: 389, used: 1 } };
    expect(unusedLever('CAP-BOUND', modeOfLevers(['pointer', 'diff']), used)).toBeUndefined();
    expect(unusedLever('CAP-BOUND', modeOfLevers(['cap', 'diff']), unused)).toBeUndefined();
    expect(unusedLever('CAP-BOUND', modeOfLevers(['pointer']), unused)).toBeUndefined();
  });
});

describe('a rule whose lever is absent is n/a naming the lever (docs/guide/adapter.md "Levers or arms")', () => {
  const base: Capabilities = {
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
  };
  it('DIFF-* of a pointer-only shim say it declares no diff lever (was: "the adapter declares no diff capability")', () => {
    const caps = { ...base, levers: ['pointer'] as const };
    for (const id of ['DIFF-COMPLETE', 'DIFF-BASE-HELD'] as const)
      expect(notApplicable(id, modeOfLevers(['pointer']), caps, { seal: 's' })).toBe('the shim declares no diff lever');
  });
  it('an arm shim without the diff capability keeps its wording', () => {
    const caps = { ...base, arms: ['cap'] as const, diff: false };
    expect(notApplicable('DIFF-COMPLETE', modeOfArm('cap'), caps, { seal: 's' })).toBe(
      'the adapter declares no diff capability',
    );
  });
});
