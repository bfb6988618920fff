/**
 * `explain` for every rule: each printed file:line exists and judges that rule (checked here by
 * symbol, apart from the locator), every step of the rule's module and every probe it names is
 * printed, each listed mutant is one the recorded run saw killed by the rule (the real kills:
 * explain.long.test.ts), each listed case names the rule, each example is the rule's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Node, Project, SyntaxKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../../../src/core/rules.ts';
import { UsageError } from '../../../../src/core/errors.ts';
import { explain, type Explanation } from '../../../../src/cli/explain/model.ts';
import { RULES_BY_ID } from '../../../../properties/rules/index.ts';
import { BACKERS, DERIVED, KNOWLEDGE, STEPS, type StepName } from '../../../../properties/oracle/steps.ts';
import { CASES } from '../../../../properties/corpus/index.ts';
import { MUTANTS } from '../../../../mutations/index.ts';
import { GATES } from '../../../../gates/ids.ts';
import { ROOT } from '../helpers.ts';

const project = new Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
const measured = JSON.parse(readFileSync(join(ROOT, 'mutations/measured.json'), 'utf8')) as {
  mutants: Record<string, { status: string; failedRules: string[] }>;
};

/** Whether the oracle, looping over the registry, calls rule `id`'s judge at `step`. */
function oracleJudges(id: string, step: string): boolean {
  if (step === 'knowledge') return KNOWLEDGE.some((k) => k.rule === id);
  if (step === 'derived') return DERIVED.some((d) => d.rule === id);
  if (step === 'backs') return Object.values(BACKERS).includes(id as never);
  return (STEPS[step as StepName] ?? []).some(([rule]) => rule === id);
}

/** The node a file:line names: the judge step of a rule module, or a probe function that reports the rule. */
function judgesAt(file: string, line: number, id: string, step: string): string | undefined {
  const sf = project.getSourceFile(join(ROOT, file)) ?? project.addSourceFileAtPath(join(ROOT, file));
  if (line < 1 || line > sf.getEndLineNumber()) return `${file}:${line} is past the end of the file`;
  if (step === 'probe') {
    const fn = sf.getFunctions().find((f) => f.getStartLineNumber() === line);
    if (fn === undefined) return `${file}:${line} declares no function`;
    const reports = fn.getDescendantsOfKind(SyntaxKind.StringLiteral).some((s) => s.getLiteralValue() === id);
    return reports ? undefined : `${fn.getName()} (${file}:${line}) never names ${id}`;
  }
  if (file !== `properties/rules/${id}.ts`) return `${file} is not ${id}'s module`;
  const hook = sf
    .getDescendantsOfKind(SyntaxKind.PropertyAssignment)
    .find((p) => p.getStartLineNumber() === line && p.getName() === step);
  const judge = hook
    ?.getParentIfKind(SyntaxKind.ObjectLiteralExpression)
    ?.getParentIfKind(SyntaxKind.PropertyAssignment);
  if (judge?.getName() !== 'judge') return `${file}:${line} is not the ${step} step of a judge`;
  const rule = judge.getParentIfKind(SyntaxKind.ObjectLiteralExpression)?.getProperty('id');
  const value = rule !== undefined && Node.isPropertyAssignment(rule) ? rule.getInitializer()?.getText() : undefined;
  if (value !== `'${id}'`) return `${file}:${line} is in the judge of ${value ?? 'no rule'}, not ${id}`;
  return oracleJudges(id, step) ? undefined : `the oracle never calls ${id}'s ${step} step`;
}

const all = new Map<string, Explanation>();
const of = async (id: string): Promise<Explanation> => {
  if (!all.has(id)) all.set(id, await explain(id));
  return all.get(id)!;
};

describe('explain <RULE>, for every rule', () => {
  it.each(RULE_IDS)(
    '%s: every file:line it prints judges the rule, and every step and probe is printed',
    async (id) => {
      const x = await of(id);
      expect(x.judgedIn.length).toBeGreaterThan(0);
      for (const j of x.judgedIn) expect(judgesAt(j.file, j.line, id, j.step), `${j.file}:${j.line}`).toBeUndefined();
      const m = RULES_BY_ID[id];
      expect(x.judgedIn.filter((j) => j.step !== 'probe').map((j) => j.step)).toEqual(Object.keys(m.judge));
      expect(x.judgedIn.filter((j) => j.step === 'probe').map((j) => j.symbol)).toEqual(
        (m.probes ?? []).map((p) => p.symbol),
      );
      expect(x.rule).toMatchObject({ id, kind: m.kind, law: m.law, spec: `spec/SPEC.md#${id.toLowerCase()}` });
    },
  );

  it.each(RULE_IDS)('%s: its mutants are those naming it, each killed by it in the recorded run', async (id) => {
    const x = await of(id);
    const listed = x.mutants!.map((m) => m.id);
    expect(listed).toEqual(MUTANTS.filter((m) => m.rules.includes(id)).map((m) => m.id));
    expect(listed.length).toBeGreaterThan(0);
    for (const m of listed) {
      expect(measured.mutants[m]?.status, m).toBe('killed');
      expect(measured.mutants[m]!.failedRules, m).toContain(id);
    }
  });

  it.each(RULE_IDS)('%s: its cases name it, its examples and gates are its own', async (id) => {
    const x = await of(id);
    expect(x.corpusCases.map((c) => c.id)).toEqual(CASES.filter((c) => c.rules.includes(id)).map((c) => c.id));
    const spec = readFileSync(join(ROOT, 'spec/SPEC.md'), 'utf8').split('\n');
    for (const e of x.examples) {
      expect(e.id.startsWith(`${id}/`), e.id).toBe(true);
      expect(spec[e.line - 1]).toMatch(new RegExp(`^\`\`\`example id=${e.id.replace(/[/-]/g, '\\$&')} `));
    }
    for (const g of x.gates) expect(GATES.find((y) => y.id === g.id)?.rules).toContain(id);
    for (const c of x.lieClasses) expect(c.mutants.length + c.cases.length, c.id).toBeGreaterThan(0);
  });

  it('an unknown rule is a usage error naming the known IDs', async () => {
    await expect(explain('FORGET-RESET')).rejects.toThrow(UsageError);
    await expect(explain('FORGET-RESET')).rejects.toThrow(`(known: ${RULE_IDS.join(', ')})`);
  });
});
