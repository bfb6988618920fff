/**
 * K = (T, P) per worker and request key (properties/oracle/knowledge.ts; spec/SPEC.md
 * "Knowledge"): what the worker holds after each kind of response, lie or not.
 */
import { describe, expect, it } from 'vitest';
import { resolvePath } from '../../../src/core/paths.ts';
import { afterClaim, holds, OracleMemo, sameKnowledge, type Known } from '../../../properties/oracle/knowledge.ts';
import { Deliveries, hostView, requestArgs, type Req } from '../../../properties/oracle/deliveries.ts';
import { requestText, rowsShown } from '../../../src/harness/host-tool.ts';

const b = (s: string): Buffer => Buffer.from(s, 'utf8');
const known = (P: string, T: number = b(P).length, against = P): Known => ({ total: T, prefix: b(P), against });
const text = (k: Known | 'keep'): string | 'keep' =>
  k === 'keep' ? 'keep' : `${k.total}:${k.prefix.toString('utf8')}`;

describe('holds and sameKnowledge', () => {
  it('holds: all T bytes, equal to the content', () => {
    expect(holds(known('abc'), b('abc'))).toBe(true);
    expect(holds(known('abc', 4), b('abc'))).toBe(false);
    expect(holds(known('abd'), b('abc'))).toBe(false);
    expect(holds(known('ab', 3), b('ab'))).toBe(false);
    expect(holds(undefined, b(''))).toBe(false);
  });

  it('sameKnowledge: same T and same bytes; nothing equals only nothing', () => {
    expect(sameKnowledge(undefined, undefined)).toBe(true);
    expect(sameKnowledge(known('a'), undefined)).toBe(false);
    expect(sameKnowledge(undefined, known('a'))).toBe(false);
    expect(sameKnowledge(known('ab'), known('ab', 2, 'other'))).toBe(true);
    expect(sameKnowledge(known('ab', 5), known('ab', 6))).toBe(false);
    expect(sameKnowledge(known('ab'), known('ac'))).toBe(false);
  });
});

describe('afterClaim', () => {
  const C = 'hello world';

  it('verbatim: the payload if framed, else the whole response text', () => {
    expect(text(afterClaim(undefined, { kind: 'verbatim', payload: 'héllo' }, '[note] héllo', 'héllo'))).toBe(
      '6:héllo',
    );
    expect(text(afterClaim(known('zz'), { kind: 'verbatim' }, C, C))).toBe('11:hello world');
  });

  it('slice from 0 replaces P; a continuation at |P| appends; T is the claimed total', () => {
    expect(
      text(
        afterClaim(
          known('zzzzz', 11, 'zz'),
          { kind: 'slice', start: 0, end: 5, total: 11, done: false, payload: 'hello' },
          '',
          C,
        ),
      ),
    ).toBe('11:hello');
    expect(
      text(
        afterClaim(
          known('hello', 11, C),
          { kind: 'slice', start: 5, end: 11, total: 11, done: true, payload: ' world' },
          '',
          C,
        ),
      ),
    ).toBe('11:hello world');
  });

  it('a continuation past P (or with nothing held) keeps K; one inside P cuts P there', () => {
    expect(
      afterClaim(
        known('hel', 11, C),
        { kind: 'slice', start: 4, end: 6, total: 11, done: false, payload: 'o ' },
        '',
        C,
      ),
    ).toBe('keep');
    expect(
      afterClaim(undefined, { kind: 'slice', start: 1, end: 3, total: 11, done: false, payload: 'el' }, '', C),
    ).toBe('keep');
    expect(
      text(
        afterClaim(
          known('hel', 11, C),
          { kind: 'slice', start: 3, end: 5, total: 11, done: false, payload: 'lo' },
          '',
          C,
        ),
      ),
    ).toBe('11:hello');
    // changed content: the re-sent bytes differ, so P is cut after them.
    expect(
      text(
        afterClaim(
          known('hello wo', 11, 'hello wo..'),
          { kind: 'slice', start: 2, end: 4, total: 11, done: false, payload: 'LL' },
          '',
          'heLLo world',
        ),
      ),
    ).toBe('11:heLL');
  });

  it('bytes of unchanged content sent again keep the rest the worker holds', () => {
    const k = known('hello wo', 11, C);
    expect(
      text(afterClaim(k, { kind: 'slice', start: 0, end: 5, total: 11, done: false, payload: 'hello' }, '', C)),
    ).toBe('11:hello wo');
    expect(
      text(afterClaim(k, { kind: 'slice', start: 2, end: 5, total: 11, done: false, payload: 'llo' }, '', C)),
    ).toBe('11:hello wo');
  });

  it('re-sent bytes keep the rest only when the content is unchanged, they match, and the slice is not the end', () => {
    const k = known('hello wo', 11, C);
    // the same bytes, but the content changed since P: P is what was just sent.
    expect(
      text(
        afterClaim(
          k,
          { kind: 'slice', start: 0, end: 5, total: 12, done: false, payload: 'hello' },
          '',
          'hello world!',
        ),
      ),
    ).toBe('12:hello');
    // different bytes at the same place.
    expect(
      text(afterClaim(k, { kind: 'slice', start: 0, end: 5, total: 11, done: false, payload: 'HELLO' }, '', C)),
    ).toBe('11:HELLO');
    // a slice reaching the total replaces P (even a shorter P than held).
    expect(
      text(
        afterClaim(
          known('hello world', 11, C),
          { kind: 'slice', start: 0, end: 11, total: 11, done: true, payload: 'hello world' },
          '',
          C,
        ),
      ),
    ).toBe('11:hello world');
    // a lie left the worker holding bytes past the file's end; the whole file, sent again, is all it holds.
    expect(
      text(
        afterClaim(
          known('hello wor', 9, 'hello'),
          { kind: 'slice', start: 0, end: 5, total: 5, done: true, payload: 'hello' },
          '',
          'hello',
        ),
      ),
    ).toBe('5:hello');
  });

  it('diff: applied strictly to P; one that does not apply keeps K', () => {
    const patch = '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n';
    expect(text(afterClaim(known('x\n'), { kind: 'diff', patch, total: 2 }, patch, 'y\n'))).toBe('2:y\n');
    expect(afterClaim(known('q\n'), { kind: 'diff', patch, total: 2 }, patch, 'y\n')).toBe('keep');
    const add = '--- a\n+++ a\n@@ -0,0 +1 @@\n+y\n';
    expect(text(afterClaim(undefined, { kind: 'diff', patch: add, total: 2 }, add, 'y\n'))).toBe('2:y\n');
  });

  it('pointers, stale serves and refusals add nothing', () => {
    expect(afterClaim(known('abc'), { kind: 'pointer', total: 3 }, '', 'abc')).toBe('keep');
    expect(
      afterClaim(
        known('abc'),
        { kind: 'stale', startLine: 0, endLine: 0, lines: 1, truncated: false, payload: 'abc' },
        'abc',
        'abc',
      ),
    ).toBe('keep');
    expect(afterClaim(known('abc'), { kind: 'refusal', reason: 'absent' }, '', 'abc')).toBe('keep');
  });
});

