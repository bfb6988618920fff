/**
 * The crossed corpus (properties/crossed/cases.ts): every conditions × edits case, played by the
 * careful ledger of examples/shortcuts/ (the truthful twin of every shortcut there), is truthful and
 * reaches its own cell in the coverage count; the shortcut whose cell it is fails it, by its rule.
 * So each case can fail, each cell's chain is what the coverage count sees, and the table's rows
 * are what the shortcuts need.
 */
import { describe, expect, it } from 'vitest';
import { CROSSED_CASES } from '../../../properties/crossed/cases.ts';
import { CoverageTally } from '../../../properties/crossed/coverage.ts';
import { judgeHistory } from '../../../properties/history.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import type { DrivenAdapter } from '../../../src/core/contract.ts';
import { SHORTCUTS, shortcutAdapter } from '../../../examples/shortcuts/catalogue.ts';
import { ledgerShim } from '../../../examples/shortcuts/ledger.ts';

const SEAL = 'c0ffee000001';
const twinFor = (o: { batch?: boolean; binary?: boolean; diff?: boolean }): DrivenAdapter =>
  ledgerShim({ name: 'twin', ...o });

async function play(adapter: DrivenAdapter, id: string, diff = false) {
  const c = CROSSED_CASES.find((x) => x.id === id)!;
  const mode = modeOfLevers(diff ? ['pointer', 'diff'] : ['pointer']);
  const events = c.events({ cap: c.cap, mode, seal: SEAL, seed: 42 });
  const tool = adapter.capabilities.tool;
  return judgeHistory(adapter, { mode, cap: c.cap, seal: SEAL, ...(tool ? { tool } : {}) }, events);
}

describe('crossed cases', () => {
  for (const c of CROSSED_CASES) {
    const o = {
      batch: c.needs.batch === true,
      binary: c.needs.binary !== undefined,
      diff: c.needs.levers?.includes('diff') === true,
    };
    it(`${c.id}: the careful ledger is truthful and reaches the cell`, async () => {
      const v = await play(twinFor(o), c.id, o.diff);
      expect(v.violations.map((x) => `${x.rule}: ${x.message}`)).toEqual([]);
      const t = new CoverageTally();
      t.history(v.outcomes, v.frames);
      expect(t.result().cells[c.id]?.reached ?? 0, c.id).toBeGreaterThan(0);
    });
  }
  for (const s of SHORTCUTS.filter((x) => x.id !== 'ext-stat'))
    it(`${s.id} fails ${s.cell} by ${s.rule}`, async () => {
      const v = await play(shortcutAdapter(s.id, { twin: false }), s.cell, s.design?.diff === true);
      expect(v.violations.map((x) => x.rule)).toContain(s.rule);
    });
});
