/**
 * The delivery ledger (spec/SPEC.md "The delivery rule", POINTER-FULL): POINTER-FULL (keyed on
 * delivery, explicit hash check), A2-NO-POINTER, ISOLATION, FORGET-RESETS, windows, aliases.
 */
import { describe, expect, it } from 'vitest';
import { createReadShim, decodeResponse, sealPrefix } from '../../reference/index.ts';
import { SEAL, ascii, rig, split, strictApply } from './support.ts';

const P = sealPrefix(SEAL);
const isPointer = (res: string): boolean =>
  res.startsWith(`${P} `) && /^unchanged:/.test(split(res).notice.slice(P.length + 1));

function expectPointer(res: string, path: string, total: number): void {
  const { notice, payload } = split(res);
  expect(isPointer(res)).toBe(true);
  expect(notice).toContain(JSON.stringify(path));
  expect(notice).toContain(`${total} bytes`);
  expect(notice).toMatch(/already/);
  expect(notice).toMatch(/in full/);
  expect(payload).toBe('');
}

describe('POINTER-FULL: a pointer only after every byte of this content was delivered', () => {
  it.each(['cap', true] as const)('arm %j: whole first read → pointer on re-read, every time', async (arm) => {
    const r = rig({ arm, cap: 64 });
    r.disk.write('src/a.ts', 'export const a = 1;\n');
    expect(await r.read('src/a.ts')).toBe('export const a = 1;\n');
    expectPointer(await r.read('src/a.ts'), 'src/a.ts', 20);
    expectPointer(await r.read('src/a.ts'), 'src/a.ts', 20);
  });

  it('the corpus lie: a worker holding a prefix gets the next unseen slice, not "unchanged"', async () => {
    const r = rig({ arm: 'cap', cap: 100 });
    const f = ascii(1000);
    r.disk.write('big', f);
    for (let i = 0; i < 9; i++) {
      const res = await r.read('big');
      expect(isPointer(res)).toBe(false);
      expect(split(res).notice).toContain(`${i * 100}-${i * 100 + 100} of 1000`);
    }
    expect(split(await r.read('big')).notice).toContain('900-1000 of 1000');
    expectPointer(await r.read('big'), 'big', 1000);
  });

  describe('the explicit hash check (empty files)', () => {
    it.each(['cap', true] as const)(
      'arm %j: the FIRST read of an empty file is "" verbatim, not a pointer',
      async (arm) => {
        const r = rig({ arm, cap: 8 });
        r.disk.write('e', '');
        expect(await r.read('e')).toBe('');
        // it was delivered (the worker was told it is empty): now a pointer is true
        expectPointer(await r.read('e'), 'e', 0);
      },
    );

    it.each(['cap', true] as const)(
      'arm %j: a file truncated to empty after a full read is not a pointer',
      async (arm) => {
        const r = rig({ arm, cap: 8 });
        r.disk.write('t', 'abc');
        expect(await r.read('t')).toBe('abc');
        r.disk.write('t', '');
        const res = await r.read('t');
        expect(isPointer(res)).toBe(false);
        expect(split(res).notice).toContain('0-0 of 0');
        expect(split(res).notice).toMatch(/changed/);
        expect(split(res).payload).toBe('');
        expectPointer(await r.read('t'), 't', 0);
      },
    );

    it.each(['cap', true] as const)(
      'arm %j: truncated to empty after a PARTIAL read is not a pointer nor a "rest"',
      async (arm) => {
        const r = rig({ arm, cap: 4 });
        r.disk.write('t', 'abcdefgh');
        expect(split(await r.read('t')).notice).toContain('0-4 of 8');
        r.disk.write('t', '');
        const res = await r.read('t');
        expect(isPointer(res)).toBe(false);
        expect(split(res).notice).toContain('0-0 of 0');
        expect(split(res).notice).not.toMatch(/rest:/);
      },
    );

    it('an empty window of a non-empty file is its own key: "" verbatim first, then a pointer', async () => {
      const r = rig({ arm: 'cap', cap: 8 });
      r.disk.write('w', 'one\ntwo\n');
      expect(await r.read('w', { offset: 5, limit: 2 })).toBe('');
      expectPointer(await r.read('w', { offset: 5, limit: 2 }), 'w', 0);
    });
  });

  it('A→B→A: after a response about B, a read of A again is never a pointer', async () => {
    const A = 'alpha\n'.repeat(10);
    const B = 'beta\n'.repeat(10);
    for (const arm of ['cap', true] as const) {
      const r = rig({ arm, cap: 1000 });
      r.disk.write('f', A);
      expect(await r.read('f')).toBe(A);
      r.disk.write('f', B);
      expect(isPointer(await r.read('f'))).toBe(false);
      r.disk.write('f', A);
      const res = await r.read('f');
      expect(isPointer(res)).toBe(false);
      const claim = decodeResponse(res, SEAL);
      if (claim.kind === 'diff') expect(strictApply(B, claim.patch)).toBe(A);
      else expect(claim).toMatchObject({ kind: 'slice', start: 0, end: 60, total: 60, done: true, payload: A });
      expectPointer(await r.read('f'), 'f', 60);
    }
  });

  it('A→B→A with partial reads: coverage of A does not survive the detour through B', async () => {
    const A = ascii(30);
    const B = ascii(30, 1);
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('f', A);
    expect(split(await r.read('f')).notice).toContain('0-10 of 30');
    r.disk.write('f', B);
    expect(split(await r.read('f')).notice).toContain('0-10 of 30');
    r.disk.write('f', A);
    const res = split(await r.read('f'));
    expect(res.notice).toContain('0-10 of 30');
    expect(res.payload).toBe(A.slice(0, 10));
  });
});

