/**
 * Knowledge as deliveries (properties/oracle/deliveries.ts; spec/SPEC.md "Knowledge"): which
 * delivery backs a claim about a request, told on short histories written by hand — each true
 * case beside the lie it must not become.
 */
import { describe, expect, it } from 'vitest';
import type { HostToolBound } from '../../../src/core/host-tool.ts';
import { requestText, rowsShown } from '../../../src/harness/host-tool.ts';
import { Deliveries, covers, hostView, type Req } from '../../../properties/oracle/deliveries.ts';
import { OracleMemo, holds } from '../../../properties/oracle/knowledge.ts';

const lines = (from: number, to: number, row = (n: number) => `line ${n}\n`): string =>
  Array.from({ length: to - from + 1 }, (_, i) => row(from + i)).join('');

/** A tiny world: files by identity, links by name, and one worker's deliveries. */
function setup(tool?: HostToolBound) {
  const memo = new OracleMemo();
  const d = new Deliveries(
    memo,
    hostView(
      (c, o, l) => requestText(c, o, l, tool),
      (c, o, l) => rowsShown(c, o, l, tool),
    ),
  );
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  let seq = 0;
  const req = (name: string, window?: { offset: number; limit: number }, worker = 'w1'): Req => {
    const identity = links.get(name) ?? name;
    const version = files.get(identity);
    if (version === undefined) throw new Error(`no file ${identity}`);
    return {
      worker,
      name,
      argsKey: window === undefined ? '{}' : JSON.stringify({ limit: window.limit, offset: window.offset }),
      ...(window ?? {}),
      identity,
      version,
      content: requestText(version, window?.offset, window?.limit, tool),
      seq: seq++,
    };
  };
  /** The worker is shown R's text whole. */
  const show = (r: Req): void => d.apply(r, { kind: 'verbatim' }, r.content);
  /** Would "unchanged, you hold it" be true for R now? */
  const pointerTrue = (r: Req): boolean => holds(d.backing(r), memo.utf8(r.content));
  return { d, files, links, req, show, pointerTrue, memo };
}

describe('a window of a file the worker was shown whole', () => {
  it('is held: the whole delivery showed every line the window shows, at the same line numbers', () => {
    const t = setup();
    t.files.set('v.ts', lines(1, 60));
    t.show(t.req('v.ts'));
    expect(t.pointerTrue(t.req('v.ts', { offset: 1, limit: 50 }))).toBe(true);
    expect(t.pointerTrue(t.req('v.ts', { offset: 11, limit: 20 }))).toBe(true);
    expect(t.d.backed(t.req('v.ts', { offset: 11, limit: 20 }))?.source).toBe('covering');
    // A window that runs past the file's end shows the lines it has: held too.
    expect(t.pointerTrue(t.req('v.ts', { offset: 55, limit: 20 }))).toBe(true);
  });

  it('behind a host cut: only lines the whole read showed (lie twin: a window beyond or across the cut)', () => {
    const t = setup({ maxLines: 40 });
    t.files.set('v.ts', lines(1, 60));
    t.show(t.req('v.ts'));
    expect(t.pointerTrue(t.req('v.ts', { offset: 11, limit: 20 }))).toBe(true);
    expect(t.pointerTrue(t.req('v.ts', { offset: 45, limit: 10 }))).toBe(false);
    expect(t.pointerTrue(t.req('v.ts', { offset: 35, limit: 10 }))).toBe(false);
  });

  it('a row a whole-text cut shortened covers nothing past its shown start', () => {
    const t = setup({ maxChars: 20 });
    t.files.set('v.ts', lines(1, 4)); // "line 1\n" … 7 bytes each: the whole read shows lines 1–2 (14 chars)
    t.show(t.req('v.ts'));
    expect(t.pointerTrue(t.req('v.ts', { offset: 2, limit: 1 }))).toBe(true);
    expect(t.pointerTrue(t.req('v.ts', { offset: 3, limit: 1 }))).toBe(false);
  });

  it('equal bytes at other line numbers never count (lines 1–3 equal lines 4–6)', () => {
    const t = setup();
    t.files.set('r.ts', 'a\nb\nc\na\nb\nc\n');
    t.show(t.req('r.ts', { offset: 1, limit: 3 }));
    expect(t.pointerTrue(t.req('r.ts', { offset: 4, limit: 3 }))).toBe(false);
    expect(t.pointerTrue(t.req('r.ts', { offset: 1, limit: 3 }))).toBe(true);
  });

  it('windows are never spliced to back a whole-file pointer', () => {
    const t = setup();
    t.files.set('s.ts', lines(1, 6));
    t.show(t.req('s.ts', { offset: 1, limit: 3 }));
    t.show(t.req('s.ts', { offset: 4, limit: 3 }));
    expect(t.pointerTrue(t.req('s.ts'))).toBe(false);
    // One wider window covers a narrower one.
    t.show(t.req('s.ts', { offset: 2, limit: 4 }));
    expect(t.pointerTrue(t.req('s.ts', { offset: 3, limit: 2 }))).toBe(true);
  });

  it('only a complete delivery covers: a partial slice of the whole file backs no window', () => {
    const t = setup();
    t.files.set('p.ts', lines(1, 6));
    const r = t.req('p.ts');
    const P = t.memo.utf8(r.content);
    t.d.apply(
      r,
      { kind: 'slice', start: 0, end: 14, total: P.length, done: false, payload: r.content.slice(0, 14) },
      '',
    );
    expect(t.pointerTrue(t.req('p.ts', { offset: 1, limit: 1 }))).toBe(false);
  });
});

