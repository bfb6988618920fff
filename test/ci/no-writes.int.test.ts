/**
 * `mutants` and `bench` call runConformance directly and must never write to the failure
 * database: nothing reachable from properties/ touches the file system, and a failing run
 * through runConformance leaves the working directory as it was. Only `run` saves failures.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Project, SyntaxKind, type SourceFile } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../properties/run.ts';
import { BROKEN } from '../fixtures/naive-shims.ts';
import { ROOT } from '../src/cli/helpers.ts';

const FS = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);
const WRITERS = [join(ROOT, 'src/cli/failures.ts'), join(ROOT, 'src/core/output.ts')];

/** Module specifiers a file imports: import/export declarations and import() calls with a string. */
function specifiers(f: SourceFile): string[] {
  const out = f.getImportDeclarations().map((d) => d.getModuleSpecifierValue());
  for (const d of f.getExportDeclarations()) {
    const s = d.getModuleSpecifierValue();
    if (s !== undefined) out.push(s);
  }
  for (const call of f.getDescendantsOfKind(SyntaxKind.CallExpression))
    if (call.getExpression().getKind() === SyntaxKind.ImportKeyword) {
      const arg = call.getArguments()[0];
      out.push(arg?.isKind(SyntaxKind.StringLiteral) ? arg.getLiteralValue() : '<computed import>');
    }
  return out;
}

describe('nothing in properties/ writes files', () => {
  const project = new Project({ skipAddingFilesFromTsConfig: true });
  project.addSourceFilesAtPaths(join(ROOT, 'properties/**/*.ts'));
  const roots = project.getSourceFiles().map((f) => f.getFilePath());

  it('no module reachable from properties/ imports fs or the failure database', () => {
    expect(roots.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    const problems: string[] = [];
    const visit = (path: string): void => {
      if (seen.has(path)) return;
      seen.add(path);
      const f = project.getSourceFile(path) ?? project.addSourceFileAtPath(path);
      for (const s of specifiers(f)) {
        if (FS.has(s) || s === '<computed import>') problems.push(`${path.slice(ROOT.length)} imports ${s}`);
        if (!s.startsWith('.')) continue;
        const target = resolve(dirname(path), s);
        if (WRITERS.includes(target)) problems.push(`${path.slice(ROOT.length)} imports ${s}`);
        visit(target);
      }
    };
    roots.forEach(visit);
    expect(seen.size).toBeGreaterThan(roots.length);
    expect(problems).toEqual([]);
  });

  it('the check sees a write: src/cli/failures.ts itself is flagged', () => {
    const f = project.addSourceFileAtPath(join(ROOT, 'src/cli/failures.ts'));
    expect(specifiers(f).some((s) => FS.has(s))).toBe(true);
  });
});

describe('a failing runConformance leaves the working directory untouched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'readshim-nowrite-'));
  const before = process.cwd();
  afterAll(() => {
    process.chdir(before);
    rmSync(dir, { recursive: true, force: true });
  });
  it('no .readshim/ appears', async () => {
    process.chdir(dir);
    // Writes, not the session band nor the whole crossed table.
    const r = await runConformance({
      adapter: BROKEN['ignores-forget']!.adapter,
      arm: 'cap',
      runs: 30,
      seed: 2,
      session: { histories: 0 },
      crossed: 'cover',
    });
    expect(r.summary.failed).toBeGreaterThan(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
