/**
 * Whether a rule must be exercised in a run, or is n/a and why (spec/SPEC.md "Rules by arm" and
 * "Levers"), derived from each rule's module (properties/rules/). A rule that is n/a still
 * fails if a violation of it is observed.
 */
import { LEVER_NAMES, modeOfLevers, type LeverName, type Mode } from '../src/core/levers.ts';
import { RULE_IDS, type RuleId } from '../src/core/rules.ts';
import type { Capabilities } from '../src/core/contract.ts';
import type { LeverUse } from './lever-use.ts';
import { RULES_BY_ID, type RunShape } from './rules/index.ts';

export type { RunShape };

const ALL_LEVERS = modeOfLevers(LEVER_NAMES);

/** undefined = applicable; otherwise the reason it is n/a. */
export function notApplicable(rule: RuleId, mode: Mode, caps: Capabilities, run: RunShape): string | undefined {
  return RULES_BY_ID[rule].notApplicable({ mode, caps, run });
}

/**
 * Rules a lever stands behind with every lever in force: a declared lever never used leaves them
 * n/a (declining is legal). CAP-BOUND is not listed: only without the cap lever does the diff lever stand behind it.
 */
export const LEVER_RULES: Readonly<Record<LeverName, readonly RuleId[]>> = Object.freeze({
  pointer: rulesBehind('pointer'),
  cap: rulesBehind('cap'),
  diff: rulesBehind('diff'),
});

function rulesBehind(lever: LeverName): readonly RuleId[] {
  return RULE_IDS.filter((id) => RULES_BY_ID[id].lever?.(ALL_LEVERS) === lever);
}

/** Opportunities a declared lever must have been offered, unused, before its rules are n/a rather than unexercised. */
export const UNUSED_LEVER_OPPORTUNITIES = 10;

/**
 * For a rule with no check: "lever declared but never used (N opportunities)" when a lever in
 * force stands behind it and was offered often enough; undefined otherwise (then it is unexercised).
 */
export function unusedLever(rule: RuleId, mode: Mode, use: Readonly<LeverUse>): string | undefined {
  if (RULES_BY_ID[rule].everyLever === true) return noLeverUsed(mode, use);
  const lever = RULES_BY_ID[rule].lever?.(mode);
  if (lever === undefined || !mode.levers[lever]) return undefined;
  const { offered, used } = use[lever];
  if (used === 0 && offered >= UNUSED_LEVER_OPPORTUNITIES)
    return `${lever} lever declared but never used (${offered.toLocaleString('en-US')} opportunities)`;
  return undefined;
}

/**
 * A rule every lever stands behind (FORGET-RESETS: only a pointer, continuation or diff can rely on
 * an earlier delivery): n/a when every lever in force was offered often enough and never used.
 */
function noLeverUsed(mode: Mode, use: Readonly<LeverUse>): string | undefined {
  const inForce = LEVER_NAMES.filter((l) => mode.levers[l]);
  if (inForce.length === 0) return undefined;
  if (!inForce.every((l) => use[l].used === 0 && use[l].offered >= UNUSED_LEVER_OPPORTUNITIES)) return undefined;
  const offers = inForce.map((l) => `${l} ${use[l].offered.toLocaleString('en-US')}`).join(', ');
  return `every lever declared but never used (${offers} opportunities): no response relied on an earlier delivery`;
}
