/**
 * GATE-ARMS-FROZEN and GATE-ARM-STRICT-EQ read structure. Frozen tables pass whatever comments
 * and strings say; Object.seal, `as const`, a rebindable table, an unfrozen nested table and a
 * table the resolver returns but the config forgot all fail. The resolver passes with ===, !==,
 * typeof, switch, a strict helper and anything inside a throw; `if (flag)`, `!flag`,
 * `Boolean(flag)`, `==`, `ARMS[flag]`, `flag in …`, `flag ? …`, `&&`, `??`, an alias tested by
 * truthiness and a helper that coerces all fail — naming the node.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gateArmStrictEq } from '../../gates/arm-strict-eq.ts';
import { gateArmsFrozen } from '../../gates/arms-frozen.ts';
import type { GateContext } from '../../gates/context.ts';
import { contextFor, describeFindings, fixtureDir, lineOf, removeFixtureDirs } from './helpers.ts';

afterAll(removeFixtureDirs);

const TABLES = `// Object.seal({ name: 'off' }) — a comment; and a string: 'Object.seal('
export const NOTE = 'Object.seal({}) as const';
export const ARM_OFF = Object.freeze({ name: 'off', cap: false });
export const ARM_CAP = Object.freeze({ name: 'cap', cap: true });
export const ARMS = Object.freeze({ off: ARM_OFF, cap: ARM_CAP });
export const SEALED = Object.seal({ name: 'cap', cap: true });
export const CONSTED = { name: 'cap', cap: true } as const;
export let REBINDABLE = Object.freeze({ name: 'cap', cap: true });
export const NESTED = Object.freeze({ cap: { name: 'cap', cap: true } });
const FORGOTTEN = { name: 'diff', cap: false };
export function okResolve(flag: unknown) {
  if (flag === false || flag === undefined) return ARM_OFF;
  if (flag === 'cap') return ARMS.cap;
  throw new TypeError('no');
}
export function forgetfulResolve(flag: unknown) {
  if (flag === 'diff') return FORGOTTEN;
  return ARM_OFF;
}
export function nestedResolve(flag: unknown) {
  return flag === 'cap' ? NESTED.cap : ARM_OFF;
}
`;

const RESOLVERS = `const A = Object.freeze({ name: 'off' });
const B = Object.freeze({ name: 'cap' });
const TABLE: Readonly<Record<string, typeof A>> = Object.freeze({ cap: B });
function isOff(v: unknown): boolean {
  return v === false || v === undefined;
}
function truthy(v: unknown): boolean {
  return !!v;
}
export function okStrict(flag: unknown) {
  if (flag === false || flag === undefined) return A;
  if (flag !== 'cap') throw new TypeError(\`unknown arm \${String(flag)} (\${flag ? 'truthy' : 'falsy'})\`);
  return B;
}
export function okCommentString(flag: unknown) {
  // if (flag) return B; Boolean(flag); flag in TABLE
  const s = 'if (flag) return B; !flag; flag == 1';
  if (flag === 'cap') return B;
  if (flag === false) return A;
  throw new TypeError(s);
}
export function okTypeofSwitch(flag: unknown) {
  if (typeof flag !== 'string' && typeof flag !== 'boolean') throw new TypeError('no');
  switch (flag) {
    case 'cap': return B;
    case false: return A;
    default: throw new TypeError(String(flag));
  }
}
export function okHelper(flag: unknown) {
  if (isOff(flag)) return A;
  if (flag === 'cap') return B;
  throw new TypeError('no');
}
export function badIf(flag: unknown) { if (flag) return B; return A; }
export function badNot(flag: unknown) { return !flag ? A : B; }
export function badBoolean(flag: unknown) { return Boolean(flag) ? B : A; }
export function badLoose(flag: unknown) { if (flag == 'cap') return B; return A; }
export function badLookup(flag: unknown) { return TABLE[flag as string] ?? A; }
export function badIn(flag: unknown) { if ((flag as string) in TABLE) return B; return A; }
export function badTernary(flag: unknown) { return flag ? B : A; }
export function badAnd(flag: unknown) { return (flag && B) || A; }
export function badNullish(flag: unknown) { return (flag ?? false) === false ? A : B; }
export function badAlias(flag: unknown) { const f = flag; if (f) return B; return A; }
export function badHelper(flag: unknown) { if (truthy(flag)) return B; return A; }
export function badIncludes(flag: unknown) { return ['cap', 'all'].includes(flag as string) ? B : A; }
export function badArguments(flag: unknown) { void flag; if (arguments[0]) return B; return A; }
`;

let ctx: GateContext;
beforeAll(() => {
  const dir = fixtureDir({ 'tables.ts': TABLES, 'resolvers.ts': RESOLVERS });
  ctx = contextFor(dir, { 'GATE-NO-MODULE-STATE': { files: ['tables.ts', 'resolvers.ts'] } });
});

describe('GATE-ARMS-FROZEN', () => {
  test("frozen tables pass, whatever comments and strings say; the resolver's returns are judged too", () => {
    const out = gateArmsFrozen(ctx, {
      resolver: { file: 'tables.ts', function: 'okResolve' },
      tables: [
        { file: 'tables.ts', binding: 'ARM_OFF' },
        { file: 'tables.ts', binding: 'ARM_CAP' },
        { file: 'tables.ts', binding: 'ARMS' },
      ],
    });
    expect(out.findings, describeFindings(out.findings)).toEqual([]);
    // ARM_OFF, ARM_CAP, ARMS named; ARMS.cap returned (the member) is judged as a table of its own
    expect(out.checks).toBe(4);
  });

  test.each([
    [
      'Object.seal',
      { tables: [{ file: 'tables.ts', binding: 'SEALED' }] },
      "Object.seal({ name: 'cap', cap: true })",
      'Object.seal',
    ],
    [
      'as const',
      { tables: [{ file: 'tables.ts', binding: 'CONSTED' }] },
      "{ name: 'cap', cap: true } as const",
      'not wrapped in Object.freeze',
    ],
    [
      'a let table',
      { tables: [{ file: 'tables.ts', binding: 'REBINDABLE' }] },
      "REBINDABLE = Object.freeze({ name: 'cap', cap: true })",
      'rebound',
    ],
    [
      'a table the config forgot, returned by the resolver',
      { resolver: { file: 'tables.ts', function: 'forgetfulResolve' } },
      "{ name: 'diff', cap: false }",
      'not wrapped in Object.freeze',
    ],
    [
      'an unfrozen table nested in a frozen one',
      { resolver: { file: 'tables.ts', function: 'nestedResolve' } },
      "{ name: 'cap', cap: true }",
      'not wrapped in Object.freeze',
    ],
  ] as const)('%s fails, naming the node', (_what, cfg, node, message) => {
    const out = gateArmsFrozen(ctx, cfg);
    const hit = out.findings.find((f) => f.node === node && f.message.includes(message));
    expect(hit, describeFindings(out.findings)).toBeDefined();
  });
});

describe('GATE-ARM-STRICT-EQ', () => {
  const judge = (fn: string) => gateArmStrictEq(ctx, { resolver: { file: 'resolvers.ts', function: fn } });

  test.each([['okStrict'], ['okCommentString'], ['okTypeofSwitch'], ['okHelper']])('%s passes', (fn) => {
    const out = judge(fn);
    expect(out.findings, describeFindings(out.findings)).toEqual([]);
    expect(out.checks).toBeGreaterThan(1);
  });

  test.each([
    ['if (flag)', 'badIf', 'if (flag) return B;', 'truthiness'],
    ['!flag', 'badNot', '!flag', 'truthiness'],
    ['Boolean(flag)', 'badBoolean', 'Boolean(flag)', 'coerces by truthiness'],
    ['==', 'badLoose', "flag == 'cap'", 'loose equality'],
    ['ARMS[flag]', 'badLookup', 'TABLE[flag as string]', 'as a key'],
    ['flag in …', 'badIn', '(flag as string) in TABLE', 'property key'],
    ['flag ? … : …', 'badTernary', 'flag ? B : A', 'truthiness'],
    ['flag && …', 'badAnd', 'flag && B', 'truthiness'],
    ['flag ?? …', 'badNullish', 'flag ?? false', 'nullishness'],
    ['an alias tested by truthiness', 'badAlias', 'if (f) return B;', 'through `f`'],
    ['a helper that coerces', 'badHelper', '!v', 'through parameter `v`'],
    ['a library lookup', 'badIncludes', "['cap', 'all'].includes(flag as string)", 'not a strict test'],
    ['arguments[0]', 'badArguments', 'arguments[0]', '`arguments`'],
  ])('%s fails, naming the node', (_what, fn, node, message) => {
    const out = judge(fn);
    const hit = out.findings.find((f) => f.node === node && f.message.includes(message));
    expect(hit, describeFindings(out.findings)).toBeDefined();
    expect(hit!.file).toBe('resolvers.ts');
  });
});

describe('GATE-ARM-STRICT-EQ: JSDoc and the declaration are not uses', () => {
  // The same resolver with and without JSDoc naming the flag; gates/README.md tells JS authors to
  // write JSDoc, so a tag must never count as a use (and the parameter's own name never does).
  const body = (head: string, test: string): string => `${head} {
  if (${test}) return A;
  if (flag === 'cap') return B;
  if (flag === 'diff' || flag === true) return A;
  throw new TypeError('unknown arm');
}
`;
  const tables = "const A = Object.freeze({ name: 'off' });\nconst B = Object.freeze({ name: 'cap' });\n";
  const jsDoc =
    "/**\n * Picks the arm; see {@link flag}.\n * @param {boolean|'cap'|'diff'|undefined} [flag] the arm flag\n * @returns {typeof A}\n */\n";
  const tsDoc = "/**\n * Picks the arm; see {@link flag}.\n * @param flag the arm flag: true, 'cap' or 'diff'\n */\n";
  const strict = 'flag === false || flag === undefined';
  const files: Record<string, string> = {
    'plain.js': tables + body('export function pick(flag)', strict),
    'doc.js': tables + jsDoc + body('export function pick(flag)', strict),
    'doc-bad.js': tables + jsDoc + body('export function pick(flag)', '!flag'),
    'plain.ts': tables + body("export function pick(flag?: boolean | 'cap' | 'diff')", strict),
    'doc.ts': tables + tsDoc + body("export function pick(flag?: boolean | 'cap' | 'diff')", strict),
    'doc-bad.ts': tables + tsDoc + body("export function pick(flag?: boolean | 'cap' | 'diff')", '!flag'),
  };
  const dir = fixtureDir(files);
  let docCtx: GateContext;
  beforeAll(() => {
    docCtx = contextFor(dir, {
      'GATE-NO-MODULE-STATE': { files: ['plain.js', 'doc.js', 'doc-bad.js', 'plain.ts', 'doc.ts', 'doc-bad.ts'] },
    });
  });
  const judge = (file: string) => gateArmStrictEq(docCtx, { resolver: { file, function: 'pick' } });

  test.each([['js'], ['ts']])('.%s: a JSDoc @param and {@link} leave exactly the undocumented uses', (ext) => {
    const plain = judge(`plain.${ext}`);
    const doc = judge(`doc.${ext}`);
    expect(plain.findings, describeFindings(plain.findings)).toEqual([]);
    expect(doc.findings, describeFindings(doc.findings)).toEqual([]);
    // flag === false, flag === undefined, flag === 'cap', flag === 'diff', flag === true
    expect(plain.checks).toBe(5);
    expect(doc.checks).toBe(plain.checks);
  });

  test.each([['js'], ['ts']])('.%s: a documented resolver that coerces still fails, at the coercion only', (ext) => {
    const out = judge(`doc-bad.${ext}`);
    expect(
      out.findings.map((f) => [f.line, f.node]),
      describeFindings(out.findings),
    ).toEqual([[lineOf(files[`doc-bad.${ext}`]!, '!flag'), '!flag']]);
    expect(out.checks).toBe(4);
  });
});
