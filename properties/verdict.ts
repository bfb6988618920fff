/**
 * A rule's status from what a run saw of it: one place, so a split run combines to exactly the
 * verdict the unsplit run gives (properties/shard.ts).
 */
import type { RuleId } from '../src/core/rules.ts';

export type RuleStatus = 'pass' | 'fail' | 'n/a' | 'unexercised';

export interface Seen<F> {
  readonly checks: number;
  readonly failure?: F;
  /** Why the rule is n/a for this adapter and arm (undefined = it applies). */
  readonly na?: string;
  readonly replayOnly?: boolean;
  readonly minChecks: number;
  /** A declared lever behind this rule was offered but never used: n/a, never pass (declining is legal). */
  readonly unused?: string;
}

export interface Decided<F> {
  readonly id: RuleId;
  readonly status: RuleStatus;
  readonly checks: number;
  readonly reason?: string;
  readonly failure?: F;
}

export function decide<F>(id: RuleId, s: Seen<F>): Decided<F> {
  const { checks, failure, na, minChecks } = s;
  if (failure !== undefined) return { id, status: 'fail', checks, failure };
  if (s.replayOnly && checks === 0)
    return { id, status: 'n/a', checks, reason: 'the replayed trace does not exercise it' };
  if (na !== undefined && checks === 0) return { id, status: 'n/a', checks, reason: na };
  if (na?.startsWith('ASSUMED')) return { id, status: 'n/a', checks, reason: na };
  if (s.unused !== undefined && checks === 0) return { id, status: 'n/a', checks, reason: s.unused };
  if (checks < minChecks)
    return {
      id,
      status: 'unexercised',
      checks,
      reason: checks === 0 ? 'no check of this rule ran' : `only ${checks} checks ran (minimum ${minChecks})`,
    };
  return { id, status: 'pass', checks };
}
