/**
 * A session failure is told short (properties/engine/reduce.ts, properties/crossed/story.ts): a long
 * history is cut event by event to what shows the lie, the condition stays (the reads a bounded
 * ledger needs stay, the others go), the reads of other files are one line, and the condition is
 * named under the failing step. Deterministic: the same history gives the same cut.
 */
import { describe, expect, it } from 'vitest';
import { judgeHistory, type Goal } from '../../../properties/history.ts';
import { reduceEvents } from '../../../properties/engine/reduce.ts';
import { sessionStory } from '../../../properties/engine/session-story.ts';
import { tellStory } from '../../../properties/story.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import type { DrivenAdapter } from '../../../src/core/contract.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import { shortcutAdapter } from '../../../examples/shortcuts/catalogue.ts';

const mode = modeOfLevers(['pointer']);
const config = { mode, cap: 65_536, seal: 'c0ffee000002' };
const T0 = 1_700_000_000_000;

/** 40 noise files, the target read, `gap` other files read, a same-size same-mtime edit, the re-read. */
function history(gap: number): TraceEvent[] {
  const ev: TraceEvent[] = [{ type: 'worker', id: 'w1' }];
  for (let i = 0; i < 60; i++)
    ev.push({ type: 'write', path: `n/f${i}.ts`, content: `const f = ${i};\n`, mtimeMs: T0 + i });
  ev.push({ type: 'write', path: 'src/t.ts', content: 'const target = 1;\n', mtimeMs: T0 });
  for (let i = 0; i < 20; i++) ev.push({ type: 'read', worker: 'w1', path: `n/f${i}.ts` });
  ev.push({ type: 'read', worker: 'w1', path: 'src/t.ts' });
  for (let i = 20; i < 20 + gap; i++) ev.push({ type: 'read', worker: 'w1', path: `n/f${i}.ts` });
  for (let i = 0; i < 10; i++)
    ev.push({ type: 'write', path: `n/f${i}.ts`, content: `const f = ${i + 1};\n`, mtimeMs: T0 + 5000 });
  ev.push({ type: 'write', path: 'src/t.ts', content: 'const target = 2;\n', mtimeMs: T0 });
  ev.push({ type: 'read', worker: 'w1', path: 'src/t.ts' });
  return ev;
}

describe('event-level reduction', () => {
  const lru = shortcutAdapter('lru-stat', { twin: false, t: 8 }) as DrivenAdapter;
  const judge = (events: readonly TraceEvent[], goal?: Goal) =>
    judgeHistory(lru, config, events, goal ? { until: goal } : {});
  it('keeps the reads the condition needs and drops the rest', async () => {
    const events = history(30);
    const v = await judge(events);
    const hit = v.violations.find((x) => x.rule === 'POINTER-FULL')!;
    expect(hit).toBeDefined();
    const goal: Goal = { rule: 'POINTER-FULL' };
    const r = await reduceEvents(events.slice(0, hit.index + 1), hit.index, goal, (e) => judge(e, goal), { left: 1e6 });
    expect(r.spent).toBe(false);
    const reads = r.events.filter((e) => e.type === 'read' && e.path.startsWith('n/'));
    // An LRU of 8 requests evicts the target after 8 others: exactly 8 stay, none before the target's read.
    expect(reads.length).toBe(8);
    const again = await reduceEvents(events.slice(0, hit.index + 1), hit.index, goal, (e) => judge(e, goal), {
      left: 1e6,
    });
    expect(again.events).toEqual(r.events);
    const told = await judge(r.events);
    const story = sessionStory(
      tellStory(r.events, told.outcomes, told.violations),
      r.events,
      told,
      'POINTER-FULL',
      false,
    );
    expect(story.some((l) => /w1 reads 8 other files/.test(l))).toBe(true);
    expect(story.filter((l) => /^\d/.test(l)).length, story.join('\n')).toBeLessThan(10);
    expect(story.find((l) => l.includes('condition:'))).toMatch(
      /w1 has read 8 other files since; since then an edit that keeps the size and the mtime/,
    );
  });
  it('stops at its bound and says the story is not fully shrunk', async () => {
    const events = history(30);
    const v = await judge(events);
    const hit = v.violations.find((x) => x.rule === 'POINTER-FULL')!;
    const goal: Goal = { rule: 'POINTER-FULL' };
    const r = await reduceEvents(events.slice(0, hit.index + 1), hit.index, goal, (e) => judge(e, goal), { left: 150 });
    expect(r.spent).toBe(true);
    const told = await judge(r.events);
    const story = sessionStory(
      tellStory(r.events, told.outcomes, told.violations),
      r.events,
      told,
      'POINTER-FULL',
      r.spent,
    );
    expect(story.at(-1)).toMatch(/not fully shrunk/);
    expect(story.some((l) => l.includes('condition:'))).toBe(true);
  });
});
