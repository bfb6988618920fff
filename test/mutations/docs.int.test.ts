import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../../mutations/index.ts';

const DOC = readFileSync(new URL('../../docs/MUTANTS.md', import.meta.url), 'utf8');
const cells = (row: string): string[] =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
const rows = DOC.split('\n')
  .filter((l) => /^\| [A-Z0-9]+(-[A-Z0-9]+)* \| (off|cap|diff|all) \|/.test(l))
  .map(cells);

describe('docs/MUTANTS.md', () => {
  it('has one catalogue row per mutant, in catalogue order, both ways', () => {
    expect(rows.map((r) => r[0])).toEqual(MUTANTS.map((m) => m.id));
  });

  it("states each mutant's arm, break, wild origin and killing rules as the registry does", () => {
    for (const m of MUTANTS) {
      const [, arm, breaks, wild, killedBy, runsToKill, first, withoutCorpus] = rows.find((r) => r[0] === m.id)!;
      expect({ arm, breaks, wild, killedBy }).toEqual({
        arm: m.arm,
        breaks: m.breaks,
        wild: m.wild,
        killedBy: m.rules.join(', '),
      });
      expect(Number(runsToKill)).toBeLessThanOrEqual(100);
      // Killed first by a probe or a corpus case: runsToKill 0. Without the corpus: still within the budget.
      expect(first).toMatch(/^(probe|random|corpus `[a-z0-9-]+`)$/);
      if (first !== 'random') expect(runsToKill).toBe('0');
      expect(Number(withoutCorpus)).toBeLessThanOrEqual(100);
    }
  });
});
