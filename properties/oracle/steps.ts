/**
 * The rule registry (properties/rules/) arranged by the oracle's steps, once: which rules check at
 * each step of an outcome, in the order their findings are told (registry order; knowledge and
 * derived checks by their declared order), and which rule a claim's missing body fails.
 */
import type { ClaimKind } from '../../src/core/claims.ts';
import type { RuleId } from '../../src/core/rules.ts';
import { RULE_MODULES } from '../rules/modules.ts';
import type { DerivedCheck, KnowledgeCheck, RuleJudge } from '../rules/types.ts';
import type {
  AnsweredRead,
  CountedBatch,
  FailedRead,
  Progressing,
  RefusedRead,
  StaleAnswer,
  StaleServe,
  Tell,
  WithheldRead,
} from './context.ts';

/** The context each step's checks see. */
export interface StepContext {
  failedRead: FailedRead;
  refusedRead: RefusedRead;
  surface: AnsweredRead;
  exactness: AnsweredRead;
  progress: Progressing;
  withheld: WithheldRead;
  batch: CountedBatch;
  staleAnswer: StaleAnswer;
  staleSurface: StaleServe;
  staleClaim: StaleServe;
}

export type StepName = keyof StepContext;

type Hooks<S extends StepName> = readonly (readonly [RuleId, (c: StepContext[S], t: Tell) => void])[];

function hooks<S extends StepName>(step: S): Hooks<S> {
  const out: (readonly [RuleId, (c: StepContext[S], t: Tell) => void])[] = [];
  for (const m of RULE_MODULES) {
    const hook = m.judge[step] as ((c: StepContext[S], t: Tell) => void) | undefined;
    if (hook !== undefined) out.push([m.id, hook]);
  }
  return Object.freeze(out);
}

export const STEPS: { readonly [S in StepName]: Hooks<S> } = Object.freeze({
  failedRead: hooks('failedRead'),
  refusedRead: hooks('refusedRead'),
  surface: hooks('surface'),
  exactness: hooks('exactness'),
  progress: hooks('progress'),
  withheld: hooks('withheld'),
  batch: hooks('batch'),
  staleAnswer: hooks('staleAnswer'),
  staleSurface: hooks('staleSurface'),
  staleClaim: hooks('staleClaim'),
});

type Ruled<T> = T & { readonly rule: RuleId };

function ordered<T extends { readonly order: number }>(pick: (j: RuleJudge) => T | undefined): readonly Ruled<T>[] {
  const out: Ruled<T>[] = [];
  for (const m of RULE_MODULES) {
    const x = pick(m.judge);
    if (x !== undefined) out.push({ ...x, rule: m.id });
  }
  return Object.freeze(out.sort((a, b) => a.order - b.order));
}

/** The rules judged against what the worker holds, in the order their findings are told. */
export const KNOWLEDGE: readonly Ruled<KnowledgeCheck>[] = ordered((j) => j.knowledge);

/** The knowledge rules by ID (the findings a shadow model or the as-claimed model can explain). */
export const KNOWLEDGE_RULES: ReadonlyMap<RuleId, KnowledgeCheck> = new Map(KNOWLEDGE.map((k) => [k.rule, k]));

/** The derived rules, in the order they are asked to explain a finding. */
export const DERIVED: readonly Ruled<DerivedCheck>[] = ordered((j) => j.derived);

/** The rule a claim's body belongs to when the response text does not carry it (of a stale serve: `stale`). */
export const BACKERS: Readonly<Partial<Record<ClaimKind, RuleId>>> = Object.freeze(
  Object.fromEntries(RULE_MODULES.flatMap((m) => (m.judge.backs ?? []).map((k) => [k, m.id]))),
);
