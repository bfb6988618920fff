/**
 * GATE-ORACLE-INDEPENDENT reads structure: a path in a comment or a string passes; a static,
 * type-only, re-export, dynamic, require, import-type or transitive import of the reference, a
 * forbidden package subpath and a computed import all fail — naming the import in the oracle.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GateContext } from '../../gates/context.ts';
import { gateOracleIndependent } from '../../gates/oracle-independent.ts';
import { contextFor, describeFindings, fixtureDir, removeFixtureDirs } from './helpers.ts';

afterAll(removeFixtureDirs);

const CASES: Readonly<Record<string, readonly [string, string, string] | readonly [string]>> = {
  clean: [
    "// import { shim } from '../../ref/impl.ts';\nexport const where = '../../ref/impl.ts';\nexport { helper } from '../../mid/clean.ts';\n",
  ],
  static: [
    "import { shim } from '../../ref/impl.ts';\nexport const s = shim;\n",
    "import { shim } from '../../ref/impl.ts';",
    'ref/impl.ts',
  ],
  typeOnly: [
    "import type { Shim } from '../../ref/impl.ts';\nexport type S = Shim;\n",
    "import type { Shim } from '../../ref/impl.ts';",
    'ref/impl.ts',
  ],
  reexport: ["export { shim } from '../../ref/impl.ts';\n", "export { shim } from '../../ref/impl.ts';", 'ref/impl.ts'],
  dynamic: ["export const load = () => import('../../ref/impl.ts');\n", "import('../../ref/impl.ts')", 'ref/impl.ts'],
  importType: [
    "export type S = typeof import('../../ref/impl.ts');\n",
    "typeof import('../../ref/impl.ts')",
    'ref/impl.ts',
  ],
  transitive: [
    "import { via } from '../../mid/leak.ts';\nexport const v = via;\n",
    "import { via } from '../../mid/leak.ts';",
    'through mid/leak.ts',
  ],
  missing: [
    "import { gone } from '../../ref/gone.ts';\nexport const g = gone;\n",
    "import { gone } from '../../ref/gone.ts';",
    'ref/gone.ts',
  ],
  pkg: [
    "import { shim } from 'some-kit/reference';\nexport const s = shim;\n",
    "import { shim } from 'some-kit/reference';",
    'some-kit/reference',
  ],
  computed: [
    "const name = '../../ref/impl.ts';\nexport const load = () => import(name);\n",
    'import(name)',
    'computed import',
  ],
};

let ctx: GateContext;
beforeAll(() => {
  const files: Record<string, string> = {
    'ref/impl.ts': 'export type Shim = { read(): string };\nexport const shim: Shim = { read: () => "x" };\n',
    'mid/leak.ts': "import { shim } from '../ref/impl.ts';\nexport const via = shim;\n",
    'mid/clean.ts': 'export const helper = 1;\n',
    'oracle/required/a.cjs': "const impl = require('../../ref/impl.ts');\nmodule.exports = { impl };\n",
    'oracle/empty/.keep': '',
  };
  for (const [name, [text]] of Object.entries(CASES)) files[`oracle/${name}/a.ts`] = text;
  const dir = fixtureDir(files);
  ctx = contextFor(dir, { 'GATE-ORACLE-INDEPENDENT': { from: ['oracle'], forbidden: ['ref'] } });
});

const judge = (from: string, extra: { forbiddenModules?: string[]; transitive?: boolean } = {}) =>
  gateOracleIndependent(ctx, { from: [`oracle/${from}`], forbidden: ['ref'], ...extra });

describe('GATE-ORACLE-INDEPENDENT', () => {
  test('paths in comments and strings, and imports that stay out of the reference, pass', () => {
    const out = judge('clean');
    expect(out.findings, describeFindings(out.findings)).toEqual([]);
    expect(out.checks).toBe(1); // the one re-export, followed into mid/clean.ts (which imports nothing)
  });

  test('an empty oracle folder passes with nothing examined (a floor catches that later)', () => {
    expect(judge('empty')).toEqual({ checks: 0, findings: [] });
  });

  test.each(
    Object.entries(CASES)
      .filter(([, c]) => c.length === 3)
      .map(([name, c]) => [name, c[1]!, c[2]!] as const),
  )('%s import fails, naming it', (name, node, message) => {
    const out = judge(name, name === 'pkg' ? { forbiddenModules: ['some-kit/reference'] } : {});
    expect(
      out.findings.map((f) => [f.file, f.node]),
      describeFindings(out.findings),
    ).toEqual([[`oracle/${name}/a.ts`, node]]);
    expect(out.findings[0]!.message).toContain(message);
  });

  test('require() in a CommonJS oracle file fails', () => {
    const out = judge('required');
    expect(out.findings.map((f) => f.node)).toEqual(["require('../../ref/impl.ts')"]);
  });

  test('with transitive: false only direct imports count', () => {
    expect(judge('transitive', { transitive: false }).findings).toEqual([]);
  });
});
