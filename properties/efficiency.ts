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

/** Lines of an example's story kept whole; a longer one keeps its start and its last steps. */
const STORY_LINES = 20;

function abridge(story: string[]): void {
  if (story.length <= STORY_LINES) return;
  const cut = story.length - STORY_LINES + 3;
  story.splice(2, cut, `    … ${cut} steps not shown`);
}

/** The example a finding keeps: the shortest story, then the earliest unit (any shard order gives the same). */
const better = (
  a: { story: readonly string[]; unit: number },
  b: { story: readonly string[]; unit: number },
): boolean => a.story.length < b.story.length || (a.story.length === b.story.length && a.unit < b.unit);

/** Adds a history's notes; each kind keeps its shortest story (a session history's runs long). */
export function noteEfficiency(
  t: EfficiencyTally,
  v: HistoryVerdict,
  events: readonly TraceEvent[],
  unit: number,
): void {
  const told = new Set<EfficiencyKind>();
  for (const note of v.efficiency) {
    const have = t.get(note.kind);
    if (have !== undefined) {
      have.count++;
      have.bytes += note.bytes;
    }
    // within a history the first note of a kind has the shortest story: tell only that one
    if (told.has(note.kind)) continue;
    told.add(note.kind);
    const story = tellStory(
      events.slice(0, note.index + 1),
      v.outcomes.filter((o) => o.index <= note.index),
      [],
    );
    abridge(story);
    story.push(`   ~ ${note.message}`);
    if (have === undefined) t.set(note.kind, { count: 1, bytes: note.bytes, story, unit });
    else if (better({ story, unit }, have)) Object.assign(have, { story, unit });
  }
}

export function efficiencyFindings(t: EfficiencyTally): EfficiencyFinding[] {
  return [...t.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, x]) => ({ kind, count: x.count, bytes: x.bytes, story: x.story, unit: x.unit }));
}

/** The findings of several shards as one (counts add; the shortest, then earliest unit's story is kept). */
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
        if (better({ story: f.story, unit }, have)) Object.assign(have, { story: [...f.story], unit });
      }
    }
  return efficiencyFindings(t);
}
