/**
 * How often each lever was offered to the shim (a response where it could have been used) and how
 * often the shim used it. A declared lever never used despite enough offers leaves its rules n/a
 * (declining is always legal); a lever used at all leaves them to be exercised.
 */
import type { LeverName } from '../src/core/levers.ts';

export type LeverUse = Record<LeverName, { offered: number; used: number }>;

export const emptyLeverUse = (): LeverUse => ({
  pointer: { offered: 0, used: 0 },
  cap: { offered: 0, used: 0 },
  diff: { offered: 0, used: 0 },
});

export function addLeverUse(into: LeverUse, from: Readonly<LeverUse> | undefined): void {
  if (from === undefined) return;
  for (const k of ['pointer', 'cap', 'diff'] as const) {
    into[k].offered += from[k].offered;
    into[k].used += from[k].used;
  }
}
