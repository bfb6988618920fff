/**
 * COUNT-EXACT and memory (spec/SPEC.md COUNT-EXACT): pointered / capped / bytesWithheld exact,
 * onCount once per counted response with its withheld bytes; held memory = fully delivered texts.
 */
import { describe, expect, it } from 'vitest';
import { ascii, rig } from './support.ts';

describe('COUNT-EXACT', () => {
  it('cap arm: slices, rest, pointer, first reads and empty-file pointers, by hand', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('big', ascii(25));
    r.disk.write('small', 'hello');
    r.disk.write('empty', '');

    await r.read('big'); // 0-10 of 25: capped, withheld 15
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 1, bytesWithheld: 15 });
    await r.read('big'); // 10-20: capped, withheld 5
    await r.read('big'); // 20-25 reaches the end: nothing withheld, not a capped response
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 2, bytesWithheld: 20 });
    await r.read('big'); // pointer: withheld the whole 25
    expect(r.shim.summary()).toMatchObject({ pointered: 1, capped: 2, bytesWithheld: 45 });

    await r.read('small'); // first read under the cap: counts nothing
    await r.read('empty'); // first read of an empty file: nothing
    expect(r.shim.summary()).toMatchObject({ pointered: 1, capped: 2, bytesWithheld: 45 });
    await r.read('small'); // pointer, 5
    await r.read('empty'); // pointer, 0
    expect(r.shim.summary()).toMatchObject({ pointered: 3, capped: 2, bytesWithheld: 50 });

    // onCount fired once per counted response, in order, with that response's withheld bytes
    expect(r.counted).toEqual([15, 5, 25, 5, 0]);
  });

  it('a changed file re-sliced from 0 counts its own withheld bytes', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('f', ascii(30));
    await r.read('f'); // withheld 20
    r.disk.write('f', ascii(12, 1));
    await r.read('f'); // 0-10 of 12: withheld 2
    await r.read('f'); // rest: nothing
    expect(r.counted).toEqual([20, 2]);
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 2, bytesWithheld: 22 });
  });

  it('multi-byte walk-back: withheld is total - end in bytes', async () => {
    const r = rig({ arm: 'cap', cap: 4 });
    r.disk.write('f', 'a😀😀'); // 9 bytes: slices 0-1, 1-5, 5-9
    await r.read('f');
    await r.read('f');
    await r.read('f');
    expect(r.counted).toEqual([8, 4]);
  });

  it('diff arm: diffs and re-deliveries count nothing', async () => {
    const r = rig({ arm: 'diff' });
    const A = Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join('');
    r.disk.write('f', A);
    await r.read('f');
    await r.read('f'); // unchanged, re-delivered
    r.disk.write('f', A.replace('line 50\n', 'LINE 50\n'));
    const res = await r.read('f');
    expect(res).toMatch(/^\[readshim testseal\] diff:/);
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 0, bytesWithheld: 0 });
    expect(r.counted).toEqual([]);
  });

  it('all arm: a diff counts nothing; the pointer after it counts the new total', async () => {
    const r = rig({ arm: true, cap: 24_576 });
    const A = Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join('');
    const B = A.replace('line 50\n', 'LINE 50\n');
    r.disk.write('f', A);
    await r.read('f');
    r.disk.write('f', B);
    expect(await r.read('f')).toMatch(/^\[readshim testseal\] diff:/);
    expect(r.counted).toEqual([]);
    await r.read('f');
    expect(r.counted).toEqual([Buffer.byteLength(B)]);
  });

  it('no callback is fine', async () => {
    const { createReadShim } = await import('../../reference/index.ts');
    const shim = createReadShim({ arm: 'cap', cap: 4, seal: 'x' });
    const tool = shim.wrapRead({ execute: async (_args: unknown) => 'abcdefgh' });
    await tool.execute({ path: 'f' });
    expect(shim.summary()).toMatchObject({ capped: 1, bytesWithheld: 4 });
  });
});

describe('memory: one copy of each fully delivered file, none for a partial one', () => {
  it('heldBytes is the UTF-8 size of the fully delivered texts', async () => {
    const r = rig({ arm: 'cap', cap: 40 });
    r.disk.write('a', 'x'.repeat(30)); // 30 bytes
    r.disk.write('b', 'é'.repeat(15)); // 30 bytes, 15 UTF-16 units
    r.disk.write('c', '😀'.repeat(5)); // 20 bytes, 10 UTF-16 units
    r.disk.write('big', ascii(100)); // partly delivered: holds nothing
    await r.read('a');
    await r.read('b');
    await r.read('c');
    await r.read('big');
    expect(r.shim.summary().heldBytes).toBe(80);
    r.shim.forget('b');
    expect(r.shim.summary().heldBytes).toBe(50);
    r.shim.forget();
    expect(r.shim.summary().heldBytes).toBe(0);
  });

  it('a file held in full that grows past the cap is held no more', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('f', 'short');
    await r.read('f');
    expect(r.shim.summary().heldBytes).toBe(5);
    r.disk.write('f', ascii(30));
    await r.read('f');
    expect(r.shim.summary().heldBytes).toBe(0);
  });
});
