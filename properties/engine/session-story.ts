/**
 * A session band failure told short (properties/crossed/story.ts): reads of other files as one
 * line, the condition the failing read met under it, and whether the shrinking's bound stopped it.
 */
import { resolvePath } from '../../src/core/paths.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { collapseOthers, conditionWords, measuredAt, withCondition } from '../crossed/story.ts';
import type { HistoryVerdict } from '../history.ts';

/** Said when the shrinking's bound stopped it before a local minimum (the condition is still named). */
export const NOT_FULLY_SHRUNK =
  '   (not fully shrunk: the shrinking reached its bound; the history above still shows the lie and its condition)';

export function sessionStory(
  told: readonly string[],
  events: readonly TraceEvent[],
  v: HistoryVerdict,
  rule: RuleId,
  spent: boolean,
): string[] {
  const hit = v.violations.find((x) => x.rule === rule);
  const e = hit === undefined ? undefined : events[hit.index];
  if (hit === undefined || e === undefined || (e.type !== 'read' && e.type !== 'stale')) return [...told];
  const names = new Set([resolvePath(e.path)]);
  for (const x of events)
    if (x.type === 'symlink' && resolvePath(x.target) === resolvePath(e.path)) names.add(resolvePath(x.path));
  const m = measuredAt(v.outcomes, v.frames, hit.index);
  const line = m === undefined ? undefined : conditionWords(m, e.worker);
  const story = withCondition(collapseOthers(told, events, names), hit.index, line);
  if (spent) story.push(NOT_FULLY_SHRUNK);
  return story;
}
