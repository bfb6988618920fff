/** Arm names as the kit spells them on the CLI and in traces (spec/SPEC.md "The arms"). */
export type ArmName = 'off' | 'cap' | 'diff' | 'all';
export const ARM_NAMES: readonly ArmName[] = Object.freeze(['off', 'cap', 'diff', 'all']);

/** The levers an arm switches on. */
export interface Levers {
  readonly on: boolean;
  readonly cap: boolean;
  readonly pointer: boolean;
  readonly diff: boolean;
  readonly g1: boolean;
}

/** The arm table, as the kit's ground truth (independent of reference/). */
export const ARM_TABLE: Readonly<Record<ArmName, Levers>> = Object.freeze({
  off: Object.freeze({ on: false, cap: false, pointer: false, diff: false, g1: false }),
  cap: Object.freeze({ on: true, cap: true, pointer: true, diff: false, g1: true }),
  diff: Object.freeze({ on: true, cap: false, pointer: false, diff: true, g1: false }),
  all: Object.freeze({ on: true, cap: true, pointer: true, diff: true, g1: true }),
});

/** The legal flag value for each arm (what a host passes to the shim). */
export const ARM_FLAGS: Readonly<Record<ArmName, false | 'cap' | 'diff' | true>> = Object.freeze({
  off: false,
  cap: 'cap',
  diff: 'diff',
  all: true,
});

export function isArmName(s: string): s is ArmName {
  return (ARM_NAMES as readonly string[]).includes(s);
}
