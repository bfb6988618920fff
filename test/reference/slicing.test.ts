/**
 * The cap lever (spec/SPEC.md "Levers"): FIRST-VERBATIM, SLICE-EXACT,
 * SLICE-CONTINUES, DONE-TRUE, UTF8-WHOLE, CAP-BOUND, PROGRESS. Expected offsets are worked out
 * by hand from the contract (cap, walk-back to a code-point boundary), never read off the shim.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sealPrefix } from '../../reference/index.ts';
import { SEAL, ascii, byteSlice, bytes, rig, split } from './support.ts';

const P = sealPrefix(SEAL);

/** The contract's wording requirements for a slice that stops short (§4 step 6). */
function expectPartial(response: string, path: string, start: number, end: number, total: number, file: string): void {
  const { notice, payload } = split(response);
  expect(notice.startsWith(`${P} `)).toBe(true);
  expect(notice).toContain(`${start}-${end} of ${total}`);
  expect(notice).toContain(JSON.stringify(path));
  expect(notice).toMatch(/not the whole file/i);
  expect(notice).toMatch(new RegExp(`continue[^.]*\\b${end}\\b`, 'i'));
  for (const verb of ['ctx_recall', 'ctx_get', 'grep']) expect(notice).toContain(verb);
  expect(notice).not.toMatch(/you now hold all/i);
  expect(payload).toBe(byteSlice(file, start, end));
  expect(bytes(payload)).toBe(end - start);
}

/** A slice that reaches the end: "rest of the file", "you now hold all of it". */
function expectRest(response: string, path: string, start: number, total: number, file: string): void {
  const { notice, payload } = split(response);
  expect(notice.startsWith(`${P} `)).toBe(true);
  expect(notice).toContain(`${start}-${total} of ${total}`);
  expect(notice).toContain(JSON.stringify(path));
  expect(notice).toMatch(/rest of the file/i);
  expect(notice).toMatch(new RegExp(`(now )?hold all ${total} bytes`, 'i'));
  expect(notice).not.toMatch(/not the whole file/i);
  expect(payload).toBe(byteSlice(file, start, total));
}

describe('FIRST-VERBATIM: a first read that fits under the cap is the tool text, untouched', () => {
  it.each(['cap', true, 'diff'] as const)('arm %j: small, exactly-cap, multibyte and empty files', async (arm) => {
    const r = rig({ arm, cap: 32 });
    const files = {
      small: 'hello\n',
      exact: ascii(32),
      mb: 'ééé€€😀'.repeat(2),
      empty: '',
      imitation: '[readshim zz] unchanged: "x"',
    };
    for (const [path, content] of Object.entries(files)) {
      r.disk.write(path, content);
      expect(await r.read(path)).toBe(content);
    }
    expect(bytes(files.mb)).toBe(32);
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 0, bytesWithheld: 0 });
  });

  it('the diff arm has no cap: a first read of any size is verbatim', async () => {
    const r = rig({ arm: 'diff', cap: 4 });
    const big = ascii(100_000);
    r.disk.write('big', big);
    expect(await r.read('big')).toBe(big);
  });
});

