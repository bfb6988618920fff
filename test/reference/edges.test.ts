/** Edges of the reference's small helpers, judged against the contract's exact wording and bytes. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryAtOrBefore, sliceEnd } from '../../reference/utf8.ts';
import { argsKey, normalizePath } from '../../reference/keys.ts';
import { checkCap, createReadShim, decodeResponse, personaLine, sealPrefix } from '../../reference/index.ts';
import { SEAL, rig, split } from './support.ts';

describe('UTF8-WHOLE helpers on raw bytes', () => {
  it('never walks below 0, even over bytes that are not valid UTF-8', () => {
    expect(boundaryAtOrBefore(Buffer.from([0x80, 0x80, 0x80]), 2)).toBe(0);
    expect(boundaryAtOrBefore(Buffer.from([0x80, 0x80, 0x41]), 2)).toBe(2);
    expect(boundaryAtOrBefore(Buffer.from([0x80, 0x80]), 1)).toBe(0);
  });
  it('clamps into [0, length] and treats the end as a boundary', () => {
    const b = Buffer.from('a€'); // 61 e2 82 ac
    expect(boundaryAtOrBefore(b, 99)).toBe(4);
    expect(boundaryAtOrBefore(b, -5)).toBe(0);
    expect(boundaryAtOrBefore(b, 3)).toBe(1);
    expect(sliceEnd(b, 0, 3)).toBe(1);
    expect(sliceEnd(b, 1, 3)).toBe(4);
    expect(sliceEnd(b, 1, 99)).toBe(4);
  });
});

describe('request keys', () => {
  it('a trailing slash names the same path; the root stays the root', () => {
    expect(normalizePath('src/')).toBe('src');
    expect(normalizePath('./src/b.ts/')).toBe('src/b.ts');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('x/../a.ts')).toBe('a.ts');
  });
  it('the other arguments in canonical JSON: keys sorted, undefined dropped, null and arrays kept', () => {
    expect(argsKey({ path: 'p', limit: 5, offset: 2 })).toBe('{"limit":5,"offset":2}');
    expect(argsKey({ path: 'p', z: undefined, o: { b: null, a: [undefined, 1] } })).toBe(
      '{"o":{"a":[null,1],"b":null}}',
    );
    expect(argsKey({ path: 'p' })).toBe('{}');
  });
  it('a null argument still gives a ledger key (a re-read earns its pointer)', async () => {
    const r = rig({ arm: 'cap', cap: 100 });
    r.disk.write('f', 'hello\n');
    await r.tool.execute({ path: 'f', hint: null });
    const again = (await r.tool.execute({ path: 'f', hint: null })) as string;
    expect(decodeResponse(again, SEAL)).toEqual({ kind: 'pointer', total: 6 });
  });
});

describe('CAP-PARAM messages say what was refused', () => {
  it.each([
    ['100', 'got string'],
    [4.5, 'got 4.5'],
    [Number.NaN, 'got NaN'],
    [3, 'got 3'],
    [null, 'got object'],
  ])('cap %j', (cap, says) => {
    expect(() => checkCap(cap)).toThrow(RangeError);
    expect(() => checkCap(cap)).toThrow(`readshim: cap must be an integer >= 4 (bytes), ${says}`);
  });
  it('a legal cap comes back as the number', () => {
    expect(checkCap(4)).toBe(4);
    expect(checkCap(24_576)).toBe(24_576);
  });
});

describe('the decoder refuses what it does not know', () => {
  const P = `${sealPrefix(SEAL)} `;
  it('an unknown sealed notice is an error naming it', () => {
    expect(() => decodeResponse(`${P}mystery: something`, SEAL)).toThrow(
      'readshim decoder: a sealed notice it does not know: mystery: something',
    );
  });
  it('a refusal word in the middle of a line is not a refusal', () => {
    expect(() => decodeResponse(`${P}note: see stale-absent: maybe.`, SEAL)).toThrow(/does not know/);
  });
  it('the error quotes at most the first 120 characters of the notice', () => {
    const long = `zz${'x'.repeat(300)}`;
    let message = '';
    try {
      decodeResponse(`${P}${long}`, SEAL);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(`readshim decoder: a sealed notice it does not know: ${long.slice(0, 120)}`);
  });
  it('a pointer notice must be whole: a clipped one is not a pointer', () => {
    const pointer = `${P}unchanged: "a" is the same 3 bytes you were already given in full earlier in this conversation; not sent again.`;
    expect(decodeResponse(pointer, SEAL)).toEqual({ kind: 'pointer', total: 3 });
    expect(() => decodeResponse(pointer.slice(0, -1), SEAL)).toThrow(/does not know/);
  });
  it('a diff notice must end the line with its result size', () => {
    expect(() => decodeResponse(`${P}diff: "a" changed; Result: 3 bytes. and more\n--- a/a\n`, SEAL)).toThrow(
      /does not know/,
    );
  });
});

describe('notice and persona wording', () => {
  it('a stale serve that was not cut says nothing of a cut', async () => {
    const r = rig({ arm: 'cap', cap: 100 });
    r.disk.write('f', 'one\ntwo\n');
    const res = (await r.shim.serveStale({ path: 'f', startLine: 0, endLine: 0 }))!;
    expect(split(res).notice).not.toMatch(/cut at/);
    expect(split(res).notice).toMatch(/the file now has 2 lines\. None of this was recorded as delivered\./);
  });
  it('the all arm persona is the cap sentence, one space, then the diff sentence', () => {
    const line = personaLine(true, 100, SEAL)!;
    expect(line).toMatch(
      /instead of the bytes; to read one symbol whole use ctx_recall then ctx_get, or grep to aim\. Re-reading a file that changed/,
    );
  });
});

describe('the reference reads the disk itself by default (stale serve)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'readshim-ref-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('serves lines of a real file without a readFile option', async () => {
    const f = join(dir, 'a.txt');
    writeFileSync(f, 'zero\none\ntwo\n');
    const shim = createReadShim({ arm: 'cap', cap: 100, seal: SEAL });
    const res = (await shim.serveStale({ path: f, startLine: 1, endLine: 1 }))!;
    expect(decodeResponse(res, SEAL)).toMatchObject({
      kind: 'stale',
      startLine: 1,
      endLine: 1,
      lines: 3,
      payload: 'one\n',
    });
  });
});

describe('a whole re-delivery hands over the tool text itself', () => {
  it('even with a lone surrogate (the bytes would read U+FFFD)', async () => {
    const r = rig({ arm: 'cap', cap: 100 });
    r.disk.write('f', 'before\n');
    await r.read('f');
    const text = 'after \uD800 lone\n';
    r.disk.write('f', text);
    const res = await r.read('f');
    expect(split(res).payload).toBe(text);
  });
});
