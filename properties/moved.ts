/**
 * Verdicts that moved with spec 2.2 (spec/SPEC.md "Changelog"): a replayed trace of an older spec
 * is judged twice over the same outcomes — by the current rules and as spec 2.1 did — and every
 * (rule, step) found by one and not the other is told with the semantic change behind it. A saved
 * failure that passes only because of it is "fixed by spec 2.2", never a fix of the shim.
 */
import type { RuleId } from '../src/core/rules.ts';
import { resolvePath } from '../src/core/paths.ts';
import type { Outcome } from '../src/harness/session.ts';
import type { Violation } from './oracle/judge.ts';
import type { MovedVerdict } from './result.ts';

export type { MovedVerdict } from './result.ts';

const DERIVED: ReadonlySet<RuleId> = new Set<RuleId>(['FORGET-RESETS', 'ISOLATION', 'PASSTHROUGH', 'STALE-NO-RECORD']);

const key = (v: Violation): string => `${v.index}\u0000${v.rule}`;

/** The change that moved a finding at outcome `o`. */
function reasonAt(o: Outcome | undefined, before: readonly Outcome[], swapped: boolean): string {
  if (swapped) return 'blame by law: a derived rule takes a finding only where its own law is broken';
  if (o?.kind !== 'read') return 'knowledge as deliveries';
  const args = o.event.args;
  if (args !== undefined && (args.offset !== undefined || args.limit !== undefined))
    return 'knowledge as deliveries: a window of text a complete delivery showed is held';
  if (o.name !== undefined && o.realpath !== undefined && o.name !== o.realpath)
    return 'knowledge as deliveries: what a name showed (a link, a retarget) is judged by the name asked';
  const forgotByName = before.some(
    (b) =>
      b.kind === 'other' &&
      b.event.type === 'forget' &&
      b.event.worker === o.event.worker &&
      b.event.path !== undefined &&
      b.name !== undefined &&
      b.name !== (b.identity ?? resolvePath(b.event.path)),
  );
  if (forgotByName) return 'forget by name: a forget removes what was delivered under its name only';
  return 'knowledge as deliveries: the latest delivery under the name or of the identity decides';
}

/** Every (rule, step) one judgement found and the other did not, with its reason. */
export function movedVerdicts(
  replay: string,
  outcomes: readonly Outcome[],
  now: readonly Violation[],
  was: readonly Violation[],
): MovedVerdict[] {
  const nowKeys = new Set(now.map(key));
  const wasKeys = new Set(was.map(key));
  const byIndex = new Map(outcomes.map((o) => [o.index, o]));
  const rulesAt = (vs: readonly Violation[], i: number): RuleId[] => vs.filter((v) => v.index === i).map((v) => v.rule);
  const out: MovedVerdict[] = [];
  const seen = new Set<string>();
  const tell = (v: Violation, state: 'lie' | 'true'): void => {
    if (seen.has(key(v))) return;
    seen.add(key(v));
    // A finding that changed hands at its step (a derived rule's ↔ a knowledge rule's) is blame; one that vanished is knowledge.
    const other = (state === 'lie' ? rulesAt(was, v.index) : rulesAt(now, v.index)).filter((r) => r !== v.rule);
    const swapped = other.length > 0 && (DERIVED.has(v.rule) || other.some((r) => DERIVED.has(r)));
    const o = byIndex.get(v.index);
    out.push({
      replay,
      rule: v.rule,
      step: v.index + 1,
      now: state,
      reason: reasonAt(
        o,
        outcomes.filter((b) => b.index < v.index),
        swapped,
      ),
    });
  };
  for (const v of was) if (!nowKeys.has(key(v))) tell(v, 'true');
  for (const v of now) if (!wasKeys.has(key(v))) tell(v, 'lie');
  return out.sort((a, b) => a.step - b.step || (a.rule < b.rule ? -1 : 1));
}

/** The report's line for a moved verdict. */
export function movedLine(m: MovedVerdict): string {
  return `verdict moved by spec 2.2: ${m.rule} at step ${m.step} of ${m.replay} is ${m.now === 'true' ? 'no longer a lie' : 'now a lie'} (${m.reason})`;
}

/** Rules a saved failure fails no more only because of spec 2.2 (it failed them as 2.1 judged the same outcomes). */
export function fixedBySpec(now: readonly Violation[], was: readonly Violation[]): RuleId[] {
  const still = new Set(now.map((v) => v.rule));
  return [...new Set(was.map((v) => v.rule))].filter((r) => !still.has(r)).sort();
}
