/**
 * The cheap read path: a slice encodes only its window, the ledger keeps where the
 * next slice starts (in UTF-16 units) and the one partly delivered text being read through.
 * Everything is checked against byte slices of the whole text, as the contract states them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../reference/index.ts';
import { Ledger, contentHash } from '../../reference/ledger.ts';
import { unitIndex } from '../../reference/utf8.ts';
import { SEAL, bytes, rig } from './support.ts';

const UNIT = fc.constantFrom('a', 'b', '\n', 'é', '€', '😀', '𝄞', '\ud800', '\udfff', '\ufffd');
const textArb = fc.array(UNIT, { maxLength: 80 }).map((xs) => xs.join(''));

describe('unitIndex: the UTF-16 index of a UTF-8 byte offset', () => {
  it('is exact at every code point boundary and rounds down inside a sequence', () => {
    fc.assert(
      fc.property(textArb, (t) => {
        // boundaries: the byte length of every prefix that does not split a surrogate pair
        const at = new Map<number, number>();
        for (let k = 0; k <= t.length; k++) {
          const splitsPair =
            k > 0 && k < t.length && /[\ud800-\udbff]/.test(t[k - 1]!) && /[\udc00-\udfff]/.test(t[k]!);
          if (!splitsPair) at.set(bytes(t.slice(0, k)), k);
        }
        const total = bytes(t);
        let last = 0;
        for (let b = 0; b <= total; b++) {
          if (at.has(b)) last = at.get(b)!;
          expect(unitIndex(t, b)).toBe(last);
        }
        expect(unitIndex(t, total + 5)).toBe(t.length);
      }),
      { seed: 1614, numRuns: 300 },
    );
  });
});

describe('slices cut from a window equal byte slices of the whole text', () => {
  it('every slice of a full delivery: exact bytes, on boundaries, within the cap, advancing', async () => {
    await fc.assert(
      fc.asyncProperty(textArb, fc.integer({ min: 4, max: 24 }), async (t, cap) => {
        const r = rig({ arm: 'cap', cap });
        r.disk.write('f', t);
        const all = Buffer.from(t);
        let held = 0;
        for (let reads = 0; reads < 1000; reads++) {
          const res = await r.read('f');
          if (res === t && held === 0) return; // fits: verbatim first read
          const c = decodeResponse(res, SEAL);
          if (c.kind === 'pointer') {
            expect(held).toBe(all.length);
            return;
          }
          expect(c.kind).toBe('slice');
          if (c.kind !== 'slice') return;
          expect(c.start).toBe(held);
          expect(c.total).toBe(all.length);
          expect(Buffer.from(c.payload).equals(all.subarray(c.start, c.end))).toBe(true);
          expect(c.end - c.start).toBeLessThanOrEqual(cap);
          if (!c.done) expect(c.end).toBeGreaterThanOrEqual(Math.min(all.length, c.start + cap - 3));
          expect(c.end < all.length ? (all[c.end]! & 0xc0) !== 0x80 : true).toBe(true);
          held = c.end;
        }
        throw new Error('no progress');
      }),
      { seed: 1615, numRuns: 250 },
    );
  });

  it('a surrogate pair cut by the cap + 1 window is walked back over, never split', async () => {
    const r = rig({ arm: 'cap', cap: 4 });
    r.disk.write('f', 'abc😀d');
    expect(decodeResponse(await r.read('f'), SEAL)).toMatchObject({ kind: 'slice', start: 0, end: 3, payload: 'abc' });
    expect(decodeResponse(await r.read('f'), SEAL)).toMatchObject({ kind: 'slice', start: 3, end: 7, payload: '😀' });
    expect(decodeResponse(await r.read('f'), SEAL)).toMatchObject({
      kind: 'slice',
      start: 7,
      end: 8,
      done: true,
      payload: 'd',
    });
  });
});

describe('the one kept text: continuations compare a string; the others hash', () => {
  const A = 'é'.repeat(30) + 'a'.repeat(40); // 100 bytes
  const B = 'b'.repeat(100);

  it('interleaved partial deliveries of two files each continue where they were', async () => {
    const r = rig({ arm: 'cap', cap: 30 });
    r.disk.write('a', A);
    r.disk.write('b', B);
    const seen = { a: 0, b: 0 };
    for (const p of ['a', 'b', 'a', 'b', 'a', 'a', 'b', 'b'] as const) {
      const c = decodeResponse(await r.read(p), SEAL);
      if (c.kind !== 'slice') throw new Error(`expected a slice, got ${c.kind}`);
      expect(c.start).toBe(seen[p]);
      expect(Buffer.from(c.payload).equals(Buffer.from(p === 'a' ? A : B).subarray(c.start, c.end))).toBe(true);
      seen[p] = c.end;
    }
  });

  it.each(['kept', 'let go'] as const)(
    'a change to a partly delivered file (%s) restarts it from byte 0',
    async (state) => {
      const r = rig({ arm: 'cap', cap: 30 });
      r.disk.write('a', A);
      r.disk.write('b', B);
      await r.read('a');
      if (state === 'let go') await r.read('b'); // b's partial delivery takes the kept slot
      r.disk.write('a', A.replace('a', 'z'));
      expect(decodeResponse(await r.read('a'), SEAL)).toMatchObject({ kind: 'slice', start: 0 });
    },
  );

  it.each(['kept', 'let go'] as const)('an unchanged partly delivered file (%s) continues', async (state) => {
    const r = rig({ arm: 'cap', cap: 30 });
    r.disk.write('a', A);
    r.disk.write('b', B);
    const first = decodeResponse(await r.read('a'), SEAL);
    if (state === 'let go') await r.read('b');
    const next = decodeResponse(await r.read('a'), SEAL);
    expect(first).toMatchObject({ kind: 'slice', start: 0 });
    expect(next).toMatchObject({ kind: 'slice', start: first.kind === 'slice' ? first.end : -1 });
  });
});

describe('Ledger: at most one entry keeps a partly delivered text', () => {
  const partial = (text: string) => ({ delivered: 1, total: bytes(text), at: 1, kept: text });

  it('a second kept entry lets the first go for the hash of its text', () => {
    const l = new Ledger();
    l.set('a', '{}', partial('alpha'));
    l.set('b', '{}', partial('beta'));
    // the let-go entry keeps its place in the order of deliveries (seq 1: the first)
    expect(l.get('a', '{}')).toEqual({ delivered: 1, total: 5, at: 1, hash: contentHash('alpha'), seq: 1 });
    expect(l.get('b', '{}')?.kept).toBe('beta');
  });

  it('the same key, another request key, full entries', () => {
    const l = new Ledger();
    l.set('a', '{}', partial('alpha'));
    l.set('a', '{}', partial('alpha2'));
    expect(l.get('a', '{}')?.kept).toBe('alpha2');
    l.set('a', '{"limit":1}', partial('x'));
    expect(l.get('a', '{}')?.kept).toBeUndefined();
    expect(l.get('a', '{}')?.hash).toBe(contentHash('alpha2'));
    l.set('c', '{}', { delivered: 4, total: 4, at: 4, full: 'full' });
    expect(l.get('a', '{"limit":1}')?.kept).toBe('x'); // a full entry takes no slot
    expect(l.heldBytes()).toBe(4);
  });

  it('contentHash is SHA-256 of the UTF-8 bytes', () => {
    expect(contentHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(contentHash('é')).toBe(contentHash(Buffer.from('é').toString('utf8')));
  });
});
