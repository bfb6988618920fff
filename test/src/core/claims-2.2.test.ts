/**
 * Spec 2.2's claims (src/core/claims.ts; spec/SPEC.md "Change notices", "Withheld by the shim's
 * policy") and policies (src/core/policies.ts): what a decoder may return, and what is malformed.
 */
import { describe, expect, it } from 'vitest';
import { claimProblem } from '../../../src/core/claims.ts';
import { describePolicy, policiesProblem, policyApplies } from '../../../src/core/policies.ts';

const n = (value: number, at: number) => ({ value, at });

describe('delta claims', () => {
  it('a range or an insertion, the text with its index, stated numbers', () => {
    expect(
      claimProblem({ kind: 'delta', replaces: { first: n(2, 5), last: n(2, 5) }, text: { body: 'x\n', at: 9 } }),
    ).toBe(undefined);
    expect(
      claimProblem({
        kind: 'delta',
        replaces: { after: n(0, 6) },
        text: { body: '', at: 9 },
        base: n(3, 1),
        total: n(9, 3),
      }),
    ).toBe(undefined);
  });
  it.each([
    [{ kind: 'delta', text: { body: 'x', at: 0 } }, /needs "replaces"/],
    [{ kind: 'delta', replaces: { first: n(1, 0) }, text: { body: 'x', at: 0 } }, /replaces\.last/],
    [{ kind: 'delta', replaces: { first: n(3, 0), last: n(2, 0) }, text: { body: 'x', at: 0 } }, /last >= first/],
    [{ kind: 'delta', replaces: { first: n(0, 0), last: n(0, 0) }, text: { body: 'x', at: 0 } }, /count from 1/],
    [{ kind: 'delta', replaces: { after: n(1, 0), first: n(1, 0) }, text: { body: 'x', at: 0 } }, /not both/],
    [{ kind: 'delta', replaces: { after: 1 }, text: { body: 'x', at: 0 } }, /\{ value, at \}/],
    [{ kind: 'delta', replaces: { after: n(1, 0) }, text: 'x' }, /needs "text"/],
    [{ kind: 'delta', replaces: { after: n(1, 0) }, text: { body: 'x', at: 0 }, total: n(-1, 0) }, /total/],
    [{ kind: 'delta', replaces: { after: n(1, 0) }, text: { body: 'x', at: 0 }, at: 3 }, /carries no "at"/],
  ])('malformed: %j', (claim, why) => {
    expect(claimProblem(claim)).toMatch(why);
  });
});

describe('withheld claims and policies', () => {
  it('a withheld claim names a policy', () => {
    expect(claimProblem({ kind: 'withheld', policy: 'big-file' })).toBe(undefined);
    expect(claimProblem({ kind: 'withheld' })).toMatch(/needs "policy"/);
    expect(claimProblem({ kind: 'withheld', policy: 'x', at: 0 })).toMatch(/carries no "at"/);
  });
  const ok = { id: 'big-file', wholeOverBytes: 1024, howTo: 'read it with offset and limit' };
  it('a policy is declared whole, once, by a sealed shim', () => {
    expect(policiesProblem([ok], true)).toBe(undefined);
    expect(policiesProblem([ok], false)).toMatch(/needs seal: true/);
    expect(policiesProblem([], true)).toMatch(/non-empty list/);
    expect(policiesProblem([ok, ok], true)).toMatch(/declared twice/);
    expect(policiesProblem([{ ...ok, howTo: ' ' }], true)).toMatch(/howTo/);
    expect(policiesProblem([{ ...ok, wholeOverBytes: -1 }], true)).toMatch(/wholeOverBytes/);
    expect(policiesProblem([{ ...ok, id: 'Big File' }], true)).toMatch(/lower-case words/);
    expect(policiesProblem([{ ...ok, extra: 1 }], true)).toMatch(/unknown key "extra"/);
  });
  it('it applies to whole reads over its size; the assumption line says so', () => {
    expect(policyApplies(ok, true, 1025)).toBe(true);
    expect(policyApplies(ok, true, 1024)).toBe(false);
    expect(policyApplies(ok, false, 5000)).toBe(false);
    expect(describePolicy(ok)).toMatch(/whole read whose text is over 1,024 bytes \(its policy "big-file"/);
  });
});
