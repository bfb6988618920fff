/**
 * Levers (spec/SPEC.md "Levers"): what a shim may do to a read. A shim declares either an arm
 * surface (`arms`, the four presets of §3) or the levers it may use (`levers`, any subset); a
 * history runs under one Mode, the levers in force.
 */
import { ARM_TABLE, type ArmName, type Levers } from './arms.ts';

export type LeverName = 'pointer' | 'cap' | 'diff';
export const LEVER_NAMES: readonly LeverName[] = Object.freeze(['pointer', 'cap', 'diff']);

export function isLeverName(s: unknown): s is LeverName {
  return (LEVER_NAMES as readonly unknown[]).includes(s);
}

/** The levers in force for a history: an arm's row, or a declared lever set (then `arm` is absent). */
export interface Mode {
  readonly arm?: ArmName;
  readonly levers: Levers;
}

export function modeOfArm(arm: ArmName): Mode {
  return { arm, levers: ARM_TABLE[arm] };
}

export function modeOfLevers(list: readonly LeverName[]): Mode {
  const has = (l: LeverName) => list.includes(l);
  return {
    levers: Object.freeze({
      on: list.length > 0,
      cap: has('cap'),
      pointer: has('pointer'),
      diff: has('diff'),
      g1: has('cap'),
    }),
  };
}

/** The lever names a Levers row switches on, in LEVER_NAMES order. */
export function leverList(l: Levers): LeverName[] {
  return LEVER_NAMES.filter((n) => l[n]);
}

/** "arm cap" or "levers [pointer, diff]" — how stories and reports name a mode. */
export function describeMode(m: Mode): string {
  return m.arm !== undefined ? `arm ${m.arm}` : `levers [${leverList(m.levers).join(', ')}]`;
}
