import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARM_NAMES } from '../../src/core/arms.ts';
import { RULE_IDS, isRuleId } from '../../src/core/rules.ts';
import { MUTANTS, MUTANT_IDS, mutantById } from '../../mutations/index.ts';
import { editedTree } from '../../mutations/workspace.ts';

/** docs/MUTANTS.md: the catalogue every kit must carry (ID → killed by). */
const DESIGN: Readonly<Record<string, string>> = {
  'PATH-HASH-POINTER': 'POINTER-FULL',
  'PATH-ONLY': 'POINTER-FULL',
  'EMPTY-POINTER': 'POINTER-FULL',
  'MTIME-KEYED': 'POINTER-FULL',
  'WINDOW-BLIND': 'POINTER-FULL',
  'SLICE-SHIFT': 'SLICE-EXACT',
  'COVERAGE-SURVIVES-CHANGE': 'SLICE-CONTINUES',
  'DONE-EARLY': 'DONE-TRUE',
  'DIFF-PREFIX': 'DIFF-COMPLETE',
  'DIFF-PARTIAL-BASE': 'DIFF-BASE-HELD',
  'NO-UTF8-WALKBACK': 'UTF8-WHOLE',
  'CAP-PLUS-ONE': 'CAP-BOUND',
  'DIFF-BUDGET-CAP': 'CAP-BOUND',
  'STUCK-TAIL': 'PROGRESS',
  'PROCESS-LEDGER': 'ISOLATION',
  'STALE-RECORDS': 'STALE-NO-RECORD',
  'NO-FORGET': 'FORGET-RESETS',
  'SWALLOW-ERROR': 'PASSTHROUGH',
  'RECORD-ON-REQUEST': 'PASSTHROUGH',
  'CACHED-NOT-FOUND': 'REFUSAL-TRUE',
  'ARM-TRUTHY': 'ARM-GUARD',
  'ARM-SWAP': 'ARM-TABLE',
  'OFF-WRAPS': 'OFF-IDENTITY',
  'FIRST-NOTICE': 'FIRST-VERBATIM',
  'A2-POINTER': 'A2-NO-POINTER',
  'PERSONA-LIES': 'PERSONA-TRUTH',
  'COUNT-SLICE': 'COUNT-EXACT',
  'STALE-ONE-BASED': 'STALE-SERVE-LABELLED',
  'ZERO-PROGRESS': 'CAP-PARAM',
  UNSEALED: 'NOTICE-SEALED',
};

describe('the mutant catalogue', () => {
  it('holds every mutant of the design table, killed by the rule the table names', () => {
    expect(Object.keys(DESIGN)).toHaveLength(30);
    for (const [id, rule] of Object.entries(DESIGN)) expect(mutantById(id)?.rules, id).toContain(rule);
  });

  it('has at least 30 mutants with unique CAPS-WITH-DASHES IDs, legal arms and rule IDs, and one line on each', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTANT_IDS).size).toBe(MUTANT_IDS.length);
    for (const m of MUTANTS) {
      expect(m.id).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
      expect(ARM_NAMES).toContain(m.arm);
      expect(m.rules.length).toBeGreaterThan(0);
      for (const r of m.rules) expect(isRuleId(r), `${m.id} names ${r}`).toBe(true);
      for (const line of [m.breaks, m.wild]) {
        expect(line.length).toBeGreaterThan(20);
        expect(line).not.toContain('\n');
      }
    }
  });

  it('covers every rule', () => {
    const named = new Set(MUTANTS.flatMap((m) => m.rules));
    expect(RULE_IDS.filter((r) => !named.has(r))).toEqual([]);
  });

  it('keeps one mutant per file, named by its ID', () => {
    const index = readFileSync(new URL('../../mutations/catalogue/index.ts', import.meta.url), 'utf8');
    for (const id of MUTANT_IDS) {
      expect(index).toContain(`'./${id}.ts'`);
      const src = readFileSync(new URL(`../../mutations/catalogue/${id}.ts`, import.meta.url), 'utf8');
      expect(src).toContain(`id: '${id}'`);
    }
  });
});

describe('every mutant is one deliberate edit of the reference', () => {
  for (const m of MUTANTS)
    it(m.id, () => {
      const { changed, texts } = editedTree(m);
      // One place: one file (its reference module or the adapter), never the kit's own code.
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatch(/^(reference\/[a-z0-9-]+\.ts|src\/adapters\/reference\.ts)$/);
      const before = readFileSync(new URL(`../../${changed[0]}`, import.meta.url), 'utf8');
      expect(texts.get(changed[0]!)).not.toBe(before);
    });
});
