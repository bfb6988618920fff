/**
 * Shared conditions (properties/crossed/table.ts `shared`, docs/reference/session-band.md): a
 * condition's cells played as one history, each edit on a file of its own. The careful ledger
 * reaches every member's cell in it; a shortcut's lie lands in its own cell's part; the corpus
 * judges each cell by its part: a lie there fails it, its story led by the cell's words.
 */
import { describe, expect, it } from 'vitest';
import { CROSSED_GROUPS } from '../../../properties/crossed/cases.ts';
import { CoverageTally } from '../../../properties/crossed/coverage.ts';
import { judgeHistory } from '../../../properties/history.ts';
import { runConformance } from '../../../properties/run.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import type { DrivenAdapter } from '../../../src/core/contract.ts';
import { shortcutAdapter } from '../../../examples/shortcuts/catalogue.ts';
import { ledgerShim } from '../../../examples/shortcuts/ledger.ts';

const SEAL = 'c0ffee000001';
const MODE = modeOfLevers(['pointer']);
const CAP = 65_536;

async function playShared(adapter: DrivenAdapter, groupId: string) {
  const g = CROSSED_GROUPS.find((x) => x.id === groupId)!;
  const tool = adapter.capabilities.tool;
  const built = g.events({ cap: CAP, mode: MODE, seal: SEAL, seed: 42, ...(tool ? { tool } : {}) }, g.members);
  const v = await judgeHistory(adapter, { mode: MODE, cap: CAP, seal: SEAL, ...(tool ? { tool } : {}) }, built.events);
  return { g, built, v };
}

describe('shared histories', () => {
  it('there is one per shared condition, each of several cells', () => {
    expect(CROSSED_GROUPS.map((g) => g.id)).toEqual(['many-files × each hidden edit', 'many-reads × each hidden edit']);
    for (const g of CROSSED_GROUPS) expect(g.members.length).toBeGreaterThan(1);
  });

  for (const id of CROSSED_GROUPS.map((g) => g.id))
    it(`${id}: the careful ledger is truthful and reaches every member's cell`, async () => {
      const { g, built, v } = await playShared(ledgerShim({ name: 'twin', binary: true }), id);
      expect(v.violations.map((x) => `${x.rule}: ${x.message}`)).toEqual([]);
      expect(built.starts).toHaveLength(g.members.length);
      const t = new CoverageTally();
      t.history(v.outcomes, v.frames);
      for (const cell of g.members) expect(t.result().cells[cell]?.reached ?? 0, cell).toBeGreaterThan(0);
    });

  it("lru-stat's lies land in the parts of the edits the stat cannot see, and only there", async () => {
    const { g, built, v } = await playShared(
      shortcutAdapter('lru-stat', { twin: false, t: 64 }),
      'many-files × each hidden edit',
    );
    const parts = new Set(v.violations.map((x) => g.members[built.starts.findLastIndex((s) => s <= x.index)]));
    expect(parts).toContain('many-files × same-size-mtime-kept');
    expect(parts).not.toContain('many-files × same-size');
    expect(parts).not.toContain(undefined);
  });
});

describe('the corpus tells a shared history by its cells', () => {
  const only = ['POINTER-FULL' as const];
  const run = async (t: number) =>
    await runConformance({ adapter: shortcutAdapter('lru-stat', { twin: false, t }), runs: 0, seed: 7, only });

  it("each cell is judged by its part: a lie in its part fails it, with the cell's words first", async () => {
    const r = await run(64);
    const cases = r.corpus!.cases;
    const shared = 'many-files × each hidden edit';
    expect(cases.find((c) => c.id === 'many-files × same-size-mtime-kept')).toMatchObject({
      played: true,
      failed: ['POINTER-FULL'],
      playedIn: shared,
    });
    expect(cases.find((c) => c.id === 'many-files × same-size')).toMatchObject({
      played: true,
      failed: [],
      playedIn: shared,
    });
    expect(cases.some((c) => c.id === shared)).toBe(false);
    const story = r.rules.find((x) => x.id === 'POINTER-FULL')!.counterexample!.story;
    expect(story.slice(0, 3).join('\n')).toMatch(
      /many-files × same-size-mtime-kept[^]*read 96 other files[^]*many-files × each hidden edit/,
    );
  });

  it('a lie only the shared history shows (an LRU a little larger than the condition) fails the cell whose part holds it', async () => {
    // 96 other files fit in an LRU of 100 with one file held, not with every edit's file.
    const cases = (await run(100)).corpus!.cases;
    expect(cases.find((c) => c.id === 'many-files × same-size-mtime-kept')).toMatchObject({
      played: true,
      failed: ['POINTER-FULL'],
    });
  });
});
