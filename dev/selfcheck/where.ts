/** Where each rule is judged in properties/ (GATES.md's "property" column; a test keeps it true), from properties/rules.ts. */
import { RULE_IDS, type RuleId } from '../../src/core/rules.ts';
import { RULE_SPECS } from '../../properties/rules.ts';

export const RULE_PROPERTY: Readonly<Record<RuleId, readonly string[]>> = Object.freeze(
  Object.fromEntries(RULE_IDS.map((id) => [id, RULE_SPECS[id].judgedIn])) as Record<RuleId, readonly string[]>,
);
