/**
 * spec/SPEC.md "Consequences": a finding that follows from an earlier unbacked claim or broken diff
 * is told under that failure and counts against no rule; a lie that does not follow from one keeps
 * its own rule.
 */
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../src/core/claims.ts';
import { tellStory } from '../../../properties/story.ts';
import { Driver, said } from './support.ts';

const lines = (n: number, f: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => `${f(i)}\n`).join('');
const V1 = lines(30, (i) => `line ${i}`);
const V2 = V1.replace('line 10\n', 'line ten\n');
const V3 = V2.replace('line 20\n', 'line twenty\n');
const V4 = V3.replace('line 25\n', 'line 2five\n');
const patch = (a: string, b: string): string => createTwoFilesPatch('a.ts', 'a.ts', a, b);
/** A diff from V1 that gives another text than V2 of the same size: applies strictly, wrong result (DIFF-COMPLETE). */
const WRONG = patch(V1, V1.replace('line 10\n', 'line TEN\n'));
const RIGHT = patch(V1, V2);
const B2 = Buffer.byteLength(V2);
const B3 = Buffer.byteLength(V3);
const diff = (patch: string, total: number): Claim => ({ kind: 'diff', patch, total });
const pointer = (total: number): Claim => ({ kind: 'pointer', total });
const brief = (d: Driver) => d.oracle.consequences.map((c) => ({ rule: c.rule, index: c.index, cause: c.cause }));

describe('consequences of a broken diff', () => {
  it("a pointer after a diff that gives the wrong text is that diff's consequence, not POINTER-FULL", () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    expect(d.read(V1, V1, { kind: 'verbatim' })).toEqual([]);
    expect(said(d.read(V2, WRONG, diff(WRONG, B2))).map((s) => s.split(':')[0])).toEqual(['DIFF-COMPLETE']);
    expect(d.read(V2, 'unchanged', pointer(B2))).toEqual([]);
    expect(brief(d)).toEqual([{ rule: 'POINTER-FULL', index: 2, cause: { rule: 'DIFF-COMPLETE', index: 1 } }]);
    expect(d.oracle.consequences[0]!.message).toMatch(/holds a different version/);
    expect(d.checks('POINTER-FULL')).toBe(1); // still a check of POINTER-FULL, which it passes on its own terms
  });

  it("a pointer after a diff the text does not carry is that claim's consequence", () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    d.read(V1, V1, { kind: 'verbatim' });
    expect(said(d.read(V2, 'changed; see the diff', diff(RIGHT, B2)))).toEqual([
      expect.stringMatching(/^DIFF-COMPLETE: claim not found in the response/),
    ]);
    expect(d.read(V2, 'unchanged', pointer(B2))).toEqual([]);
    expect(brief(d)).toEqual([{ rule: 'POINTER-FULL', index: 2, cause: { rule: 'DIFF-COMPLETE', index: 1 } }]);
  });

  it('a later diff against the version the shim thinks it sent follows from the first, no new violation', () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    d.read(V1, V1, { kind: 'verbatim' });
    d.read(V2, 'changed; see the diff', diff(RIGHT, B2)); // unbacked: the worker still holds V1
    const next = patch(V2, V3);
    expect(d.read(V3, next, diff(next, B3))).toEqual([]);
    expect(
      brief(d)
        .map((c) => c.rule)
        .sort(),
    ).toEqual(['DIFF-COMPLETE']);
    expect(d.read(V3, 'unchanged', pointer(B3))).toEqual([]);
  });

  it('a pointer lie that does not follow from the broken diff still fails POINTER-FULL', () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    d.read(V1, V1, { kind: 'verbatim' });
    d.read(V2, WRONG, diff(WRONG, B2));
    // The file changes again; "unchanged" is false whatever the diff had delivered.
    expect(said(d.read(V3, 'unchanged', pointer(B3)))).toEqual([expect.stringMatching(/^POINTER-FULL: /)]);
    expect(d.oracle.consequences).toEqual([]);
  });

  it('a re-delivery ends the consequence: a later lie is its own', () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    d.read(V1, V1, { kind: 'verbatim' });
    d.read(V2, WRONG, diff(WRONG, B2));
    expect(d.read(V2, V2, { kind: 'verbatim' })).toEqual([]);
    expect(said(d.read(V3, 'unchanged', pointer(B2)))).toEqual([expect.stringMatching(/^POINTER-FULL: /)]);
    expect(d.oracle.consequences).toEqual([]);
  });

  it('a truthful diff causes nothing, and forget() ends what a broken one set apart', () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    d.read(V1, V1, { kind: 'verbatim' });
    expect(d.read(V2, RIGHT, diff(RIGHT, B2))).toEqual([]);
    expect(d.read(V2, 'unchanged', pointer(B2))).toEqual([]);
    d.read(V3, V3, { kind: 'verbatim' });
    const wrong = patch(V3, V4.replace('2five', '2FIVE'));
    const B4 = Buffer.byteLength(V4);
    expect(said(d.read(V4, wrong, diff(wrong, B4))).map((s) => s.split(':')[0])).toEqual(['DIFF-COMPLETE']);
    d.forget('w1');
    expect(said(d.read(V4, 'unchanged', pointer(B4))).map((s) => s.split(':')[0])).toContain('POINTER-FULL');
    expect(d.oracle.consequences).toEqual([]);
  });

  it('the story tells the consequence under its cause and at its own step', () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    const violations = [
      ...d.read(V1, V1, { kind: 'verbatim' }),
      ...d.read(V2, WRONG, diff(WRONG, B2)),
      ...d.read(V2, 'unchanged', pointer(B2)),
    ];
    const events = [
      { type: 'read' as const, worker: 'w1', path: 'a.ts' },
      { type: 'read' as const, worker: 'w1', path: 'a.ts' },
      { type: 'read' as const, worker: 'w1', path: 'a.ts' },
    ];
    const story = tellStory(events, [], violations, d.oracle.consequences);
    expect(story).toEqual([
      '1. w1 reads a.ts',
      '2. w1 reads a.ts',
      expect.stringMatching(/^ {3}✗ DIFF-COMPLETE: /),
      '     ↳ what follows from it is not counted again: POINTER-FULL at step 3',
      '3. w1 reads a.ts',
      expect.stringMatching(
        /^ {3}↳ POINTER-FULL, a consequence of DIFF-COMPLETE at step 2 \(not counted against POINTER-FULL\): said "unchanged/,
      ),
    ]);
  });
});
