/**
 * The oracle's request keys (src/core/paths.ts) and the reference's ledger keys (reference/keys.ts)
 * are written independently; one shared table of cases, with the expected answers written by
 * hand, checks both — they must agree with the table and so with each other — and random paths
 * and JSON values check that they agree beyond it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, keyPath, requestKey, resolvePath } from '../../src/core/paths.ts';
import { argsKey, normalizePath } from '../../reference/keys.ts';

/** path → the file it names. */
const PATHS: ReadonlyArray<readonly [string, string]> = [
  ['a', 'a'],
  ['./a', 'a'],
  ['a/', 'a'],
  ['a//b', 'a/b'],
  ['a/./b/.', 'a/b'],
  ['d/../a', 'a'],
  ['d/e/../../a', 'a'],
  ['a/..', '.'],
  ['a/../', '.'],
  ['', '.'],
  ['.', '.'],
  ['./', '.'],
  ['..', '..'],
  ['../', '..'],
  ['../a', '../a'],
  ['../../a/../b', '../../b'],
  ['a/../../b', '../b'],
  ['/', '/'],
  ['//', '/'],
  ['//a', '/a'],
  ['/a/', '/a'],
  ['/..', '/'],
  ['/../a', '/a'],
  ['/a/b/../../..', '/'],
  ['src/b.ts', 'src/b.ts'],
  ['./src/b.ts', 'src/b.ts'],
  ['src/./b.ts', 'src/b.ts'],
  ['Src/B.ts', 'Src/B.ts'],
  ['...', '...'],
  ['a/.../b', 'a/.../b'],
  ['.a/..b', '.a/..b'],
  ['a\\b', 'a\\b'],
  ['é/😀', 'é/😀'],
  [' a ', ' a '],
];

/** arguments (path left out) → canonical JSON. */
const ARGS: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
  [{}, '{}'],
  [{ offset: 1, limit: 2 }, '{"limit":2,"offset":1}'],
  [{ limit: 2, offset: 1 }, '{"limit":2,"offset":1}'],
  [{ offset: undefined, limit: 5 }, '{"limit":5}'],
  [{ offset: null }, '{"offset":null}'],
  [{ b: { d: 1, c: [3, { f: 1, e: 2 }] } }, '{"b":{"c":[3,{"e":2,"f":1}],"d":1}}'],
  [{ list: [1, undefined, 'x'] }, '{"list":[1,null,"x"]}'],
  [{ '10': 'a', '9': 'b', a: 'c', B: 'd' }, '{"10":"a","9":"b","B":"d","a":"c"}'],
  [{ é: 1, e: 2, z: 3 }, '{"e":2,"z":3,"é":1}'],
  [{ n: -0, big: 1e21, small: 1e-7, frac: 0.5 }, '{"big":1e+21,"frac":0.5,"n":0,"small":1e-7}'],
  [{ s: 'quote " and \\ and \n and \u2028 and \ud800' }, '{"s":"quote \\" and \\\\ and \\n and \u2028 and \\ud800"}'],
  [{ t: true, f: false }, '{"f":false,"t":true}'],
  [{ nested: [[], {}, [[]]] }, '{"nested":[[],{},[[]]]}'],
  [{ encoding: 'utf8', offset: 3 }, '{"encoding":"utf8","offset":3}'],
];

describe('one table of paths: the oracle and the reference name the same file', () => {
  it.each(PATHS)('%j → %j', (path, file) => {
    expect(resolvePath(path)).toBe(file);
    expect(normalizePath(path)).toBe(file);
  });
});

describe('one table of arguments: the oracle and the reference key them the same', () => {
  it.each(ARGS)('%j → %s', (args, json) => {
    expect(canonicalJson(args)).toBe(json);
    expect(argsKey({ path: 'x', ...args })).toBe(json);
    // The request key: the same file and the same arguments, whatever the path's spelling.
    expect(requestKey('./d/../x', { ...args, path: 'ignored' })).toBe(`x\u0000${json}`);
    expect(keyPath(requestKey('./d/../x', args))).toBe('x');
  });
});

describe('beyond the table, they agree', () => {
  it('on random paths', () => {
    const segment = fc.constantFrom('', '.', '..', 'a', 'b', '...', 'é', 'A');
    const path = fc
      .tuple(fc.boolean(), fc.array(segment, { maxLength: 8 }))
      .map(([rooted, parts]) => (rooted ? '/' : '') + parts.join('/'));
    fc.assert(
      fc.property(path, (p) => {
        expect(resolvePath(p)).toBe(normalizePath(p));
      }),
      { numRuns: 2000, seed: 14 },
    );
  });

  it('on random JSON arguments', () => {
    const args = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(args, (a) => {
        const rest = Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'path'));
        expect(canonicalJson(rest)).toBe(argsKey({ ...rest, path: 'p' }));
      }),
      { numRuns: 1000, seed: 14 },
    );
  });

  it('neither keys what has no JSON form (the reference then keeps no ledger entry; the oracle refuses)', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
    expect(() => argsKey({ path: 'p', n: 1n })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
    expect(() => argsKey({ path: 'p', c: cyclic })).toThrow();
  });
});
