/**
 * Spec 2.2 "Knowledge" in the reference (spec/SPEC.md): the base of a claim is the latest delivery
 * that covers the request. Each case is a story the session band found against an earlier ledger.
 */
import { describe, expect, it } from 'vitest';
import { createReadShim, decodeResponse } from '../../reference/index.ts';
import { SEAL, ascii, lines } from './support.ts';

/** Files, symlinks (name → target) and the shim over a read tool that follows them. */
function world(cap = 64) {
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  const real = (p: string): string => links.get(p) ?? p;
  const shim = createReadShim({ seal: SEAL, cap, arm: true, identify: real });
  const tool = shim.wrapRead({
    name: 'read',
    execute: (args: unknown) => {
      const { path, offset, limit } = args as { path: string; offset?: number; limit?: number };
      const text = files.get(real(path));
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      if (offset === undefined && limit === undefined) return Promise.resolve(text);
      const ls = lines(text);
      const from = (offset ?? 1) - 1;
      return Promise.resolve(ls.slice(from, limit === undefined ? ls.length : from + limit).join(''));
    },
  });
  const read = async (path: string, w?: { offset?: number; limit?: number }) => {
    const r = await tool.execute({ path, ...w });
    return { text: r, claim: decodeResponse(r, SEAL) };
  };
  return { files, links, read, shim };
}

describe('spec 2.2 Knowledge: the latest delivery that covers a request', () => {
  it('a whole read that shows a window otherwise supersedes it: no pointer to the window after the file goes back', async () => {
    const w = world(4096);
    const a = 'l1\nl2\nl3\nl4\n';
    w.files.set('m.ts', a);
    await w.read('m.ts', { offset: 2, limit: 2 });
    w.files.set('m.ts', 'l1\nL2\nl3\nl4\n');
    await w.read('m.ts'); // shows lines 2–3 as "L2\nl3\n"
    w.files.set('m.ts', a);
    const r = await w.read('m.ts', { offset: 2, limit: 2 });
    expect(r.claim.kind).not.toBe('pointer');
    expect(r.text).toBe('l2\nl3\n');
  });

  it('a whole read of an empty file, then a window that showed the whole file: no pointer when it is empty again', async () => {
    const w = world(4096);
    w.files.set('e.ts', '');
    await w.read('e.ts');
    w.files.set('e.ts', '// appended\n');
    await w.read('e.ts', { offset: 1, limit: 1 }); // stopped at its limit: it may have reached the end
    w.files.set('e.ts', '');
    expect((await w.read('e.ts')).claim.kind).not.toBe('pointer');
  });

  it('a later read under a link with other text: no diff against what the name showed before', async () => {
    const w = world(4096);
    w.files.set('p.ts', 'a\nb\nc\n');
    w.links.set('l.ts', 'p.ts');
    await w.read('p.ts');
    w.files.set('p.ts', 'a\nB\nc\n');
    await w.read('l.ts'); // the worker's latest view of the file
    w.files.set('p.ts', 'a\nB\nC\n');
    const r = await w.read('p.ts');
    expect(r.claim.kind).not.toBe('diff');
    expect(r.text).toBe('a\nB\nC\n');
  });

  it('the same request under a link, further into the same text: the next slice continues from there', async () => {
    const w = world(16);
    const text = ascii(64);
    w.files.set('big.ts', text);
    w.links.set('l.ts', 'big.ts');
    await w.read('big.ts'); // 0–16
    await w.read('l.ts'); // 0–16 under the link
    await w.read('l.ts'); // 16–32 under the link
    const r = await w.read('big.ts');
    expect(r.claim).toMatchObject({ kind: 'slice', start: 32 });
  });

  it("a link's delivery of its old target still counts for that file after the link is retargeted", async () => {
    const w = world(4096);
    w.files.set('a.ts', 'A1\n');
    w.files.set('b.ts', 'B\n');
    w.links.set('l.ts', 'a.ts');
    await w.read('a.ts'); // A1
    w.files.set('a.ts', 'A2\n');
    await w.read('l.ts'); // A2, under the link's name
    w.links.set('l.ts', 'b.ts');
    await w.read('l.ts'); // B replaces the link's entry
    w.files.set('a.ts', 'A1\n');
    expect((await w.read('a.ts')).claim.kind).not.toBe('pointer'); // the worker last saw a.ts as A2
  });

  it('a link that names the file is its own name: its first read is sent whole (this design keys by name)', async () => {
    const w = world(4096);
    w.files.set('a.ts', 'A\n');
    w.links.set('l.ts', 'a.ts');
    await w.read('a.ts');
    expect((await w.read('l.ts')).text).toBe('A\n');
    expect((await w.read('a.ts')).claim.kind).toBe('pointer');
  });
});
