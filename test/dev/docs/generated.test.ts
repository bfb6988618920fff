/**
 * Every generated doc table and page is what its registry renders (`npm run docs:check` runs the
 * same check in CI): the rule index, GATES.md, README's rule table, docs/MUTANTS.md's catalogue and
 * docs/LIE-CLASSES.md's table (from the class files, properties/corpus/classes/). Regenerate with
 * `npm run docs:write`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stale, ROOT } from '../../../dev/docs/files.ts';
import { DOCUMENTS } from '../../../dev/docs/generated.ts';
import { BlockError, withBlock } from '../../../dev/docs/blocks.ts';
import { RULE_INDEX, RuleIndexError, findRules, idsFile } from '../../../dev/docs/rule-index.ts';
import { lieClassesTable } from '../../../dev/docs/tables.ts';
import { MUTANTS } from '../../../mutations/index.ts';
import { RULE_IDS } from '../../../src/core/rules.ts';

const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8');

describe('generated docs', () => {
  it('every committed generated file is its rendering (npm run docs:write)', async () => {
    expect(await stale(RULE_INDEX)).toEqual([]);
    expect(await stale(DOCUMENTS)).toEqual([]);
  });

  it('the rule index is the rule modules in SPEC.md order, as src/core/rules.ts lists them', async () => {
    expect((await findRules(ROOT)).map((r) => r.id)).toEqual([...RULE_IDS]);
  });

  it('an edit inside a generated block, or a row gone from a derived table, is undone by the rendering', async () => {
    const readme = read('README.md');
    const edited = readme.replace(/^\| \[FORGET-RESETS\]\(.*$/m, '| FORGET-RESETS | a law edited by hand |');
    expect(edited).not.toBe(readme);
    const doc = DOCUMENTS.find((d) => d.path === 'README.md')!;
    expect(await doc.render(edited)).toBe(readme);
    const lie = read('docs/LIE-CLASSES.md');
    const noRow = lie.replace(/^\| `compaction` \|.*\n/m, '');
    expect(lieClassesTable(noRow, MUTANTS)).toContain('| `compaction` | compaction or rewind (forget) then re-read |');
    expect(lieClassesTable(noRow, MUTANTS)).toBe(lie);
    // Every column comes from the class files: a hand edit of where it was seen, or of an example, is undone.
    const byHand = lie
      .replace('(the most reported lie)', '(edited by hand)')
      .replace('examples/shortcuts/twin.ts', 'x.ts');
    expect(byHand).not.toBe(lie);
    expect(lieClassesTable(byHand, MUTANTS)).toBe(lie);
  });

  it('a document without its markers is refused, naming the file and the block', () => {
    expect(() => withBlock('# no markers\n', 'rules', 'x', 'README.md')).toThrow(BlockError);
    expect(() => withBlock('# no markers\n', 'rules', 'x', 'README.md')).toThrow(
      /README\.md has no block .*rules:begin/,
    );
  });

  it('a rule module without a SPEC.md section, or whose ID is not its file name, is refused', async () => {
    const root = mkdtempSync(join(tmpdir(), 'readshim-docs-'));
    try {
      cpSync(join(ROOT, 'spec/SPEC.md'), join(root, 'spec/SPEC.md'));
      const rule = (id: string, kind = 'truth'): string => `export default { id: '${id}', kind: '${kind}' };\n`;
      mkdirSync(join(root, 'properties/rules'), { recursive: true });
      writeFileSync(join(root, 'properties/rules/PROGRESS.ts'), rule('PROGRESS'));
      writeFileSync(join(root, 'properties/rules/ARM-GUARD.ts'), rule('ARM-GUARD', 'surface'));
      writeFileSync(join(root, 'properties/rules/POINTER-FULL.ts'), rule('POINTER-FULL'));
      writeFileSync(join(root, 'properties/rules/types.ts'), '// not a rule: its name is no rule ID\n');
      expect(await findRules(root)).toEqual([
        { id: 'POINTER-FULL', kind: 'truth' },
        { id: 'PROGRESS', kind: 'truth' },
        { id: 'ARM-GUARD', kind: 'surface' },
      ]);
      writeFileSync(join(root, 'properties/rules/NEW-RULE.ts'), rule('PROGRESS'));
      await expect(findRules(root)).rejects.toThrow(
        /NEW-RULE\.ts: its default export must be defineRule\(\{ id: 'NEW-RULE'/,
      );
      // A fresh file name: a module once imported stays what it was in this process.
      rmSync(join(root, 'properties/rules/NEW-RULE.ts'));
      writeFileSync(join(root, 'properties/rules/OTHER-RULE.ts'), rule('OTHER-RULE'));
      await expect(findRules(root)).rejects.toThrow(RuleIndexError);
      await expect(findRules(root)).rejects.toThrow('spec/SPEC.md has no section "## OTHER-RULE"');
      expect(idsFile([{ id: 'A-RULE', kind: 'surface' }])).toContain(
        "export const SURFACE_RULES = [\n  'A-RULE',\n] as const;",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
