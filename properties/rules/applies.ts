/** When rules apply (spec/SPEC.md "Rules by arm" and "Levers"): the pieces rule modules share. */
import type { LeverName, Mode } from '../../src/core/levers.ts';
import { offersDiff } from '../../src/adapters/capabilities.ts';
import { smallestDiffResponse } from '../oracle/smallest-diff.ts';
import type { Applicability } from './types.ts';

/** Applicable everywhere. */
export const applies = (): undefined => undefined;

/** The lever stands behind the rule in every mode. */
export const always = (lever: LeverName) => (): LeverName => lever;

export function lacks(mode: Mode, lever: LeverName): string {
  return mode.arm !== undefined ? `arm ${mode.arm} has no ${lever} lever` : `the shim declares no ${lever} lever`;
}

/** Applicable only when `lever` is in force. */
export const behind =
  (lever: LeverName) =>
  ({ mode }: Applicability): string | undefined =>
    mode.levers[lever] ? undefined : lacks(mode, lever);

/** Why a shim keeps no ledger in this mode, if it keeps none. */
export function noLedger(mode: Mode): string | undefined {
  if (mode.levers.on) return undefined;
  return mode.arm !== undefined ? 'the off arm keeps no ledger' : 'a shim with no lever keeps no ledger';
}

export const NO_SURFACE = 'the adapter declares no arm surface (arms + surface.resolveArm)';

/** The diff rules: a diff capability, the diff lever in force, and a fixed cap that leaves room for a diff. */
export function diffApplies({ mode, caps, run }: Applicability): string | undefined {
  const lv = mode.levers;
  // A lever shim's diff capability is its diff lever: name the lever (spec/SPEC.md "Levers").
  if (!offersDiff(caps))
    return caps.levers !== undefined ? lacks(mode, 'diff') : 'the adapter declares no diff capability';
  if (!lv.diff) return lacks(mode, 'diff');
  if (lv.cap && run.fixedCap !== undefined) {
    const least = smallestDiffResponse(caps.seal ? run.seal : undefined);
    if (run.fixedCap < least)
      return `cap ${run.fixedCap} is below the smallest diff response a strict applier accepts (${least} bytes: file headers and one hunk${caps.seal ? ', plus the seal' : ''}), so no truthful shim can send a diff`;
  }
  return undefined;
}
