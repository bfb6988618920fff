/**
 * Arms, cap domain, identity and persona (spec/SPEC.md "The arms", ARM-GUARD, ARM-TABLE, PERSONA-TRUTH): ARM-GUARD, ARM-TABLE, CAP-PARAM, OFF-IDENTITY, PERSONA-TRUTH.
 */
import { describe, expect, it } from 'vitest';
import { createReadShim, personaLine, resolveArm, sealPrefix } from '../../reference/index.ts';
import { Disk, SEAL, rig } from './support.ts';

/** The contract's table, written out by hand (§3). */
const TABLE = [
  { flag: false, name: 'off', on: false, cap: false, pointer: false, diff: false, g1: false },
  { flag: undefined, name: 'off', on: false, cap: false, pointer: false, diff: false, g1: false },
  { flag: 'cap', name: 'cap', on: true, cap: true, pointer: true, diff: false, g1: true },
  { flag: 'diff', name: 'diff', on: true, cap: false, pointer: false, diff: true, g1: false },
  { flag: true, name: 'all', on: true, cap: true, pointer: true, diff: true, g1: true },
] as const;

const ILLEGAL_ARMS: readonly unknown[] = [
  'diff ',
  'Diff',
  'cap+diff',
  1,
  'true',
  null,
  0,
  '',
  {},
  'all',
  'off',
  'false',
  'CAP',
  [],
  NaN,
];

const expectNamesLegalSpellings = (message: string): void => {
  for (const spelling of ['false', 'undefined', "'cap'", "'diff'", 'true']) expect(message).toContain(spelling);
};

describe('ARM-TABLE: each legal spelling selects exactly its levers', () => {
  it.each(TABLE)('resolveArm($flag) is the $name row', ({ flag, ...row }) => {
    const arm = resolveArm(flag);
    expect({ name: arm.name, on: arm.on, cap: arm.cap, pointer: arm.pointer, diff: arm.diff, g1: arm.g1 }).toEqual(row);
    expect(Object.isFrozen(arm)).toBe(true);
  });

  it.each(TABLE)('createReadShim({ arm: $flag }).arm is the $name row', ({ flag, name }) => {
    expect(createReadShim({ arm: flag, seal: SEAL }).arm.name).toBe(name);
  });

  it('no arm option means off', () => {
    expect(createReadShim().arm.on).toBe(false);
  });
});

describe('ARM-GUARD: anything else throws a TypeError naming the legal spellings', () => {
  it.each(ILLEGAL_ARMS.map((flag) => [flag]))('resolveArm(%j) throws', (flag) => {
    let caught: unknown;
    try {
      resolveArm(flag);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TypeError);
    expectNamesLegalSpellings((caught as TypeError).message);
  });

  it.each(ILLEGAL_ARMS.map((flag) => [flag]))('createReadShim({ arm: %j }) throws before any read', (flag) => {
    const disk = new Disk();
    expect(() => createReadShim({ arm: flag }).wrapRead(disk.tool)).toThrow(TypeError);
    expect(() => personaLine(flag, 100, SEAL)).toThrow(TypeError);
    expect(disk.calls).toBe(0);
  });

  it('other exotic flags throw too (symbol, bigint, function)', () => {
    for (const flag of [Symbol('cap'), 1n, () => 'cap', new String('cap')])
      expect(() => resolveArm(flag)).toThrow(TypeError);
  });

  // The operator reads which value was refused, quoted so whitespace and case show.
  it.each([
    ['diff ', 'unknown arm "diff " '],
    ['Diff', 'unknown arm "Diff" '],
    [1, 'unknown arm 1;'],
    [null, 'unknown arm null;'],
    [Number.NaN, 'unknown arm NaN;'],
    [5n, 'unknown arm 5n;'],
    [Symbol('cap'), 'unknown arm Symbol(cap);'],
    [() => 'cap', 'unknown arm a function;'],
    [{ arm: 'cap' }, 'unknown arm an object;'],
    [['cap'], 'unknown arm an object;'],
  ])('the message names the refused flag %s exactly', (flag, says) => {
    expect(() => resolveArm(flag)).toThrow(says.trimEnd());
  });
});

