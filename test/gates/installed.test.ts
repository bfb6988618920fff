/**
 * Gates judge the package the config's root is in, even installed under node_modules (the kit's
 * own gates run on its installed reference/*.ts): the same shim judged in a checkout and inside
 * an install gives the same checks, and its disease turns both red. Dependencies stay out.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { gateArmStrictEq } from '../../gates/arm-strict-eq.ts';
import { installedPackage } from '../../gates/context.ts';
import { gateStaleNoLedger } from '../../gates/stale-no-ledger.ts';
import { contextFor, describeFindings, fixtureDir, removeFixtureDirs } from './helpers.ts';

afterAll(removeFixtureDirs);

describe('installedPackage', () => {
  test.each([
    ['/work/shim/src/a.ts', ''],
    ['/p/node_modules/readshim-conformance/reference/shim.ts', '/p/node_modules/readshim-conformance'],
    [
      '/p/node_modules/readshim-conformance/node_modules/diff/lib/index.js',
      '/p/node_modules/readshim-conformance/node_modules/diff',
    ],
    ['/p/node_modules/@acme/shim/src/a.ts', '/p/node_modules/@acme/shim'],
    ['/p/node_modules/diff/lib/index.js', '/p/node_modules/diff'],
  ])('%s → %j', (path, pkg) => {
    expect(installedPackage(path)).toBe(pkg);
  });
});

const SHIM = (test: string, serve: string) => `import { helper } from 'dep';
class Ledger { set(k: string): void { void k; } }
export function pick(flag: unknown): number {
  if (${test}) return 0;
  if (flag === 'cap') return helper(1);
  return 2;
}
export function createShim() {
  const ledger = new Ledger();
  return {
    read: (p: string) => ledger.set(p),
    serveStale: (p: string) => { ${serve} return p.length; },
  };
}
`;
const DEP = 'export function helper(n: number): number { return n + 1; }\n';
const CLEAN = SHIM('flag === false', '');
const SICK = SHIM('flag', 'ledger.set(p);');

/** The shim at `at` (a folder of the fixture), with a dependency `dep` installed beside it. */
function judge(at: string, text: string) {
  const base = at === '' ? '' : `${at}/`;
  const dir = fixtureDir({
    [`${base}package.json`]: '{"name":"acme-shim","type":"module"}\n',
    [`${base}shim.ts`]: text,
    [`${base}node_modules/dep/package.json`]: '{"name":"dep","types":"index.ts","main":"index.ts"}\n',
    [`${base}node_modules/dep/index.ts`]: DEP,
  });
  const root = at === '' ? dir : `${dir}/${at}`;
  const ctx = contextFor(root, {
    'GATE-ARM-STRICT-EQ': { resolver: { file: 'shim.ts', function: 'pick' } },
    'GATE-STALE-NO-LEDGER': {
      serve: { file: 'shim.ts', function: 'createShim.serveStale' },
      ledger: [{ file: 'shim.ts', function: 'createShim', binding: 'ledger' }],
    },
  });
  return {
    strict: gateArmStrictEq(ctx, { resolver: { file: 'shim.ts', function: 'pick' } }),
    stale: gateStaleNoLedger(ctx, {
      serve: { file: 'shim.ts', function: 'createShim.serveStale' },
      ledger: [{ file: 'shim.ts', function: 'createShim', binding: 'ledger' }],
    }),
  };
}

describe('a shim installed under node_modules is judged like the same shim in a checkout', () => {
  test('same checks, clean in both', () => {
    const checkout = judge('', CLEAN);
    const installed = judge('node_modules/acme-shim', CLEAN);
    for (const r of [checkout, installed]) {
      expect(r.strict.findings, describeFindings(r.strict.findings)).toEqual([]);
      expect(r.stale.findings, describeFindings(r.stale.findings)).toEqual([]);
    }
    expect(checkout.strict.checks).toBe(2);
    expect(installed.strict.checks).toBe(checkout.strict.checks);
    expect(checkout.stale.checks).toBeGreaterThan(0);
    expect(installed.stale.checks).toBe(checkout.stale.checks);
  });

  test('the disease turns both red, naming the node', () => {
    for (const at of ['', 'node_modules/acme-shim']) {
      const r = judge(at, SICK);
      expect(
        r.strict.findings.map((f) => [f.file, f.node]),
        at,
      ).toEqual([['shim.ts', 'if (flag) return 0;']]);
      expect(
        r.stale.findings.map((f) => [f.file, f.node]),
        at,
      ).toEqual([['shim.ts', 'ledger']]);
    }
  });
});
