/** What a surface probe found: checks run and violations, each with a short story. */
import type { RuleId } from '../../src/core/rules.ts';

export interface ProbeFinding {
  readonly rule: RuleId;
  readonly message: string;
  /** Numbered steps that reproduce the finding. */
  readonly story: readonly string[];
}

export interface ProbeResult {
  readonly checks: Map<RuleId, number>;
  readonly findings: ProbeFinding[];
  /** Reads the shim answered with a crash (a rejection without the tool's error), as "TypeError: …". */
  readonly crashes: string[];
}

export function emptyResult(): ProbeResult {
  return { checks: new Map(), findings: [], crashes: [] };
}

export function count(r: ProbeResult, rule: RuleId, times = 1): void {
  r.checks.set(rule, (r.checks.get(rule) ?? 0) + times);
}

export function describeValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
  if (v === undefined) return 'undefined';
  if (typeof v === 'object' && v !== null) return Array.isArray(v) ? '[]' : '{}';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects returned above: a primitive, null or a function
  return String(v);
}

export const errorName = (e: unknown): string => (e instanceof Error ? e.name : typeof e);
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
