/** Arm flag → levers (spec/SPEC.md "The arms"). ARM-GUARD, ARM-TABLE. */

export type ArmFlag = false | undefined | 'cap' | 'diff' | true;

export interface Arm {
  readonly name: 'off' | 'cap' | 'diff' | 'all';
  readonly on: boolean;
  readonly cap: boolean;
  readonly pointer: boolean;
  readonly diff: boolean;
  readonly g1: boolean;
}

export const ARM_OFF: Arm = Object.freeze({
  name: 'off',
  on: false,
  cap: false,
  pointer: false,
  diff: false,
  g1: false,
});
export const ARM_CAP: Arm = Object.freeze({ name: 'cap', on: true, cap: true, pointer: true, diff: false, g1: true });
export const ARM_DIFF: Arm = Object.freeze({
  name: 'diff',
  on: true,
  cap: false,
  pointer: false,
  diff: true,
  g1: false,
});
export const ARM_ALL: Arm = Object.freeze({ name: 'all', on: true, cap: true, pointer: true, diff: true, g1: true });

export const LEGAL_ARM_SPELLINGS = "false, undefined, 'cap', 'diff' or true";

function describe(flag: unknown): string {
  if (typeof flag === 'string') return JSON.stringify(flag);
  if (typeof flag === 'bigint') return `${flag}n`;
  if (typeof flag === 'function') return 'a function';
  if (typeof flag === 'object' && flag !== null) return 'an object';
  return String(flag);
}

/** Strict: every test is `===`; anything else throws at once (ARM-GUARD). */
export function resolveArm(flag: unknown): Arm {
  if (flag === false || flag === undefined) return ARM_OFF;
  if (flag === 'cap') return ARM_CAP;
  if (flag === 'diff') return ARM_DIFF;
  if (flag === true) return ARM_ALL;
  throw new TypeError(`readshim: unknown arm ${describe(flag)}; the legal spellings are ${LEGAL_ARM_SPELLINGS}`);
}
