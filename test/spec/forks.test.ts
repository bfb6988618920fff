/**
 * `fork` and `resume` in SPEC.md's notation (spec/SPEC.md "Forks and resumed sessions"): the
 * validator holds a fork's expectations to what its parent held at the fork.
 */
import { describe, expect, it } from 'vitest';
import { loadSpecText } from '../../spec/load.ts';

const spec = (body: readonly string[]): string =>
  [
    '# t',
    '',
    '## ISOLATION',
    '',
    '**Law.** x',
    '',
    '```example id=ISOLATION/f rule=ISOLATION arm=cap cap=64',
    'write a.txt "held\\n"',
    'write b.txt "after\\n"',
    'read w1 a.txt => verbatim',
    'fork w1 w2',
    'read w1 b.txt => verbatim',
    ...body,
    '```',
    '',
  ].join('\n');

const load = (body: readonly string[]): string => {
  try {
    loadSpecText(spec(body), 'SPEC.md');
    return 'accepted';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('fork and resume in the notation', () => {
  it('a pointer in the fork to what the parent held at the fork is a truthful expectation', () => {
    expect(load(['read w2 a.txt => pointer 5', 'resume w2', 'read w2 a.txt => pointer 5'])).toBe('accepted');
  });
  it('a pointer in the fork to what the parent read after the fork contradicts the contract', () => {
    expect(load(['read w2 b.txt => pointer 6'])).toMatch(
      /^SPEC.md:13: example ISOLATION\/f: expectation contradicts the contract/,
    );
  });
  it('what the fork reads never counts for the parent', () => {
    expect(load(['write c.txt "c\\n"', 'read w2 c.txt => verbatim', 'read w1 c.txt => pointer 2'])).toMatch(
      /^SPEC.md:15: example ISOLATION\/f: expectation contradicts the contract/,
    );
  });
});