describe('cap slicing and next-unseen continuation', () => {
  it.each(['cap', true] as const)('arm %j: 25 bytes, cap 10 → 0-10, 10-20, 20-25 (rest), then pointer', async (arm) => {
    const r = rig({ arm, cap: 10 });
    const f = ascii(25);
    r.disk.write('f.txt', f);
    expectPartial(await r.read('f.txt'), 'f.txt', 0, 10, 25, f);
    expectPartial(await r.read('f.txt'), 'f.txt', 10, 20, 25, f);
    expectRest(await r.read('f.txt'), 'f.txt', 20, 25, f);
    const ptr = await r.read('f.txt');
    expect(ptr.startsWith(`${P} `)).toBe(true);
    expect(ptr).toMatch(/unchanged/);
    expect(ptr).toContain('25 bytes');
    expect(ptr).not.toContain(f.slice(0, 5)); // no bytes
  });

  it('a file of exactly 2×cap ends with a rest slice that brings nothing extra', async () => {
    const r = rig({ arm: 'cap', cap: 8 });
    const f = ascii(16, 3);
    r.disk.write('f', f);
    expectPartial(await r.read('f'), 'f', 0, 8, 16, f);
    expectRest(await r.read('f'), 'f', 8, 16, f);
    expect(await r.read('f')).toMatch(/unchanged/);
  });

  it('a file one byte over the cap: 0-cap then a one-byte rest', async () => {
    const r = rig({ arm: true, cap: 8 });
    const f = ascii(9);
    r.disk.write('f', f);
    expectPartial(await r.read('f'), 'f', 0, 8, 9, f);
    expectRest(await r.read('f'), 'f', 8, 9, f);
  });

  it('payloads of successive slices concatenate to the file (SLICE-EXACT)', async () => {
    const r = rig({ arm: 'cap', cap: 7 });
    const f = 'línea 1 — ünïcödé\r\nline 2 😀 end\nno final newline';
    r.disk.write('f', f);
    let got = '';
    for (let i = 0; i < 50; i++) {
      const res = await r.read('f');
      if (/unchanged/.test(split(res).notice)) break;
      got += split(res).payload;
    }
    expect(got).toBe(f);
  });

  it('under the diff arm there is no cap: an unchanged re-read sends the whole file again', async () => {
    const r = rig({ arm: 'diff', cap: 4 });
    const f = ascii(40);
    r.disk.write('f', f);
    expect(await r.read('f')).toBe(f);
    for (let i = 0; i < 2; i++) {
      const { notice, payload } = split(await r.read('f'));
      expect(notice).toContain('0-40 of 40');
      expect(notice).toMatch(/hold all 40 bytes/);
      expect(payload).toBe(f);
    }
  });
});

describe('UTF8-WHOLE: a slice never splits a multi-byte sequence', () => {
  // cap 10: a sequence of n bytes starting at byte 10 - k straddles the cap when 0 < k < n, and
  // then the slice must end at 10 - k; otherwise (k = 0 or k = n) the cap falls on a boundary.
  const SEQS = [
    ['2-byte', 'é'],
    ['3-byte', '€'],
    ['4-byte', '😀'],
  ] as const;
  const cases = SEQS.flatMap(([label, ch]) => {
    const n = bytes(ch);
    return Array.from({ length: n + 1 }, (_, k) => ({ label, ch, n, k, end: k > 0 && k < n ? 10 - k : 10 }));
  });

  it.each(cases)(
    '$label sequence starting at byte 10-$k (cap 10): first slice ends at $end',
    async ({ ch, n, k, end }) => {
      const r = rig({ arm: 'cap', cap: 10 });
      const f = `${ascii(10 - k)}${ch}${ascii(12, 5)}`;
      r.disk.write('f', f);
      const total = bytes(f);
      const first = await r.read('f');
      expectPartial(first, 'f', 0, end, total, f);
      // the continuation starts exactly there; the sequence is whole in one of the two slices
      const second = await r.read('f');
      expectPartial(second, 'f', end, end + 10, total, f);
      if (k < n) expect(split(second).payload.startsWith(ch)).toBe(true);
      else expect(split(first).payload.endsWith(ch)).toBe(true);
    },
  );

  it('the walk-back applies to continuations too (start > 0)', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    // bytes 0-10 ASCII; a 4-byte sequence at 18..22 straddles 20 → second slice 10-18
    const f = `${ascii(18)}😀${ascii(6)}`;
    r.disk.write('f', f);
    expectPartial(await r.read('f'), 'f', 0, 10, 28, f);
    expectPartial(await r.read('f'), 'f', 10, 18, 28, f);
    expectRest(await r.read('f'), 'f', 18, 28, f);
  });

  it.each([
    [4, 4],
    [5, 4],
    [6, 4],
    [7, 4],
    [8, 8],
  ])('a file of 4-byte sequences, cap %i → slices of %i bytes', async (cap, step) => {
    const r = rig({ arm: 'cap', cap });
    const f = '😀🎉🚀💡🔥';
    r.disk.write('f', f);
    let start = 0;
    for (let i = 0; i < 10 && start < 20; i++) {
      const end = Math.min(start + step, 20);
      const res = await r.read('f');
      if (end < 20) expectPartial(res, 'f', start, end, 20, f);
      else if (start === 0) expect(res).toBe(f);
      else expectRest(res, 'f', start, 20, f);
      start = end;
    }
    expect(start).toBe(20);
  });

  it('a leading ASCII byte before 4-byte sequences, cap 4: 0-1, 1-5, 5-9', async () => {
    const r = rig({ arm: 'cap', cap: 4 });
    const f = 'a😀😀';
    r.disk.write('f', f);
    expectPartial(await r.read('f'), 'f', 0, 1, 9, f);
    expectPartial(await r.read('f'), 'f', 1, 5, 9, f);
    expectRest(await r.read('f'), 'f', 5, 9, f);
  });
});

