/** Spec 2.2's truthful designs and their lying twins, for spec-2.2.int.test.ts and spec-2.2.long.test.ts. */
import type { ShimAdapter } from '../../../src/core/contract.ts';
import type { RuleId } from '../../../src/core/rules.ts';
import windowCover, { bounded, diskCover } from '../../../examples/designs/window-cover.ts';
import nameLedger, { forgetByTarget, statKeyed } from '../../../examples/designs/name-ledger.ts';
import { sharedLedger } from '../../../examples/designs/half-cap.ts';
import lineNotice, { offByOne } from '../../../examples/designs/line-notice.ts';
import sizeWithheld, { recordsWithheld, saysUnchanged } from '../../../examples/designs/size-withheld.ts';

export const TRUTHFUL: readonly (readonly [string, ShimAdapter])[] = [
  ['window-cover', windowCover],
  ['window-cover bounded', bounded],
  ['name-ledger', nameLedger],
  ['line-notice', lineNotice],
  ['size-withheld', sizeWithheld],
];

/** Each lying twin and the rule its lie must fail (its story's rule). */
export const TWINS: readonly (readonly [string, ShimAdapter, RuleId])[] = [
  ['window-cover diskCover', diskCover, 'POINTER-FULL'],
  ['name-ledger statKeyed', statKeyed, 'POINTER-FULL'],
  ['name-ledger forgetByTarget', forgetByTarget, 'FORGET-RESETS'],
  ['half-cap sharedLedger', sharedLedger, 'ISOLATION'],
  ['line-notice offByOne', offByOne, 'DIFF-COMPLETE'],
  ['size-withheld saysUnchanged', saysUnchanged, 'REFUSAL-TRUE'],
  ['size-withheld recordsWithheld', recordsWithheld, 'POINTER-FULL'],
];
