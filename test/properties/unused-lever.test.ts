/** A declared lever never used leaves the rules behind it n/a (properties/applicability.ts unusedLever). */
import { describe, expect, it } from 'vitest';
import { modeOfLevers } from '../../src/core/levers.ts';
import { UNUSED_LEVER_OPPORTUNITIES, unusedLever } from '../../properties/applicability.ts';
import { emptyLeverUse } from '../../properties/lever-use.ts';

const offered = (lever: 'pointer' | 'cap' | 'diff', n: number, used = 0) => {
  const u = emptyLeverUse();
  u[lever] = { offered: n, used };
  return u;
};

describe('CAP-BOUND behind the diff lever', () => {
  it('without the cap lever, a diff never used leaves CAP-BOUND n/a with the diff rules', () => {
    const m = modeOfLevers(['pointer', 'diff']);
    for (const rule of ['CAP-BOUND', 'DIFF-COMPLETE', 'DIFF-BASE-HELD'] as const)
      expect(unusedLever(rule, m, offered('diff', UNUSED_LEVER_OPPORTUNITIES))).toMatch(
        /^diff lever declared but never used/,
      );
  });
  it('not when the diff lever was used, or offered too seldom', () => {
    const m = modeOfLevers(['diff']);
    expect(unusedLever('CAP-BOUND', m, offered('diff', 50, 1))).toBeUndefined();
    expect(unusedLever('CAP-BOUND', m, offered('diff', UNUSED_LEVER_OPPORTUNITIES - 1))).toBeUndefined();
  });
  it('with the cap lever CAP-BOUND judges every slice: an unused diff does not excuse it', () => {
    expect(unusedLever('CAP-BOUND', modeOfLevers(['cap', 'diff']), offered('diff', 50))).toBeUndefined();
  });
});
