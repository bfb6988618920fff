/**
 * PROGRESS's floor and the per-spelling prefixes (properties/oracle/progress.ts), against the law
 * as spec/SPEC.md "PROGRESS" states it: T when the rest fits, else the last line end within the
 * cap, else min(T, start + cap − 3).
 */
import { describe, expect, it } from 'vitest';
import { fullSliceEnd, progressFloor, SpellingTracker } from '../../../properties/oracle/progress.ts';

const bytes = (s: string): Uint8Array => Buffer.from(s, 'utf8');

describe('progressFloor: the least end a slice must reach', () => {
  it('the rest goes whole when start + cap reaches T exactly, even with a line end inside', () => {
    expect(progressFloor(bytes('ab\ncd'), 0, 5)).toBe(5);
    expect(progressFloor(bytes('ab\ncd'), 2, 3)).toBe(5);
  });

  it('otherwise the last line end within (start, start + cap]', () => {
    // line ends end bytes 3 and 6; cap 6 from 0 reaches byte 6, which ends a line.
    expect(progressFloor(bytes('ab\ncd\nefghij'), 0, 6)).toBe(6);
    expect(progressFloor(bytes('ab\ncd\nefghij'), 0, 5)).toBe(3);
    expect(progressFloor(bytes('ab\ncd\nefghij'), 3, 4)).toBe(6);
  });

  it('a line end at or before start does not count: start + cap − 3 instead', () => {
    // byte 2 is \n: it ends the line at 3 = start, which is not past start.
    expect(progressFloor(bytes('ab\ncdefghijkl'), 3, 5)).toBe(5);
    expect(progressFloor(bytes('abcdefghijkl'), 0, 8)).toBe(5);
  });

  it('with no line end, the walk-back allowance never takes the floor past T', () => {
    expect(progressFloor(bytes('abcdefgh'), 0, 7)).toBe(4);
    expect(fullSliceEnd(8, 0, 7)).toBe(4);
    expect(fullSliceEnd(8, 4, 7)).toBe(8);
    expect(fullSliceEnd(100, 10, 20)).toBe(27);
  });
});

describe('SpellingTracker: what each spelling of one request key delivered', () => {
  const wk = 'w1\u0000a.txt';
  const C = 'abcdefghij';

  it('a first slice of a spelling sets its prefix; a continuation from the prefix extends it', () => {
    const t = new SpellingTracker();
    expect(t.get(wk, C, 'a.txt')).toEqual({ last: undefined, prefix: 0 });
    t.delivered(wk, C, 'a.txt', 0, 4);
    expect(t.get(wk, C, 'a.txt')).toEqual({ last: 'a.txt', prefix: 4 });
    t.delivered(wk, C, 'a.txt', 4, 7);
    expect(t.get(wk, C, 'a.txt')).toEqual({ last: 'a.txt', prefix: 7 });
  });

  it('a slice that leaves a gap, or ends within the prefix, does not move it', () => {
    const t = new SpellingTracker();
    t.delivered(wk, C, 'a.txt', 0, 4);
    t.delivered(wk, C, 'a.txt', 5, 8);
    expect(t.get(wk, C, 'a.txt').prefix).toBe(4);
    t.delivered(wk, C, 'a.txt', 0, 4);
    expect(t.get(wk, C, 'a.txt').prefix).toBe(4);
    t.delivered(wk, C, 'a.txt', 1, 3);
    expect(t.get(wk, C, 'a.txt').prefix).toBe(4);
    t.delivered(wk, C, 'a.txt', 3, 6);
    expect(t.get(wk, C, 'a.txt').prefix).toBe(6);
  });

  it('prefixes are per spelling; the last spelling read is remembered, pointers included', () => {
    const t = new SpellingTracker();
    t.delivered(wk, C, 'a.txt', 0, 4);
    t.delivered(wk, C, './a.txt', 0, 2);
    expect(t.get(wk, C, 'a.txt')).toEqual({ last: './a.txt', prefix: 4 });
    expect(t.get(wk, C, './a.txt')).toEqual({ last: './a.txt', prefix: 2 });
    expect(t.deliverers(wk, C, 'a.txt')).toEqual(['./a.txt']);
    expect(t.deliverers(wk, C, './a.txt')).toEqual(['a.txt']);
    t.touched(wk, 'a.txt');
    expect(t.get(wk, C, './a.txt').last).toBe('a.txt');
  });

  it('a spelling that delivered nothing is no deliverer; nothing is known for another worker', () => {
    const t = new SpellingTracker();
    t.delivered(wk, C, 'a.txt', 2, 4);
    expect(t.get(wk, C, 'a.txt').prefix).toBe(0);
    expect(t.deliverers(wk, C, './a.txt')).toEqual([]);
    expect(t.deliverers('w2\u0000a.txt', C, './a.txt')).toEqual([]);
    t.touched('w2\u0000a.txt', 'a.txt');
    expect(t.get('w2\u0000a.txt', C, 'a.txt')).toEqual({ last: undefined, prefix: 0 });
  });

  it('changed content starts over: old prefixes are not prefixes of it, the last spelling stays known', () => {
    const t = new SpellingTracker();
    t.delivered(wk, C, 'a.txt', 0, 4);
    t.delivered(wk, C, './a.txt', 0, 4);
    expect(t.get(wk, 'changed', 'a.txt')).toEqual({ last: './a.txt', prefix: 0 });
    expect(t.deliverers(wk, 'changed', 'a.txt')).toEqual([]);
    t.delivered(wk, 'changed', 'a.txt', 0, 3);
    expect(t.get(wk, 'changed', 'a.txt')).toEqual({ last: 'a.txt', prefix: 3 });
    expect(t.get(wk, 'changed', './a.txt')).toEqual({ last: 'a.txt', prefix: 0 });
    expect(t.get(wk, C, 'a.txt')).toEqual({ last: 'a.txt', prefix: 0 });
  });

  it('forget drops exactly the keys it matches', () => {
    const t = new SpellingTracker();
    const other = 'w1\u0000b.txt';
    t.delivered(wk, C, 'a.txt', 0, 4);
    t.delivered(other, C, 'b.txt', 0, 4);
    t.forget((k) => k === wk);
    expect(t.get(wk, C, 'a.txt')).toEqual({ last: undefined, prefix: 0 });
    expect(t.get(other, C, 'b.txt')).toEqual({ last: 'b.txt', prefix: 4 });
  });
});
