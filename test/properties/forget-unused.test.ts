/** FORGET-RESETS of a shim that never relies on an earlier delivery: n/a, not unexercised (properties/applicability.ts). */
import { describe, expect, it } from 'vitest';
import { modeOfLevers } from '../../src/core/levers.ts';
import { unusedLever } from '../../properties/applicability.ts';
import { emptyLeverUse } from '../../properties/lever-use.ts';

describe('FORGET-RESETS stands behind every lever in force', () => {
  const mode = modeOfLevers(['pointer', 'diff']);
  const never = { ...emptyLeverUse(), pointer: { offered: 65, used: 0 }, diff: { offered: 19, used: 0 } };

  it('every lever offered often enough and never used (an agent CLI without dedup): n/a, naming the offers', () => {
    expect(unusedLever('FORGET-RESETS', mode, never)).toBe(
      'every lever declared but never used (pointer 65, diff 19 opportunities): no response relied on an earlier delivery',
    );
  });

  it('one lever used, one offered too rarely, or no lever at all: it must be exercised (undefined)', () => {
    expect(unusedLever('FORGET-RESETS', mode, { ...never, pointer: { offered: 65, used: 1 } })).toBeUndefined();
    expect(unusedLever('FORGET-RESETS', mode, { ...never, diff: { offered: 9, used: 0 } })).toBeUndefined();
    expect(unusedLever('FORGET-RESETS', modeOfLevers([]), never)).toBeUndefined();
  });
});
