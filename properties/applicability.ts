/**
 * The rule × arm table (spec/SPEC.md "Rules by arm"): whether a rule must be exercised in a run,
 * or is n/a and why. A rule that is n/a still fails if a violation of it is observed.
 */
import { ARM_TABLE, type ArmName } from '../core/arms.ts';
import type { RuleId } from '../core/rules.ts';
import type { Capabilities } from '../adapters/contract.ts';

/** undefined = applicable; otherwise the reason it is n/a. */
export function notApplicable(rule: RuleId, arm: ArmName, caps: Capabilities): string | undefined {
  const lv = ARM_TABLE[arm];
  const armSays = (lever: string) => `arm ${arm} has no ${lever} lever`;
  switch (rule) {
    case 'POINTER-FULL':
      return lv.pointer ? undefined : armSays('pointer');
    case 'SLICE-CONTINUES':
    case 'UTF8-WHOLE':
    case 'PROGRESS':
      return lv.cap ? undefined : armSays('cap');
    case 'DONE-TRUE':
      return lv.cap ? undefined : armSays('cap');
    case 'DIFF-COMPLETE':
    case 'DIFF-BASE-HELD':
      if (!caps.diff) return 'the adapter declares no diff capability';
      return lv.diff ? undefined : armSays('diff');
    case 'CAP-BOUND':
      if (lv.cap) return undefined;
      return lv.diff && caps.diff ? undefined : armSays('cap');
    case 'ISOLATION':
      return lv.on ? undefined : 'the off arm keeps no ledger';
    case 'STALE-NO-RECORD':
      if (!caps.staleServe) return 'the adapter declares no stale serve';
      return lv.cap ? undefined : 'the stale serve runs only under a capping arm';
    case 'FORGET-RESETS':
      if (!lv.on) return 'the off arm keeps no ledger';
      if (caps.hostNeverCompacts) return 'ASSUMED: the adapter declares its host never compacts or rewinds';
      return undefined;
    case 'SLICE-EXACT':
    case 'PASSTHROUGH':
    case 'REFUSAL-TRUE':
    case 'FIRST-VERBATIM':
    case 'ARM-TABLE':
      return undefined;
    case 'ARM-GUARD':
      return caps.armResolver ? undefined : 'the adapter exposes no arm resolver (surface.resolveArm)';
    case 'OFF-IDENTITY':
      if (!caps.arms.includes('off')) return 'the adapter declares no off arm';
      return caps.wrapTool ? undefined : 'the adapter exposes no tool wrapping (surface.wrapTool)';
    case 'A2-NO-POINTER':
      return caps.arms.includes('diff') ? undefined : 'the adapter declares no diff arm';
    case 'PERSONA-TRUTH':
      return caps.persona ? undefined : 'the adapter exposes no persona (surface.persona)';
    case 'COUNT-EXACT':
      return caps.counters ? undefined : 'the adapter exposes no counters';
    case 'STALE-SERVE-LABELLED':
      return caps.staleServe ? undefined : 'the adapter declares no stale serve';
    case 'CAP-PARAM':
      return caps.capParam ? undefined : 'the adapter takes no cap parameter';
    case 'NOTICE-SEALED':
      return caps.seal ? undefined : 'the adapter declares its notices carry no seal';
  }
}
