/** Helpers for the mutant tests: temporary trees left behind, custom one-off specs. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { MutantSpec } from '../../mutations/spec.ts';

/**
 * Gives this test file (its own process under the forks pool) a private temporary directory, so
 * counting mutant trees is not disturbed by other test files running mutants at the same time.
 */
export function privateTmp(): () => string {
  let dir = '';
  const saved = process.env.TMPDIR;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'readshim-mutant-tests-'));
    process.env.TMPDIR = dir;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}

/** Temporary mutant trees of one mutant ID that exist right now. */
export function treesOf(id: string): string[] {
  const prefix = `readshim-mutant-${id.toLowerCase()}-`;
  return readdirSync(tmpdir()).filter((f) => f.startsWith(prefix));
}

/** A spec outside the catalogue, for the runner's own controls. */
export function spec(
  id: string,
  rules: MutantSpec['rules'],
  edit: MutantSpec['edit'],
  arm: MutantSpec['arm'] = 'cap',
): MutantSpec {
  return { id, arm, rules, breaks: `test control ${id}`, wild: 'nowhere: a test control', edit };
}
