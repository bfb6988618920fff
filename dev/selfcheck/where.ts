/** Where each rule is judged in properties/ (GATES.md's "property" column): its module, and the surface probes it names. */
import { RULE_IDS, type RuleId } from '../../src/core/rules.ts';
import { RULES_BY_ID } from '../../properties/rules/index.ts';

export const RULE_PROPERTY: Readonly<Record<RuleId, readonly string[]>> = Object.freeze(
  Object.fromEntries(
    RULE_IDS.map((id): [RuleId, readonly string[]] => [
      id,
      [`properties/rules/${id}.ts`, ...new Set((RULES_BY_ID[id].probes ?? []).map((p) => p.file))],
    ]),
  ) as Record<RuleId, readonly string[]>,
);
