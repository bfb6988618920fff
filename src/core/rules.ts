/**
 * The stable rule IDs (spec/SPEC.md, one section each), by kind. Each rule is one module,
 * properties/rules/<RULE-ID>.ts: its kind, law, applicability and judge (properties/rules/index.ts
 * checks these lists against the modules).
 */

export const TRUTH_RULES = [
  'POINTER-FULL',
  'SLICE-EXACT',
  'SLICE-CONTINUES',
  'DONE-TRUE',
  'DIFF-COMPLETE',
  'DIFF-BASE-HELD',
  'UTF8-WHOLE',
  'CAP-BOUND',
  'PROGRESS',
  'ISOLATION',
  'STALE-NO-RECORD',
  'FORGET-RESETS',
  'PASSTHROUGH',
  'REFUSAL-TRUE',
] as const;

export const SURFACE_RULES = [
  'ARM-GUARD',
  'ARM-TABLE',
  'OFF-IDENTITY',
  'FIRST-VERBATIM',
  'A2-NO-POINTER',
  'PERSONA-TRUTH',
  'COUNT-EXACT',
  'STALE-SERVE-LABELLED',
  'CAP-PARAM',
  'NOTICE-SEALED',
] as const;

export type TruthRuleId = (typeof TRUTH_RULES)[number];
export type SurfaceRuleId = (typeof SURFACE_RULES)[number];
export type RuleId = TruthRuleId | SurfaceRuleId;

export const RULE_IDS: readonly RuleId[] = Object.freeze([...TRUTH_RULES, ...SURFACE_RULES]);

export function isRuleId(s: string): s is RuleId {
  return (RULE_IDS as readonly string[]).includes(s);
}
