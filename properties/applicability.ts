/**
 * Whether a rule must be exercised in a run, or is n/a and why (spec/SPEC.md "Rules by arm" and
 * "Levers"). A rule that is n/a still fails if a violation of it is observed.
 */
import type { Mode } from '../core/levers.ts';
import type { RuleId } from '../core/rules.ts';
import type { Capabilities } from '../adapters/contract.ts';
import { declaredArms, hasArmSurface, offersDiff } from '../adapters/capabilities.ts';
import type { LeverUse } from './lever-use.ts';
import { smallestDiffResponse } from './oracle/smallest-diff.ts';

export interface RunShape {
  /** The one cap every history uses (--cap or capabilities.cap), if fixed. */
  readonly fixedCap?: number;
  readonly seal: string;
}

/** undefined = applicable; otherwise the reason it is n/a. */
export function notApplicable(rule: RuleId, mode: Mode, caps: Capabilities, run: RunShape): string | undefined {
  const lv = mode.levers;
  const lacks = (lever: string) =>
    mode.arm !== undefined ? `arm ${mode.arm} has no ${lever} lever` : `the shim declares no ${lever} lever`;
  const noSurface = 'the adapter declares no arm surface (arms + surface.resolveArm)';
  switch (rule) {
    case 'POINTER-FULL':
      return lv.pointer ? undefined : lacks('pointer');
    case 'SLICE-CONTINUES':
    case 'UTF8-WHOLE':
    case 'PROGRESS':
    case 'DONE-TRUE':
      return lv.cap ? undefined : lacks('cap');
    case 'DIFF-COMPLETE':
    case 'DIFF-BASE-HELD': {
      // A lever shim's diff capability is its diff lever: name the lever (spec/SPEC.md "Levers").
      if (!offersDiff(caps))
        return caps.levers !== undefined ? lacks('diff') : 'the adapter declares no diff capability';
      if (!lv.diff) return lacks('diff');
      if (lv.cap && run.fixedCap !== undefined) {
        const least = smallestDiffResponse(caps.seal ? run.seal : undefined);
        if (run.fixedCap < least)
          return `cap ${run.fixedCap} is below the smallest diff response a strict applier accepts (${least} bytes: file headers and one hunk${caps.seal ? ', plus the seal' : ''}), so no truthful shim can send a diff`;
      }
      return undefined;
    }
    case 'CAP-BOUND':
      if (lv.cap) return undefined;
      return lv.diff && offersDiff(caps) ? undefined : lacks('cap');
    case 'ISOLATION':
      return lv.on
        ? undefined
        : mode.arm !== undefined
          ? 'the off arm keeps no ledger'
          : 'a shim with no lever keeps no ledger';
    case 'STALE-NO-RECORD':
      if (!caps.staleServe) return 'the adapter declares no stale serve';
      return lv.cap ? undefined : 'the stale serve runs only under a capping arm';
    case 'FORGET-RESETS':
      if (!lv.on)
        return mode.arm !== undefined ? 'the off arm keeps no ledger' : 'a shim with no lever keeps no ledger';
      if (caps.hostNeverCompacts) return 'ASSUMED: the adapter declares its host never compacts or rewinds';
      return undefined;
    case 'SLICE-EXACT':
    case 'PASSTHROUGH':
    case 'REFUSAL-TRUE':
    case 'FIRST-VERBATIM':
      return undefined;
    case 'ARM-TABLE':
      return hasArmSurface(caps) ? undefined : noSurface;
    case 'ARM-GUARD':
      return hasArmSurface(caps)
        ? undefined
        : caps.arms === undefined
          ? noSurface
          : 'the adapter exposes no arm resolver (surface.resolveArm)';
    case 'OFF-IDENTITY':
      if (!declaredArms(caps).includes('off'))
        return caps.arms === undefined ? noSurface : 'the adapter declares no off arm';
      return caps.wrapTool ? undefined : 'the adapter exposes no tool wrapping (surface.wrapTool)';
    case 'A2-NO-POINTER':
      if (!hasArmSurface(caps)) return noSurface;
      return declaredArms(caps).includes('diff') ? undefined : 'the adapter declares no diff arm';
    case 'PERSONA-TRUTH':
      return caps.persona && caps.arms !== undefined ? undefined : 'the adapter exposes no persona (surface.persona)';
    case 'COUNT-EXACT':
      return caps.counters ? undefined : 'the adapter exposes no counters';
    case 'STALE-SERVE-LABELLED':
      return caps.staleServe ? undefined : 'the adapter declares no stale serve';
    case 'CAP-PARAM':
      if (caps.cap !== undefined) return `the adapter has a fixed cap of ${caps.cap} bytes, not a cap parameter`;
      return caps.capParam ? undefined : 'the adapter takes no cap parameter';
    case 'NOTICE-SEALED':
      return caps.seal ? undefined : 'the adapter declares its notices carry no seal';
  }
}

/** Rules a lever stands behind: a declared lever never used leaves them n/a (declining is legal). */
export const LEVER_RULES: Readonly<Record<'pointer' | 'cap' | 'diff', readonly RuleId[]>> = Object.freeze({
  pointer: ['POINTER-FULL'],
  cap: ['SLICE-CONTINUES', 'UTF8-WHOLE', 'PROGRESS', 'DONE-TRUE'],
  diff: ['DIFF-COMPLETE', 'DIFF-BASE-HELD'],
});

/** Opportunities a declared lever must have been offered, unused, before its rules are n/a rather than unexercised. */
export const UNUSED_LEVER_OPPORTUNITIES = 10;

/**
 * For a rule with no check: "lever declared but never used (N opportunities)" when a lever in
 * force stands behind it and was offered often enough; undefined otherwise (then it is unexercised).
 */
export function unusedLever(rule: RuleId, mode: Mode, use: Readonly<LeverUse>): string | undefined {
  for (const lever of ['pointer', 'cap', 'diff'] as const) {
    // Without the cap lever, CAP-BOUND judges only diffs (notApplicable): the diff lever stands behind it.
    const behind = LEVER_RULES[lever].includes(rule) || (rule === 'CAP-BOUND' && lever === 'diff' && !mode.levers.cap);
    if (!mode.levers[lever] || !behind) continue;
    const { offered, used } = use[lever];
    if (used === 0 && offered >= UNUSED_LEVER_OPPORTUNITIES)
      return `${lever} lever declared but never used (${offered.toLocaleString('en-US')} opportunities)`;
  }
  return undefined;
}
