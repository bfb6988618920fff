/**
 * Efficiency findings (spec/SPEC.md "Efficiency is not truth"): bytes a truthful shim sent that it
 * could have saved — re-sends across alias spellings, slices well short of a cap. Reported beside
 * the verdict and read by bench; never a rule, never an exit code.
 */
import type { TraceEvent } from '../src/core/trace.ts';
import type { EfficiencyFinding, EfficiencyKind } from './result.ts';
import type { HistoryVerdict } from './history.ts';
import { tellStory } from './story.ts';

export type { EfficiencyFinding } from './result.ts';

export type EfficiencyTally = Map<EfficiencyKind, { count: number; bytes: number; story: string[]; unit: number }>;

const HEADLINE: Readonly<Record<EfficiencyKind, string>> = {
  'alias-resend': 'bytes the worker already held re-sent because the path was spelled differently',
  'short-slice': 'partial slices that ended well short of a full cap (cap − 3 bytes)',
};

export function efficiencyHeadline(kind: EfficiencyKind): string {
  return HEADLINE[kind];
}

/** Adds a history's notes; the first note of each kind (in unit order) keeps its story. */
export function noteEfficiency(
  t: EfficiencyTally,
  v: HistoryVerdict,
  events: readonly TraceEvent[],
  unit: number,
): void {
  for (const note of v.efficiency) {
    const have = t.get(note.kind);
    if (have !== undefined && have.unit <= unit) {
      have.count++;
      have.bytes += note.bytes;
      continue;
    }
    const story = tellStory(
      events.slice(0, note.index + 1),
      v.outcomes.filter((o) => o.index <= note.index),
      [],
    );
    story.push(`   ~ ${note.message}`);
    t.set(note.kind, { count: (have?.count ?? 0) + 1, bytes: (have?.bytes ?? 0) + note.bytes, story, unit });
  }
}

export function efficiencyFindings(t: EfficiencyTally): EfficiencyFinding[] {
  return [...t.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, x]) => ({ kind, count: x.count, bytes: x.bytes, story: x.story, unit: x.unit }));
}

/** The findings of several shards as one (counts add; the earliest unit's story is kept). */
export function combineEfficiency(lists: readonly (readonly EfficiencyFinding[])[]): EfficiencyFinding[] {
  const t: EfficiencyTally = new Map();
  for (const list of lists)
    for (const f of list) {
      const have = t.get(f.kind);
      const unit = f.unit ?? -1;
      if (have === undefined) t.set(f.kind, { count: f.count, bytes: f.bytes, story: [...f.story], unit });
      else {
        have.count += f.count;
        have.bytes += f.bytes;
        if (unit < have.unit) Object.assign(have, { story: [...f.story], unit });
      }
    }
  return efficiencyFindings(t);
}
