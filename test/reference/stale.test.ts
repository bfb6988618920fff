/**
 * The stale serve (spec/SPEC.md "Stale-serve line semantics"): STALE-SERVE-LABELLED, STALE-NO-RECORD,
 * REFUSAL-TRUE (refusals are results, never throws), and null without the cap lever.
 */
import { describe, expect, it } from 'vitest';
import { createReadShim, decodeResponse, sealPrefix } from '../../reference/index.ts';
import { SEAL, ascii, rig, split } from './support.ts';

const P = sealPrefix(SEAL);
const TEN = Array.from({ length: 10 }, (_, i) => `L${i}\n`).join('');

function expectLabelled(res: string, path: string, first: number, last: number, lineCount: number): void {
  const { notice } = split(res);
  expect(notice.startsWith(`${P} `)).toBe(true);
  expect(notice).toContain(JSON.stringify(path));
  expect(notice).toMatch(/stale/i);
  expect(notice).toMatch(/different code/i); // the range may hold other code now
  expect(notice).toContain(`lines ${first}-${last}`);
  expect(notice).toMatch(/0-based/);
  expect(notice).toContain(`${lineCount} lines`);
  expect(notice).toMatch(/none of (this|it) was recorded/i);
  expect(notice).toContain('ctx_recall'); // how to get a fresh pointer
}

describe('STALE-SERVE-LABELLED: lines a..b, 0-based inclusive, clamped, labelled', () => {
  it.each(['cap', true] as const)('arm %j: lines 2-4 of a 10-line file', async (arm) => {
    const r = rig({ arm, cap: 1000 });
    r.disk.write('f.ts', TEN);
    const res = (await r.shim.serveStale({ path: 'f.ts', startLine: 2, endLine: 4 }))!;
    expectLabelled(res, 'f.ts', 2, 4, 10);
    expect(split(res).payload).toBe('L2\nL3\nL4\n');
    expect(split(res).notice).not.toMatch(/cut at/);
  });

  it('line 0 is the first line; a one-line range', async () => {
    const r = rig({ arm: 'cap' });
    r.disk.write('f', TEN);
    expect(split((await r.shim.serveStale({ path: 'f', startLine: 0, endLine: 0 }))!).payload).toBe('L0\n');
    expect(split((await r.shim.serveStale({ path: 'f', startLine: 9, endLine: 9 }))!).payload).toBe('L9\n');
  });

  it('a range running past the new end is clamped and says which lines it got', async () => {
    const r = rig({ arm: 'cap' });
    r.disk.write('f', TEN);
    const res = (await r.shim.serveStale({ path: 'f', startLine: 8, endLine: 20 }))!;
    expectLabelled(res, 'f', 8, 9, 10);
    expect(split(res).payload).toBe('L8\nL9\n');
  });

  it('CRLF lines and a last line without newline count as lines', async () => {
    const r = rig({ arm: 'cap' });
    r.disk.write('w', 'a\r\nb\r\nc');
    const res = (await r.shim.serveStale({ path: 'w', startLine: 1, endLine: 2 }))!;
    expectLabelled(res, 'w', 1, 2, 3);
    expect(split(res).payload).toBe('b\r\nc');
  });

  it('cut at the cap on a UTF-8 boundary, and says so', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    r.disk.write('u', 'éééé\néééé\n'); // 9 bytes per line: cap 10 falls inside the 5th 'é'
    const res = (await r.shim.serveStale({ path: 'u', startLine: 0, endLine: 1 }))!;
    expectLabelled(res, 'u', 0, 1, 2);
    const { notice, payload } = split(res);
    expect(payload).toBe('éééé\n');
    expect(notice).toMatch(/cut at 9 bytes/);
    expect(notice).toMatch(/boundary/);
    expect(decodeResponse(res, SEAL)).toMatchObject({
      kind: 'stale',
      startLine: 0,
      endLine: 1,
      lines: 2,
      truncated: true,
      payload: 'éééé\n',
    });
  });
});

