/** Where each rule is judged in properties/ (GATES.md's "property" column; a test keeps it true). */
import type { RuleId } from '../core/rules.ts';

const J = 'properties/oracle/judge.ts';
export const RULE_PROPERTY: Readonly<Record<RuleId, readonly string[]>> = Object.freeze({
  'POINTER-FULL': [J],
  'SLICE-EXACT': [J],
  'SLICE-CONTINUES': [J],
  'DONE-TRUE': [J],
  'DIFF-COMPLETE': [J, 'properties/oracle/strict-patch.ts'],
  'DIFF-BASE-HELD': [J],
  'UTF8-WHOLE': [J],
  'CAP-BOUND': [J],
  PROGRESS: [J],
  ISOLATION: [J],
  'STALE-NO-RECORD': [J],
  'FORGET-RESETS': [J],
  PASSTHROUGH: [J],
  'REFUSAL-TRUE': [J],
  'ARM-GUARD': ['properties/surface/arm-guard.ts'],
  'ARM-TABLE': ['properties/surface/arm-guard.ts', 'properties/surface/arm-behaviour.ts', J],
  'OFF-IDENTITY': ['properties/surface/off-identity.ts'],
  'FIRST-VERBATIM': [J],
  'A2-NO-POINTER': [J, 'properties/surface/arm-behaviour.ts'],
  'PERSONA-TRUTH': ['properties/surface/persona.ts'],
  'COUNT-EXACT': [J],
  'STALE-SERVE-LABELLED': [J],
  'CAP-PARAM': ['properties/surface/cap-param.ts'],
  'NOTICE-SEALED': [J, 'properties/surface/persona.ts'],
});