describe('supersession: the latest delivery that covers R decides', () => {
  it('whole A, then window 1–10 of B, then A again: a whole pointer is true (the window does not cover the whole)', () => {
    const t = setup();
    const A = lines(1, 20);
    const B = A.replace('line 5\n', 'line five\n');
    t.files.set('v.ts', A);
    t.show(t.req('v.ts'));
    t.files.set('v.ts', B);
    t.show(t.req('v.ts', { offset: 1, limit: 10 }));
    t.files.set('v.ts', A);
    expect(t.pointerTrue(t.req('v.ts'))).toBe(true);
    // …but the window itself was last shown as B: a pointer to it is a lie.
    expect(t.pointerTrue(t.req('v.ts', { offset: 1, limit: 10 }))).toBe(false);
  });

  it('A, then B delivered whole, then A again: a pointer is a lie', () => {
    const t = setup();
    t.files.set('a.ts', 'AAAA\n');
    t.show(t.req('a.ts'));
    t.files.set('a.ts', 'BBBB\n');
    t.show(t.req('a.ts'));
    t.files.set('a.ts', 'AAAA\n');
    expect(t.pointerTrue(t.req('a.ts'))).toBe(false);
  });

  it('a whole delivery of B supersedes a window of A it covers', () => {
    const t = setup();
    const A = lines(1, 10);
    t.files.set('v.ts', A);
    t.show(t.req('v.ts', { offset: 1, limit: 5 }));
    t.files.set('v.ts', A.replace('line 2\n', 'line two\n'));
    t.show(t.req('v.ts'));
    t.files.set('v.ts', A);
    expect(t.pointerTrue(t.req('v.ts', { offset: 1, limit: 5 }))).toBe(false);
  });

  it('an older view of the same text is not shortened by a later partial re-send of it', () => {
    const t = setup();
    t.files.set('a.ts', lines(1, 6));
    t.links.set('l.ts', 'a.ts');
    t.show(t.req('a.ts'));
    const r = t.req('l.ts');
    t.d.apply(r, { kind: 'slice', start: 0, end: 7, total: 42, done: false, payload: 'line 1\n' }, '');
    expect(t.pointerTrue(t.req('a.ts'))).toBe(true);
  });
});

