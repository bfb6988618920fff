/**
 * A claim's body must lie in the response text (spec/SPEC.md "The claim model"): at the claim's
 * `at` when it gives one — for every kind that carries a body — else as a suffix or a prefix.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Claim } from '../../../src/core/claims.ts';
import { backing } from '../../../properties/oracle/backing.ts';
import { isBoundary, utf8 } from '../../../properties/oracle/bytes.ts';

const text = 'NOTE body NOTE body';

describe('`at` pins the body to one index, for slices, stale serves, diffs and framed verbatim text', () => {
  // each kind with the name its body has in a story
  const kinds: readonly [string, (at: number) => Claim][] = [
    ['slice payload', (at) => ({ kind: 'slice', start: 0, end: 4, total: 4, done: true, payload: 'body', at })],
    [
      'stale payload',
      (at) => ({ kind: 'stale', startLine: 0, endLine: 0, lines: 1, truncated: false, payload: 'body', at }),
    ],
    ['diff patch', (at) => ({ kind: 'diff', patch: 'body', total: 4, at })],
    ["tool's text", (at) => ({ kind: 'verbatim', payload: 'body', at })],
  ];
  for (const [what, make] of kinds)
    it(`${make(0).kind}: found at its index, not found at another even where it is a suffix`, () => {
      expect(backing(make(5), text)).toEqual({ found: true, framing: 'NOTE  NOTE body' });
      expect(backing(make(15), text)).toEqual({ found: true, framing: 'NOTE body NOTE ' });
      // 'body' is the text's suffix, but the claim says index 4: not backed
      expect(backing(make(4), text)).toEqual({ found: false, what: `${what} at index 4`, framing: text });
    });

  it('without `at`: a suffix first, then a prefix, else not found', () => {
    const c: Claim = { kind: 'stale', startLine: 0, endLine: 0, lines: 1, truncated: false, payload: 'body' };
    expect(backing(c, text)).toEqual({ found: true, framing: 'NOTE body NOTE ' });
    expect(backing({ ...c, payload: 'NOTE' }, text)).toEqual({ found: true, framing: ' body NOTE body' });
    expect(backing({ ...c, payload: 'elsewhere' }, text)).toEqual({
      found: false,
      what: 'stale payload',
      framing: text,
    });
  });
});

describe('byte boundaries outside the buffer', () => {
  it('an index before 0 or past the end is no boundary (only 0 and the length are, at the edges)', () => {
    const b = utf8('ab');
    expect([-1, 0, 2, 3].map((i) => isBoundary(b, i))).toEqual([false, true, true, false]);
  });
});

describe('byte boundaries at the edges', () => {
  it('0 and the length are boundaries of any buffer, even one that starts and ends inside a sequence', () => {
    const cut = utf8('😀').subarray(1); // 0x9f 0x98 0x80: three continuation bytes
    expect([0, 1, 2, 3].map((i) => isBoundary(cut, i))).toEqual([true, false, false, true]);
    expect(isBoundary(new Uint8Array(0), 0)).toBe(true);
  });
});

describe('the smallest strict diff', () => {
  it('fails loudly, naming the file to fix, if the strict applier accepted none of the candidates', async () => {
    vi.resetModules();
    vi.doMock('../../../properties/oracle/strict-patch.ts', () => ({
      applyStrict: () => ({ ok: false, reason: 'rejects all' }),
    }));
    const { smallestDiffResponse } = await import('../../../properties/oracle/smallest-diff.ts');
    expect(() => smallestDiffResponse(undefined)).toThrow(
      'the strict applier accepts none of the smallest diffs: fix smallest-diff.ts',
    );
    vi.doUnmock('../../../properties/oracle/strict-patch.ts');
    vi.resetModules();
  });

  it('asks the applier: one that takes no empty ranges (-0,0 / +0,0) leaves the one-line change as the smallest diff', async () => {
    const real = await vi.importActual<typeof import('../../../properties/oracle/strict-patch.ts')>(
      '../../../properties/oracle/strict-patch.ts',
    );
    const plain = await vi.importActual<typeof import('../../../properties/oracle/smallest-diff.ts')>(
      '../../../properties/oracle/smallest-diff.ts',
    );
    // the real applier takes the 29-byte insertion and deletion
    expect(plain.smallestDiffResponse(undefined)).toBe(29);
    vi.resetModules();
    vi.doMock('../../../properties/oracle/strict-patch.ts', () => ({
      applyStrict: (base: string, patch: string) =>
        /,0 /.test(patch) ? { ok: false, reason: 'no empty ranges' } : real.applyStrict(base, patch),
    }));
    const { smallestDiffResponse } = await import('../../../properties/oracle/smallest-diff.ts');
    // '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n' is 30 bytes; with a 3-byte seal, 33
    expect([smallestDiffResponse(undefined), smallestDiffResponse('abc')]).toEqual([30, 33]);
    vi.doUnmock('../../../properties/oracle/strict-patch.ts');
    vi.resetModules();
  });

  it('asks the applier: one that takes an insertion into an empty file but no deletion to empty, or the reverse, gives that 29-byte diff', async () => {
    const real = await vi.importActual<typeof import('../../../properties/oracle/strict-patch.ts')>(
      '../../../properties/oracle/strict-patch.ts',
    );
    for (const refused of ['+0,0', '-0,0']) {
      vi.resetModules();
      vi.doMock('../../../properties/oracle/strict-patch.ts', () => ({
        applyStrict: (base: string, patch: string) =>
          patch.includes(` ${refused} `) ? { ok: false, reason: `no ${refused}` } : real.applyStrict(base, patch),
      }));
      const { smallestDiffResponse } = await import('../../../properties/oracle/smallest-diff.ts');
      expect(smallestDiffResponse(undefined), `refusing ${refused}`).toBe(29);
      vi.doUnmock('../../../properties/oracle/strict-patch.ts');
    }
    vi.resetModules();
  });

  it('a candidate counts only when applying it gives the intended text, not merely when the applier accepts it', async () => {
    vi.resetModules();
    vi.doMock('../../../properties/oracle/strict-patch.ts', () => ({
      applyStrict: () => ({ ok: true, text: 'something else\n' }),
    }));
    const { smallestDiffResponse } = await import('../../../properties/oracle/smallest-diff.ts');
    expect(() => smallestDiffResponse(undefined)).toThrow(
      'the strict applier accepts none of the smallest diffs: fix smallest-diff.ts',
    );
    vi.doUnmock('../../../properties/oracle/strict-patch.ts');
    vi.resetModules();
  });
});
