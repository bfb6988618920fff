/**
 * Host refusals and repeated failures (spec/SPEC.md "Host refusals", "A repeated failure"): a
 * refused read gives the worker nothing of the file, and a pointer to a failing read is true only
 * when the worker was last given that same failure for that request and the tool still fails.
 */
import { describe, expect, it } from 'vitest';
import { Driver, said } from './support.ts';

const P = { kind: 'pointer', total: 0 } as const;
const err = (code: string) => ({ response: { error: `${code}: failed` } });

describe('a repeated failure', () => {
  it('a pointer to the failure the worker was last given, the tool still failing, is true', () => {
    const d = new Driver({ levers: ['pointer'] });
    expect(d.read({ code: 'EFBIG' }, '', undefined, err('EFBIG'))).toEqual([]);
    expect(d.read({ code: 'EFBIG' }, 'already in context', P)).toEqual([]);
    // Pointed at again: the worker still holds that failure.
    expect(d.read({ code: 'EFBIG' }, 'already in context', P)).toEqual([]);
    expect(d.checks('PASSTHROUGH')).toBe(3);
  });

  it('a pointer to a failing read the worker was never given fails PASSTHROUGH', () => {
    const d = new Driver({ levers: ['pointer'] });
    expect(said(d.read({ code: 'ENOENT' }, 'already in context', P))).toEqual([
      'PASSTHROUGH: the read tool failed (ENOENT) but the shim answered "unchanged, you hold all 0 bytes" instead of passing the error on (the worker was never given this failure for this request)',
    ]);
    // Another request (a window) of the same path: its own failure was never given either.
    d.read({ code: 'ENOENT' }, '', undefined, err('ENOENT'));
    expect(
      d.read({ code: 'ENOENT' }, 'already in context', P, { args: { offset: 1, limit: 5 } }).map((v) => v.rule),
    ).toEqual(['PASSTHROUGH']);
  });

  it('another failure, a delivery in between, or a compaction makes the pointer a lie', () => {
    const other = new Driver({ levers: ['pointer'] });
    other.read({ code: 'ENOENT' }, '', undefined, err('ENOENT'));
    expect(said(other.read({ code: 'EFBIG' }, 'already in context', P))[0]).toContain(
      '(the worker was last given another failure (ENOENT) for this request)',
    );

    const between = new Driver({ levers: ['pointer'] });
    between.read({ code: 'ENOENT' }, '', undefined, err('ENOENT'));
    expect(between.read('x\n', 'x\n', { kind: 'verbatim' })).toEqual([]);
    expect(between.read({ code: 'ENOENT' }, 'already in context', P).map((v) => v.rule)).toEqual(['PASSTHROUGH']);

    const compacted = new Driver({ levers: ['pointer'] });
    compacted.read({ code: 'ENOENT' }, '', undefined, err('ENOENT'));
    compacted.forget('w1');
    expect(compacted.read({ code: 'ENOENT' }, 'already in context', P).map((v) => v.rule)).toEqual(['PASSTHROUGH']);

    const lied = new Driver({ levers: ['pointer'] });
    lied.read({ code: 'ENOENT' }, 'x\n', { kind: 'verbatim' });
    expect(lied.read({ code: 'ENOENT' }, 'already in context', P).map((v) => v.rule)).toEqual(['PASSTHROUGH']);
  });
});

describe('a refused read delivers nothing', () => {
  it('after a refusal passed on, a pointer once the tool answers says the worker holds none of it', () => {
    const d = new Driver({ levers: ['pointer'] });
    expect(d.read({ code: 'EFBIG' }, '', undefined, err('EFBIG'))).toEqual([]);
    expect(said(d.read('head\n', 'already in context', { kind: 'pointer', total: 5 }))).toEqual([
      'FIRST-VERBATIM: a first read of a 5-byte file was answered "unchanged, you hold all 5 bytes", not with the tool\'s text untouched',
      'POINTER-FULL: said "unchanged, you hold all 5 bytes" but the worker holds none of it',
    ]);
  });
});