describe('refusals are results, never throws (REFUSAL-TRUE)', () => {
  it('a vanished file', async () => {
    const r = rig({ arm: 'cap' });
    r.disk.write('gone', TEN);
    r.disk.delete('gone');
    const res = (await r.shim.serveStale({ path: 'gone', startLine: 0, endLine: 3 }))!;
    expect(res.startsWith(`${P} `)).toBe(true);
    expect(res).toMatch(/no longer exists|cannot be read/);
    expect(res).toContain('ctx_recall');
    expect(decodeResponse(res, SEAL)).toEqual({ kind: 'refusal', reason: 'stale-absent' });
  });

  it('a file that shrank below the range', async () => {
    const r = rig({ arm: 'cap' });
    r.disk.write('s', 'a\nb\nc\n');
    const res = (await r.shim.serveStale({ path: 's', startLine: 5, endLine: 7 }))!;
    expect(res.startsWith(`${P} `)).toBe(true);
    expect(res).toContain('3 lines');
    expect(res).toMatch(/past its end|nothing served/);
    expect(decodeResponse(res, SEAL)).toEqual({ kind: 'refusal', reason: 'stale-past-eof' });
    // exactly one past the last line is past the end too
    expect(decodeResponse((await r.shim.serveStale({ path: 's', startLine: 3, endLine: 3 }))!, SEAL).kind).toBe(
      'refusal',
    );
  });

  it('an empty file has no lines', async () => {
    const r = rig({ arm: 'cap' });
    r.disk.write('e', '');
    const res = (await r.shim.serveStale({ path: 'e', startLine: 0, endLine: 0 }))!;
    expect(decodeResponse(res, SEAL)).toEqual({ kind: 'refusal', reason: 'stale-past-eof' });
    expect(res).toContain('0 lines');
  });

  it.each([
    [3, 2],
    [-1, 2],
    [0.5, 2],
    [0, NaN],
    [0, Infinity],
  ])('a malformed range %j-%j', async (startLine, endLine) => {
    const r = rig({ arm: 'cap' });
    r.disk.write('f', TEN);
    const res = (await r.shim.serveStale({ path: 'f', startLine, endLine }))!;
    expect(decodeResponse(res, SEAL)).toEqual({ kind: 'refusal', reason: 'stale-bad-range' });
  });

  it('a reader that throws, rejects, or returns a non-string', async () => {
    const readers = [
      (): string => {
        throw new Error('EACCES');
      },
      (): Promise<string> => Promise.reject(new Error('EIO')),
      (): string => undefined as unknown as string,
    ];
    for (const readFile of readers) {
      const shim = createReadShim({ arm: 'cap', seal: SEAL, readFile });
      const res = (await shim.serveStale({ path: 'f', startLine: 0, endLine: 1 }))!;
      expect(decodeResponse(res, SEAL)).toEqual({ kind: 'refusal', reason: 'stale-absent' });
    }
  });
});

describe('only under a capping arm', () => {
  it.each([false, undefined, 'diff'] as const)('arm %j → null, and the file is not even read', async (arm) => {
    let reads = 0;
    const shim = createReadShim({
      arm,
      seal: SEAL,
      readFile: () => {
        reads++;
        return TEN;
      },
    });
    expect(await shim.serveStale({ path: 'f', startLine: 0, endLine: 1 })).toBeNull();
    expect(await shim.serveStale({ path: 'f', startLine: 5, endLine: 1 })).toBeNull();
    expect(reads).toBe(0);
  });
});

describe('STALE-NO-RECORD: a read after a stale serve behaves as if the serve never happened', () => {
  it.each(['cap', true] as const)(
    'arm %j: a never-read file served whole → the next read is a first read',
    async (arm) => {
      const r = rig({ arm, cap: 1000 });
      r.disk.write('f', TEN);
      const res = (await r.shim.serveStale({ path: 'f', startLine: 0, endLine: 9 }))!;
      expect(split(res).payload).toBe(TEN);
      expect(await r.read('f')).toBe(TEN); // verbatim first read, not "unchanged"
    },
  );

  it('a partly delivered file: the continuation is where it was', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    const f = Array.from({ length: 6 }, (_, i) => `${ascii(4, i)}\n`).join(''); // 30 bytes, 6 lines
    r.disk.write('f', f);
    expect(split(await r.read('f')).notice).toContain('0-10 of 30');
    await r.shim.serveStale({ path: 'f', startLine: 2, endLine: 5 });
    expect(split(await r.read('f')).notice).toContain('10-20 of 30');
  });

  it('a fully delivered, then changed file: the serve of the new text does not make it "held"', async () => {
    const r = rig({ arm: 'cap', cap: 1000 });
    r.disk.write('f', 'old\n');
    await r.read('f');
    r.disk.write('f', 'new\n');
    await r.shim.serveStale({ path: 'f', startLine: 0, endLine: 0 });
    const res = await r.read('f');
    expect(split(res).notice).not.toMatch(/unchanged/);
    expect(split(res).payload).toBe('new\n');
  });

  it('a fully delivered, unchanged file stays held (the serve did not forget it either)', async () => {
    const r = rig({ arm: 'cap', cap: 1000 });
    r.disk.write('f', TEN);
    await r.read('f');
    await r.shim.serveStale({ path: 'f', startLine: 0, endLine: 2 });
    expect(split(await r.read('f')).notice).toMatch(/unchanged/);
  });

  it('counters and held memory do not move on a serve', async () => {
    const r = rig({ arm: 'cap', cap: 4 });
    r.disk.write('f', TEN);
    const before = r.shim.summary();
    await r.shim.serveStale({ path: 'f', startLine: 0, endLine: 9 });
    expect(r.shim.summary()).toEqual(before);
    expect(r.counted).toEqual([]);
  });
});
