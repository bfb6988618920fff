/**
 * False verdicts found while writing the truthful designs of examples/designs/ (issue 11, "Done
 * when"), each as the smallest case that shows it.
 */
import { describe, expect, it } from 'vitest';
import { modeOfLevers } from '../../core/levers.ts';
import { unusedLever } from '../../properties/applicability.ts';
import { emptyLeverUse } from '../../properties/lever-use.ts';

describe('a declared lever never used leaves every rule it stands behind n/a', () => {
  const unused = { ...emptyLeverUse(), pointer: { offered: 40, used: 12 }, diff: { offered: 389, used: 0 } };

  it('CAP-BOUND of a shim without the cap lever stands behind the diff lever (a diff that always declines)', () => {
    // Was: CAP-BOUND UNEXERCISED (0 checks) for levers [pointer, diff] whose diff always declines,
    // while DIFF-COMPLETE and DIFF-BASE-HELD were n/a — README: diff → DIFF-* (+ CAP-BOUND).
    expect(unusedLever('CAP-BOUND', modeOfLevers(['pointer', 'diff']), unused)).toBe('diff lever declared but never used (389 opportunities)');
  });

  it('but not when the diff lever was used, nor when the cap lever is there to exercise CAP-BOUND', () => {
    const used = { ...unused, diff: { offered: 389, used: 1 } };
    expect(unusedLever('CAP-BOUND', modeOfLevers(['pointer', 'diff']), used)).toBeUndefined();
    expect(unusedLever('CAP-BOUND', modeOfLevers(['cap', 'diff']), unused)).toBeUndefined();
    expect(unusedLever('CAP-BOUND', modeOfLevers(['pointer']), unused)).toBeUndefined();
  });
});
