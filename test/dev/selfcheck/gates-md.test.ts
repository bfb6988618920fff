import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_PROPERTY } from '../../../dev/selfcheck/where.ts';
import { problems, REGISTRY, render } from '../../../dev/selfcheck/gates-md.ts';
import { RULE_IDS } from '../../../src/core/rules.ts';

const text = readFileSync(new URL('../../../GATES.md', import.meta.url), 'utf8');

describe('GATES.md, checked both ways', () => {
  it('the committed file agrees with the registries of rules, gates and mutants', () => {
    expect(problems(text)).toEqual([]);
    expect(REGISTRY.rules.map((r) => r.id)).toEqual(RULE_IDS);
  });

  it('deleting a rule row fails, naming the rule', () => {
    const without = text
      .split('\n')
      .filter((l) => !l.startsWith('| FORGET-RESETS |'))
      .join('\n');
    expect(problems(without)).toContain('Rule FORGET-RESETS has no row in GATES.md');
  });

  it('deleting a gate or a mutant row fails', () => {
    const noGate = text
      .split('\n')
      .filter((l) => !l.startsWith('| GATE-ARMS-FROZEN |'))
      .join('\n');
    expect(problems(noGate)).toContain('Gate GATE-ARMS-FROZEN has no row in GATES.md');
    const noMutant = text
      .split('\n')
      .filter((l) => !l.startsWith('| NO-FORGET |'))
      .join('\n');
    expect(problems(noMutant)).toContain('Mutant NO-FORGET has no row in GATES.md');
  });

  it('a row without a registry entry fails', () => {
    const extra = text.replace('## Gates', '| GHOST-RULE | a rule nobody registered | | | | |\n\n## Gates');
    expect(problems(extra)).toContain('GATES.md has a row for rule GHOST-RULE, which is not in the registry');
  });

  it('adding a rule to the registry without a row, or without a killing mutant, fails', () => {
    const registry = { ...REGISTRY, rules: [...REGISTRY.rules, { id: 'NEW-RULE', law: 'a new law' }] };
    const found = problems(text, registry);
    expect(found).toContain('Rule NEW-RULE has no row in GATES.md');
    expect(found).toContain('rule NEW-RULE has no mutant that must be killed by it');
    expect(problems(render(registry), registry)).toEqual(['rule NEW-RULE has no mutant that must be killed by it']);
  });

  it("each rule's property file really judges that rule", () => {
    for (const [rule, files] of Object.entries(RULE_PROPERTY))
      for (const f of files)
        expect(readFileSync(new URL(`../../../${f}`, import.meta.url), 'utf8'), `${rule} in ${f}`).toContain(rule);
  });
});