describe('CAP-PARAM: the cap is an integer >= 4, anything else a RangeError naming the domain', () => {
  const BAD_CAPS: readonly unknown[] = [0, 3, 4.5, NaN, -1, Infinity, '100', -Infinity, null];

  it.each(BAD_CAPS.map((cap) => [cap]))('cap %j throws RangeError (every arm, and personaLine)', (cap) => {
    for (const arm of [false, 'cap', 'diff', true]) {
      let caught: unknown;
      try {
        createReadShim({ arm, cap: cap as number, seal: SEAL });
      } catch (e) {
        caught = e;
      }
      expect(caught, `arm ${String(arm)}`).toBeInstanceOf(RangeError);
      const msg = (caught as RangeError).message;
      expect(msg).toMatch(/integer/i);
      expect(msg).toMatch(/(>=|≥)\s*4|at least 4/);
    }
    expect(() => personaLine('cap', cap as number, SEAL)).toThrow(RangeError);
  });

  it('cap 4 works: slices of at most 4 bytes that each advance', async () => {
    const r = rig({ arm: 'cap', cap: 4 });
    r.disk.write('f', 'abcdefghij');
    const got: string[] = [];
    for (let i = 0; i < 3; i++) got.push((await r.read('f')).split('\n')[1]!);
    expect(got).toEqual(['abcd', 'efgh', 'ij']);
    expect(r.shim.cap).toBe(4);
  });

  it('no cap means the production cap 24,576', () => {
    expect(createReadShim({ arm: 'cap' }).cap).toBe(24_576);
  });
});

describe('OFF-IDENTITY: the off arm wraps nothing', () => {
  it.each([false, undefined])('arm %j returns the same tool object with the same execute', async (arm) => {
    const disk = new Disk();
    const execute = disk.tool.execute;
    const shim = createReadShim({ arm, cap: 4, seal: SEAL });
    const wrapped = shim.wrapRead(disk.tool);
    expect(wrapped).toBe(disk.tool);
    expect(wrapped.execute).toBe(execute);
    // and nothing is counted or served
    disk.write('f', 'x'.repeat(50));
    await wrapped.execute({ path: 'f' });
    await wrapped.execute({ path: 'f' });
    expect(shim.summary()).toEqual({ pointered: 0, capped: 0, bytesWithheld: 0, heldBytes: 0 });
    expect(await shim.serveStale({ path: 'f', startLine: 0, endLine: 0 })).toBeNull();
  });

  it('an on arm returns a different tool that keeps the other properties', () => {
    const disk = new Disk();
    const wrapped = createReadShim({ arm: 'cap', seal: SEAL }).wrapRead(disk.tool);
    expect(wrapped).not.toBe(disk.tool);
    expect(wrapped.execute).not.toBe(disk.tool.execute);
    expect(wrapped.name).toBe('shell_read');
  });
});

describe('PERSONA-TRUTH: the persona describes exactly the levers in force', () => {
  const capWords = (p: string, cap: number): void => {
    expect(p).toContain(String(cap)); // the bound
    expect(p).toMatch(/continue/i); // a re-read continues
    expect(p).toMatch(/unchanged|you hold it/i); // a whole re-read answers "you hold it"
    for (const verb of ['ctx_recall', 'ctx_get', 'grep']) expect(p).toContain(verb); // aiming verbs
  };
  const body = (p: string): string => p.slice(sealPrefix(SEAL).length);

  it.each([4, 4096, 24_576])('cap %i: off has none; cap states the cap and no diff; diff no cap; all both', (cap) => {
    const persona = (arm: unknown): string | null => createReadShim({ arm, cap, seal: SEAL }).persona;
    expect(persona(false)).toBeNull();
    expect(persona(undefined)).toBeNull();

    const p1 = persona('cap')!;
    capWords(p1, cap);
    expect(p1).not.toMatch(/diff/i);

    const p2 = persona('diff')!;
    expect(p2).toMatch(/diff/i);
    expect(body(p2)).not.toContain(String(cap));
    expect(p2).not.toMatch(/\bcap\b|at most|continue/i);

    const p3 = persona(true)!;
    capWords(p3, cap);
    expect(p3).toMatch(/diff/i);
  });

  it('NOTICE-SEALED: every persona carries the instance seal, and personaLine agrees with the shim', () => {
    for (const arm of ['cap', 'diff', true] as const) {
      for (const seal of [SEAL, 'zzq', 'another-seal']) {
        const shim = createReadShim({ arm, cap: 100, seal });
        expect(shim.persona!.startsWith(sealPrefix(seal))).toBe(true);
        expect(shim.persona).toContain(seal);
        expect(personaLine(arm, 100, seal)).toBe(shim.persona);
        expect(shim.seal).toBe(seal);
      }
    }
    expect(personaLine(false, 100, SEAL)).toBeNull();
  });

  it('a persona is one line', () => {
    for (const arm of ['cap', 'diff', true] as const)
      expect(createReadShim({ arm, seal: SEAL }).persona).not.toContain('\n');
  });

  it('the default seal is random per instance', () => {
    const a = createReadShim({ arm: 'cap' }).seal;
    const b = createReadShim({ arm: 'cap' }).seal;
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(8);
  });
});