describe('A2-NO-POINTER: the diff arm re-delivers unchanged re-reads whole', () => {
  it('never a pointer, always the full text with a done notice', async () => {
    const r = rig({ arm: 'diff', cap: 8 });
    const f = 'the same text\n'.repeat(5);
    r.disk.write('f', f);
    expect(await r.read('f')).toBe(f);
    for (let i = 0; i < 3; i++) {
      const res = await r.read('f');
      expect(isPointer(res)).toBe(false);
      const { notice, payload } = split(res);
      expect(notice.startsWith(`${P} `)).toBe(true);
      expect(notice).toContain('0-70 of 70');
      expect(notice).toMatch(/unchanged/); // says why it is sent again…
      expect(notice).toMatch(/hold all 70 bytes/); // …and that the worker holds it now
      expect(payload).toBe(f);
      expect(decodeResponse(res, SEAL)).toMatchObject({ kind: 'slice', start: 0, end: 70, total: 70, done: true });
    }
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 0, bytesWithheld: 0 });
  });

  it('an empty file too', async () => {
    const r = rig({ arm: 'diff' });
    r.disk.write('e', '');
    expect(await r.read('e')).toBe('');
    const res = await r.read('e');
    expect(isPointer(res)).toBe(false);
    expect(split(res).notice).toContain('0-0 of 0');
  });
});

describe('ISOLATION: one ledger per shim instance (worker)', () => {
  it('a second worker over the same files starts from nothing', async () => {
    const a = rig({ arm: 'cap', cap: 10 });
    const f = ascii(15);
    a.disk.write('f', f);
    const b = createReadShim({ arm: 'cap', cap: 10, seal: SEAL }).wrapRead(a.disk.tool);
    await a.read('f');
    await a.read('f');
    expectPointer(await a.read('f'), 'f', 15);
    const res = (await b.execute({ path: 'f' })) as string;
    expect(split(res).notice).toContain('0-10 of 15');
  });

  it('two tools wrapped by one shim share its ledger (same worker)', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('f', 'short');
    const other = r.shim.wrapRead({ execute: async (args: unknown) => r.disk.read((args as { path: string }).path) });
    expect(await r.read('f')).toBe('short');
    expectPointer(await other.execute({ path: 'f' }), 'f', 5);
  });
});

describe('FORGET-RESETS: after forget, nothing relies on earlier deliveries', () => {
  it.each(['cap', true] as const)(
    'arm %j: forget(path) after a full read → the next read is a first read',
    async (arm) => {
      const r = rig({ arm, cap: 64 });
      r.disk.write('f', 'content\n');
      await r.read('f');
      expectPointer(await r.read('f'), 'f', 8);
      r.shim.forget('f');
      expect(await r.read('f')).toBe('content\n');
      expectPointer(await r.read('f'), 'f', 8);
    },
  );

  it('forget(path) after a partial read → starts again at byte 0', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    const f = ascii(25);
    r.disk.write('f', f);
    await r.read('f');
    await r.read('f');
    r.shim.forget('f');
    const res = split(await r.read('f'));
    expect(res.notice).toContain('0-10 of 25');
    expect(res.payload).toBe(f.slice(0, 10));
  });

  it('forget(path) drops every window of that path, through an alias, and only that path', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('d/f', 'l1\nl2\nl3\n');
    r.disk.write('g', 'other\n');
    await r.read('d/f');
    await r.read('d/f', { offset: 2, limit: 1 });
    await r.read('g');
    r.shim.forget('./d/x/../f');
    expect(await r.read('d/f')).toBe('l1\nl2\nl3\n');
    expect(await r.read('d/f', { offset: 2, limit: 1 })).toBe('l2\n');
    expectPointer(await r.read('g'), 'g', 6);
  });

  it('forget() drops everything', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('a', 'A');
    r.disk.write('b', 'B');
    await r.read('a');
    await r.read('b');
    r.shim.forget();
    expect(await r.read('a')).toBe('A');
    expect(await r.read('b')).toBe('B');
    expect(r.shim.summary().pointered).toBe(0);
  });

  it('after forget, a changed file gets no diff (the base is gone)', async () => {
    const r = rig({ arm: 'diff' });
    const A = 'x\n'.repeat(200);
    r.disk.write('f', A);
    await r.read('f');
    r.shim.forget('f');
    const B = `${A}y\n`;
    r.disk.write('f', B);
    expect(await r.read('f')).toBe(B); // a first read again: verbatim, no diff
  });
});