describe('Deliveries: per worker, per name and request', () => {
  const req = (worker: string, name: string, args?: Record<string, unknown>): Req => ({
    worker,
    name,
    ...requestArgs(args),
    identity: name,
    version: 'abc',
    content: 'abc',
    seq: 0,
  });
  const model = (): Deliveries =>
    new Deliveries(
      new OracleMemo(),
      hostView(
        (c, o, l) => requestText(c, o, l, undefined),
        (c, o, l) => rowsShown(c, o, l, undefined),
      ),
    );
  const A = req('w1', 'a.txt');
  const B = req('w1', 'b.txt');

  it('apply stores K per worker and request; "keep" leaves it; set(undefined) removes it', () => {
    const k = model();
    k.apply(A, { kind: 'verbatim' }, 'abc');
    expect(k.backing(A)?.prefix.toString()).toBe('abc');
    expect(k.backing(req('w2', 'a.txt'))).toBeUndefined();
    expect(k.backing(B)).toBeUndefined();
    k.apply(A, { kind: 'pointer', total: 3 }, '');
    expect(k.backing(A)?.prefix.toString()).toBe('abc');
    k.set(A, undefined);
    expect(k.backing(A)).toBeUndefined();
  });

  it('forget(name) removes every request of that name for that worker only; forget() all of the worker', () => {
    const k = model();
    const A2 = req('w1', 'a.txt', { offset: 2 });
    for (const r of [A, A2, B, req('w2', 'a.txt')]) k.set(r, known('x'));
    k.forget('w1', resolvePath('a.txt'));
    expect([k.backing(A), k.backing(A2)]).toEqual([undefined, undefined]);
    expect(k.backing(B)).toBeDefined();
    expect(k.backing(req('w2', 'a.txt'))).toBeDefined();
    k.forget('w1', undefined);
    expect(k.backing(B)).toBeUndefined();
    expect(k.backing(req('w2', 'a.txt'))).toBeDefined();
    k.forget('w3', undefined);
    expect(k.backing(req('w2', 'a.txt'))).toBeDefined();
  });
});