describe('names and identities', () => {
  it('a link retargeted to equal bytes: the pointer is true (the name showed them)', () => {
    const t = setup();
    t.files.set('v1.ts', 'X\n');
    t.files.set('v2.ts', 'X\n');
    t.links.set('cur.ts', 'v1.ts');
    t.show(t.req('cur.ts'));
    t.links.set('cur.ts', 'v2.ts');
    expect(t.pointerTrue(t.req('cur.ts'))).toBe(true);
    // Lie twin: retargeted to other bytes of the same size.
    t.files.set('v3.ts', 'Y\n');
    t.links.set('cur.ts', 'v3.ts');
    expect(t.pointerTrue(t.req('cur.ts'))).toBe(false);
  });

  it('a diff across a retarget is against what the name showed', () => {
    const t = setup();
    t.files.set('a.ts', 'one\ntwo\n');
    t.files.set('b.ts', 'one\nTWO\n');
    t.links.set('l.ts', 'a.ts');
    t.show(t.req('l.ts'));
    t.links.set('l.ts', 'b.ts');
    expect(t.d.backing(t.req('l.ts'))?.prefix.toString()).toBe('one\ntwo\n');
  });

  it('the identity clause: the latest delivery of the identity now, under any name', () => {
    // cur.ts → v1 (X) read, then v2.ts (Y) read; cur.ts → v2: the latest is v2.ts's Y: true.
    const a = setup();
    a.files.set('v1.ts', 'X\n');
    a.files.set('v2.ts', 'Y\n');
    a.links.set('cur.ts', 'v1.ts');
    a.show(a.req('cur.ts'));
    a.show(a.req('v2.ts'));
    a.links.set('cur.ts', 'v2.ts');
    expect(a.pointerTrue(a.req('cur.ts'))).toBe(true);
    // v2.ts read first, then cur.ts → v1: the latest candidate is cur.ts's X: a lie.
    const b = setup();
    b.files.set('v1.ts', 'X\n');
    b.files.set('v2.ts', 'Y\n');
    b.links.set('cur.ts', 'v1.ts');
    b.show(b.req('v2.ts'));
    b.show(b.req('cur.ts'));
    b.links.set('cur.ts', 'v2.ts');
    expect(b.pointerTrue(b.req('cur.ts'))).toBe(false);
  });

  it('equal bytes under another name and identity never count (twin files)', () => {
    const t = setup();
    t.files.set('x.ts', 'same\n');
    t.files.set('y.ts', 'same\n');
    t.show(t.req('x.ts'));
    expect(t.pointerTrue(t.req('y.ts'))).toBe(false);
  });

  it('a link and its target are one file: a delivery under either backs the other', () => {
    const t = setup();
    t.files.set('a.ts', 'A\n');
    t.links.set('l.ts', 'a.ts');
    t.show(t.req('l.ts'));
    expect(t.pointerTrue(t.req('a.ts'))).toBe(true);
  });
});

describe('forget by name', () => {
  it('forget("l.ts") removes what was delivered as l.ts, not what a.ts delivered', () => {
    const t = setup();
    t.files.set('a.ts', 'A\n');
    t.links.set('l.ts', 'a.ts');
    t.show(t.req('a.ts'));
    t.show(t.req('l.ts'));
    t.d.forget('w1', 'l.ts');
    expect(t.pointerTrue(t.req('a.ts'))).toBe(true);
    expect(t.pointerTrue(t.req('l.ts'))).toBe(true); // l.ts → a.ts: a.ts's delivery is of its identity
  });

  it('forget under the only name a file was read by: the worker holds none of it', () => {
    const t = setup();
    t.files.set('a.ts', 'A\n');
    t.links.set('l.ts', 'a.ts');
    t.show(t.req('l.ts'));
    t.d.forget('w1', 'l.ts');
    expect(t.d.backing(t.req('a.ts'))).toBeUndefined();
    t.show(t.req('a.ts'));
    t.d.forget('w1', 'a.ts');
    expect(t.d.backing(t.req('a.ts'))).toBeUndefined();
  });

  it('forget() removes all of the worker; a fork holds what its parent held', () => {
    const t = setup();
    t.files.set('a.ts', 'A\n');
    t.show(t.req('a.ts'));
    t.d.fork('w1', 'w2');
    t.d.forget('w1', undefined);
    expect(t.d.backing(t.req('a.ts'))).toBeUndefined();
    expect(t.pointerTrue(t.req('a.ts', undefined, 'w2'))).toBe(true);
  });
});

describe('covers', () => {
  const row = (line: number, text: string, whole = true) => ({ line, text, whole });
  it('needs every row at its line, whole, equal; the last may be a start of the held row', () => {
    const h = [row(1, 'a\n'), row(2, 'b\n'), row(3, 'c', false)];
    expect(covers(h, [row(2, 'b\n')])).toBe(true);
    expect(covers(h, [row(2, 'b')])).toBe(true);
    expect(covers(h, [row(1, 'b\n')])).toBe(false);
    expect(covers(h, [row(3, 'c')])).toBe(false);
    expect(covers(h, [row(2, 'b'), row(3, 'c')])).toBe(false);
    expect(covers(h, [])).toBe(false);
  });
});