describe('windows: offset/limit are separate ledger keys', () => {
  const F = 'line1\nline2\nline3\nline4\n';

  it('each window is its own delivery; the same window re-read is a pointer', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('f', F);
    expect(await r.read('f', { offset: 1, limit: 2 })).toBe('line1\nline2\n');
    // reading the whole file after one window is a first read of another key
    expect(await r.read('f')).toBe(F);
    expect(await r.read('f', { offset: 3, limit: 2 })).toBe('line3\nline4\n');
    expectPointer(await r.read('f', { offset: 1, limit: 2 }), 'f', 12);
    expectPointer(await r.read('f'), 'f', 24);
  });

  it('a window held in full says nothing about the file: whole-file re-read after a window is not a pointer', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('f', F);
    await r.read('f', { offset: 1, limit: 4 }); // every line, but via a window
    expect(await r.read('f')).toBe(F);
  });

  it('a window from line 1 that showed a newer whole file supersedes the whole read: back to the old text is no pointer', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('f', F);
    expect(await r.read('f')).toBe(F);
    r.disk.write('f', 'other\n');
    expect(await r.read('f', { offset: 1, limit: 10 })).toBe('other\n'); // the whole file, newer
    r.disk.write('f', F);
    expect(await r.read('f')).not.toMatch(/unchanged/); // spec 2.2 "Knowledge": the worker last saw "other"
  });

  it('a whole read of a newer text supersedes a window it covers; one of the same text keeps it', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('f', F);
    await r.read('f', { offset: 2, limit: 2 });
    r.disk.write('f', F.replace('line2', 'LINE2'));
    await r.read('f'); // shows lines 2-3 as they are now
    r.disk.write('f', F);
    expect(await r.read('f', { offset: 2, limit: 2 })).toBe('line2\nline3\n');
    await r.read('f'); // the same text again: lines 2-3 as the window holds them
    expectPointer(await r.read('f', { offset: 2, limit: 2 }), 'f', 12);
  });

  it('argument order and undefined arguments do not make a new key', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('f', F);
    await r.tool.execute({ limit: 1, offset: 2, path: 'f' });
    expectPointer((await r.tool.execute({ path: 'f', offset: 2, limit: 1 })) as string, 'f', 6);
    await r.tool.execute({ path: 'f', offset: undefined });
    expectPointer((await r.tool.execute({ path: 'f' })) as string, 'f', 24);
  });

  it('a window over a partly delivered file continues within that window only', async () => {
    const r = rig({ arm: 'cap', cap: 8 });
    r.disk.write('f', F);
    expect(split(await r.read('f')).notice).toContain('0-8 of 24');
    const w = await r.read('f', { offset: 2, limit: 1 });
    expect(w).toBe('line2\n'); // first read of this window, fits: verbatim
    expect(split(await r.read('f')).notice).toContain('8-16 of 24');
  });
});

describe('path aliases: a, ./a, d/../a share one ledger entry', () => {
  it('a full read through one spelling earns a pointer through the others', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('a', 'hello\n');
    expect(await r.read('a')).toBe('hello\n');
    expectPointer(await r.read('./a'), './a', 6);
    expectPointer(await r.read('d/../a'), 'd/../a', 6);
  });

  it('a continuation follows across spellings', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    const f = ascii(25);
    r.disk.write('a', f);
    expect(split(await r.read('a')).notice).toContain('0-10 of 25');
    expect(split(await r.read('./a')).notice).toContain('10-20 of 25');
    expect(split(await r.read('d/../a')).notice).toContain('20-25 of 25');
  });

  it('case-only different names are different files', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('A', 'upper');
    r.disk.write('a', 'upper');
    await r.read('A');
    expect(await r.read('a')).toBe('upper');
  });
});
