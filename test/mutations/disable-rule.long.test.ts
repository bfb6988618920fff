// Suite: long (*.long.test.ts, run by `npm run test:hosts`): mutants on a patched copy of the kit with one rule disabled (45 s).
/**
 * The negative control of the negative controls: with one rule's check disabled — in a patched
 * temporary copy of the kit, never the tracked oracle — `mutants` exits 1 and names the mutants
 * that rule alone killed; the same command on the kit itself exits 0.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Node, Project, SyntaxKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { cli } from '../src/cli/helpers.ts';
import { copyKit } from './kit-copy.ts';

/** Oracle.judge drops every violation of `rule` (its check is disabled); throws if judge changed shape. */
function disableRule(judgeFile: string, rule: string): void {
  const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile(
    '/judge.ts',
    readFileSync(judgeFile, 'utf8'),
  );
  const judge = sf.getClassOrThrow('Oracle').getMethodOrThrow('judge');
  const last = judge.getStatements().at(-1);
  if (last === undefined || !Node.isReturnStatement(last)) throw new Error('Oracle.judge no longer ends with a return');
  const found = last.getExpressionOrThrow();
  if (found.getDescendantsOfKind(SyntaxKind.Identifier).every((i) => i.getText() !== 'found'))
    throw new Error('Oracle.judge no longer returns its findings');
  last.replaceWithText(`return (${found.getText()}).filter((v) => v.rule !== ${JSON.stringify(rule)});`);
  writeFileSync(judgeFile, sf.getFullText());
}

const ONLY = ['--only', 'NO-FORGET,PATH-HASH-POINTER'];

describe("disabling one rule's check makes mutants exit 1 naming the survivors", () => {
  it('FORGET-RESETS disabled: NO-FORGET survives, PATH-HASH-POINTER is still killed', () => {
    const kit = copyKit();
    try {
      disableRule(join(kit.root, 'properties/oracle/judge.ts'), 'FORGET-RESETS');
      const r = spawnSync(process.execPath, [join(kit.root, 'bin/readshim-conformance.js'), 'mutants', ...ONLY], {
        encoding: 'utf8',
        env: { ...process.env, READSHIM_PROGRESS: '0' },
        timeout: 300_000,
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/^ {2}SURVIVED {2}NO-FORGET /m);
      expect(r.stdout).toMatch(/^ {2}killed {4}PATH-HASH-POINTER /m);
      // With the session band, the lies FORGET-RESETS would take are left to the knowledge rules it would blame.
      expect(r.stdout).toMatch(
        /^SURVIVED NO-FORGET \(must be killed by FORGET-RESETS\): (no rule failed|failed [A-Z, -]+ but not FORGET-RESETS)$/m,
      );
      expect(r.stdout).toMatch(/^summary: 1 killed, 1 survived, 0 errors/m);
    } finally {
      kit.dispose();
    }
  }, 300_000);

  it('the same command on the kit itself: both killed, exit 0', () => {
    const r = cli(['mutants', ...ONLY]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^summary: 2 killed, 0 survived, 0 errors/m);
  }, 300_000);
});
