/**
 * Every rule, one module each (properties/rules/<RULE-ID>.ts; what a module holds: types.ts). The
 * oracle loops over this registry; GATES.md, README's rule table, the docs' cross-columns and every
 * count of rules are derived from it (`npm run docs:write`). To add a rule: write its module and
 * its spec/SPEC.md section, then `npm run docs:write` (docs/CONTRIBUTING.md "Adding a rule").
 */
import { RULE_IDS, type RuleId, type SurfaceRuleId, type TruthRuleId } from '../../src/core/rules.ts';
import { RULE_MODULES } from './modules.ts';
import type { RuleKind, RuleModule } from './types.ts';

export type { Applicability, RuleJudge, RuleKind, RuleModule, RunShape } from './types.ts';
export { RULE_MODULES } from './modules.ts';

type Module = (typeof RULE_MODULES)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The generated ID lists of src/core/rules.ts and the modules agree, kind by kind (`npm run docs:write` writes both).
const agree: [
  Same<Module['id'], RuleId>,
  Same<Extract<Module, { kind: 'truth' }>['id'], TruthRuleId>,
  Same<Extract<Module, { kind: 'surface' }>['id'], SurfaceRuleId>,
] = [true, true, true];
void agree;

/** Each rule's module, by ID. */
export const RULES_BY_ID: Readonly<Record<RuleId, RuleModule<RuleId>>> = Object.freeze(
  Object.fromEntries(RULE_MODULES.map((m) => [m.id, m])) as Record<RuleId, RuleModule<RuleId>>,
);

export interface RuleInfo {
  readonly id: RuleId;
  readonly kind: RuleKind;
  /** The law in one sentence (the long form is in spec/SPEC.md). */
  readonly law: string;
}

/** The rules in ID order (src/core/rules.ts), each with its kind and law. */
export const RULES: readonly RuleInfo[] = Object.freeze(
  RULE_IDS.map((id) => Object.freeze({ id, kind: RULES_BY_ID[id].kind, law: RULES_BY_ID[id].law } as const)),
);