/** Texts dense in 1/2/3/4-byte sequences, plus arbitrary code points. */
const MIXED = fc.oneof(
  fc
    .array(fc.constantFrom('a', 'Z', '\n', '\r\n', 'é', 'ß', '€', '中', '😀', '𝄞'), { maxLength: 80 })
    .map((a) => a.join('')),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

describe('PROGRESS, CAP-BOUND, UTF8-WHOLE, SLICE-EXACT over random texts (fixed seed)', () => {
  it('each slice is <= cap bytes, on boundaries, advances >= cap-3, and the pieces make the file', async () => {
    await fc.assert(
      fc.asyncProperty(
        MIXED,
        fc.integer({ min: 4, max: 40 }),
        fc.constantFrom<'cap' | true>('cap', true),
        async (f, cap, arm) => {
          const r = rig({ arm, cap });
          r.disk.write('f', f);
          const buf = Buffer.from(f, 'utf8');
          const total = buf.length;
          const isBoundary = (i: number): boolean => i === 0 || i === total || (buf[i]! & 0xc0) !== 0x80;
          let held = 0;
          let reads = 0;
          for (;;) {
            const res = await r.read('f');
            reads++;
            if (reads === 1 && total <= cap) {
              expect(res).toBe(f);
              held = total;
              break;
            }
            const m = /^\[readshim testseal\] (partial|rest): bytes (\d+)-(\d+) of (\d+) of "f"/.exec(res);
            expect(m, res.slice(0, 120)).not.toBeNull();
            const [start, end, tot] = [Number(m![2]), Number(m![3]), Number(m![4])];
            expect(tot).toBe(total);
            expect(start).toBe(held);
            expect(end - start).toBeLessThanOrEqual(cap);
            expect(end).toBeGreaterThanOrEqual(Math.min(total, held + cap - 3));
            expect(isBoundary(end)).toBe(true);
            expect(Buffer.from(split(res).payload, 'utf8').equals(buf.subarray(start, end))).toBe(true);
            expect(m![1]).toBe(end === total ? 'rest' : 'partial');
            held = end;
            if (end === total) break;
          }
          expect(reads).toBeLessThanOrEqual(Math.max(1, Math.ceil(total / (cap - 3))));
          expect(split(await r.read('f')).notice).toMatch(/unchanged/);
        },
      ),
      { seed: 20_251_130, numRuns: 300 },
    );
  });
});

describe('a content change resets coverage (COVERAGE-SURVIVES-CHANGE is the masking direction)', () => {
  const A = ascii(25);
  it.each([
    ['edited, same size', ascii(25, 7)],
    ['grown', `${A}more bytes`],
    ['shrunk below the delivered prefix', A.slice(0, 8)],
    ['shrunk to exactly the delivered prefix', A.slice(0, 10)],
  ])('%s between slices: the next read starts again at byte 0', async (_label, B) => {
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('f', A);
    expectPartial(await r.read('f'), 'f', 0, 10, 25, A);
    r.disk.write('f', B);
    const res = await r.read('f');
    const total = bytes(B);
    if (total > 10) expectPartial(res, 'f', 0, 10, total, B);
    else {
      const { notice, payload } = split(res);
      expect(notice).toContain(`0-${total} of ${total}`);
      expect(notice).toMatch(new RegExp(`hold all ${total} bytes`));
      expect(notice).not.toMatch(/unchanged:/);
      expect(payload).toBe(B);
    }
  });

  it('a changed file that fits is re-sent whole and labelled as changed', async () => {
    const r = rig({ arm: 'cap', cap: 100 });
    r.disk.write('f', 'one\n');
    expect(await r.read('f')).toBe('one\n');
    r.disk.write('f', 'two\n');
    const { notice, payload } = split(await r.read('f'));
    expect(notice).toContain('0-4 of 4');
    expect(notice).toMatch(/changed/);
    expect(notice).toMatch(/hold all 4 bytes/);
    expect(payload).toBe('two\n');
  });
});
