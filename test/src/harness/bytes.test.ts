/**
 * Bytes that are not text (spec/SPEC.md "Bytes that are not text"): the world keeps a binary file's
 * bytes and its tool answers them as declared (`tool.binary`); traces carry them as base64; a
 * shim's bytes are recorded as their base64 and judged as the tool's output untouched.
 */
import { describe, expect, it } from 'vitest';
import { formatTrace, parseTrace, type TraceEvent } from '../../../src/core/trace.ts';
import { hostToolProblem } from '../../../src/core/host-tool.ts';
import { World } from '../../../src/harness/world.ts';
import { Session } from '../../../src/harness/session.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import type { BytesShimAdapter, ToolOutput } from '../../../src/core/contract.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0x80]);
const B64 = Buffer.from(PNG).toString('base64');

describe('World: a file that is not UTF-8', () => {
  it('undeclared, the tool refuses it (EBINARY); the disk keeps its bytes and its size', () => {
    const w = new World();
    w.write('a.png', PNG, 1000);
    expect(w.toolResult({ path: 'a.png' })).toMatchObject({ ok: false, code: 'EBINARY' });
    expect(w.fs.stat('a.png')).toEqual({ mtimeMs: 1000, size: PNG.length });
    expect(Buffer.from(w.fs.readBytes!('a.png'))).toEqual(Buffer.from(PNG));
    expect(w.fs.read('a.png')).toBe(Buffer.from(PNG).toString('utf8')); // a naive text read: U+FFFD
  });

  it('base64: its base64 text whole, for every window; bytes: the same text, and the bytes', () => {
    const b = new World({ binary: 'base64', maxLines: 1 });
    b.write('a.png', PNG, 1000);
    expect(b.toolResult({ path: 'a.png' })).toEqual({ ok: true, text: B64 });
    expect(b.toolResult({ path: 'a.png', offset: 2, limit: 1 })).toEqual({ ok: true, text: B64 });
    expect(b.toolResult({ path: 'a.png', offset: 0 })).toMatchObject({ ok: false, code: 'EINVAL' });
    const y = new World({ binary: 'bytes' });
    y.write('a.png', PNG, 1000);
    const r = y.toolResult({ path: 'a.png' });
    expect(r).toMatchObject({ ok: true, text: B64 });
    expect(Buffer.from((r as { bytes: Buffer }).bytes)).toEqual(Buffer.from(PNG));
  });

  it('refused by name or as binary first, whatever is declared', () => {
    const w = new World({ binary: 'base64', refuse: { extensions: ['.png'] } });
    w.write('a.png', PNG, 1000);
    expect(w.toolResult({ path: 'a.png' })).toMatchObject({ ok: false, code: 'EBINARY', message: /\.png/ });
    const v = new World({ binary: 'bytes', refuse: { binary: true } });
    v.write('a.bin', PNG, 1000);
    expect(v.toolResult({ path: 'a.bin' })).toMatchObject({ ok: false, code: 'EBINARY' });
  });

  it('bytes that are valid UTF-8 are that text; a text write over a binary file makes it text again', () => {
    const w = new World({ binary: 'refuse' });
    w.write('a.txt', Buffer.from('héllo\n', 'utf8'), 1000);
    expect(w.toolResult({ path: 'a.txt' })).toEqual({ ok: true, text: 'héllo\n' });
    w.write('a.txt', PNG, 2000);
    expect(w.toolResult({ path: 'a.txt' })).toMatchObject({ ok: false, code: 'EBINARY' });
    w.write('a.txt', 'text\n', 2000);
    expect(w.toolResult({ path: 'a.txt' })).toEqual({ ok: true, text: 'text\n' });
    expect(w.fs.stat('a.txt').size).toBe(5);
  });

  it('tool.binary is validated', () => {
    expect(hostToolProblem({ binary: 'bytes' })).toBeUndefined();
    expect(hostToolProblem({ binary: 'image' })).toMatch(/binary must be one of base64\|bytes\|refuse/);
  });
});

describe('traces: bytes as base64', () => {
  const header = '{"type":"header","kit":"t","specVersion":"2.1","cap":64,"levers":["pointer"],"seal":"s"}';
  it('a write carries contentBase64 and survives formatTrace/parseTrace; a binary response too', () => {
    const t = parseTrace(
      `${header}\n{"type":"write","path":"a.png","contentBase64":"${B64}","mtimeMs":1}\n{"type":"read","worker":"w1","path":"a.png","response":{"text":"${B64}","binary":true}}\n`,
    );
    expect(parseTrace(formatTrace(t))).toEqual(t);
  });
  it('refuses both content fields, bad base64, and a binary response that is not base64', () => {
    const bad = (e: string): string => {
      try {
        parseTrace(`${header}\n${e}\n`);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(bad(`{"type":"write","path":"a","content":"x","contentBase64":"eA==","mtimeMs":1}`)).toMatch(/both/);
    expect(bad(`{"type":"write","path":"a","contentBase64":"e!==","mtimeMs":1}`)).toMatch(/base64/);
    expect(bad(`{"type":"read","worker":"w1","path":"a","response":{"text":"not base64!","binary":true}}`)).toMatch(
      /base64/,
    );
    expect(bad(`{"type":"read","worker":"w1","path":"a","response":{"error":"x","binary":true}}`)).toMatch(/binary/);
  });
});

describe('Session: a shim that answers bytes', () => {
  const adapter = (answer: (out: ToolOutput) => ToolOutput): BytesShimAdapter => ({
    name: 'bytes-probe',
    capabilities: {
      levers: ['pointer'],
      tool: { binary: 'bytes' },
      capParam: false,
      windows: false,
      staleServe: false,
      forget: false,
      counters: false,
      seal: false,
    },
    create: (ctx) => ({ read: async (a) => answer(await ctx.read(a)) }),
    decode: () => ({ kind: 'pointer', total: 0 }),
  });
  const events: TraceEvent[] = [
    { type: 'write', path: 'a.png', contentBase64: B64, mtimeMs: 1 },
    { type: 'read', worker: 'w1', path: 'a.png' },
  ];
  const play = async (a: BytesShimAdapter) => {
    const s = new Session(a, { mode: modeOfLevers(['pointer']), cap: 64, seal: 's', tool: { binary: 'bytes' } });
    const out = [];
    for await (const o of s.run(events)) out.push(o);
    return out[1]!;
  };

  it("ctx.read resolves the bytes; bytes answered are recorded as base64 and claimed verbatim (the decoder isn't asked)", async () => {
    let seen: ToolOutput | undefined;
    const o = await play(
      adapter((out) => {
        seen = out;
        return out;
      }),
    );
    expect(seen).toBeInstanceOf(Uint8Array);
    expect(o).toMatchObject({ response: { text: B64, binary: true }, claim: { kind: 'verbatim' } });
  });

  it('a string answer is decoded as ever', async () => {
    const o = await play(adapter(() => 'File unchanged'));
    expect(o).toMatchObject({ response: { text: 'File unchanged' }, claim: { kind: 'pointer' } });
  });
});
