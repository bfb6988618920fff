/**
 * The design shims of spec/designs pass a run: nothing fails, nothing goes unexercised, and each
 * passes its levers' own rules. Shared by levers.test.ts (npm test: the crossed cases' covering
 * sample, one session history) and designs-pass.long.test.ts (test:hosts: every crossed case, the
 * default session histories).
 */
import { expect, it } from 'vitest';
import type { ShimAdapter } from '../../src/core/contract.ts';
import { runConformance, type RunOptions } from '../../properties/run.ts';
import capOnly from '../../spec/designs/cap-only.ts';
import pointerOnly from '../../spec/designs/pointer-only.ts';
import splitHunks from '../../spec/designs/split-hunks.ts';

export function designsPass(crossed: NonNullable<RunOptions['crossed']>, sessions?: number): void {
  it.each([
    ['pointer-only', pointerOnly, undefined],
    ['pointer-only behind a 3-line host tool', pointerOnly, { maxLines: 3, maxLineChars: 5 }],
    ['cap-only', capOnly, undefined],
    ['cap-only behind a 3-line host tool', capOnly, { maxLines: 3, maxLineChars: 5 }],
    ['split-hunks', splitHunks, undefined],
  ] as const)('%s passes readshim-conformance run: nothing fails, nothing unexercised', async (_n, d, tool) => {
    const adapter: ShimAdapter = tool === undefined ? d : { ...d, capabilities: { ...d.capabilities, tool } };
    const r = await runConformance({
      adapter,
      runs: 25,
      seed: 11,
      crossed,
      ...(sessions !== undefined ? { session: { histories: sessions } } : {}),
    });
    expect(
      r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised').map((x) => `${x.id}: ${x.reason ?? ''}`),
    ).toEqual([]);
    expect(r.levers).toEqual(d.capabilities.levers);
    const pass = r.rules.filter((x) => x.status === 'pass').map((x) => x.id);
    expect(pass).toEqual(
      expect.arrayContaining(
        d === pointerOnly
          ? ['POINTER-FULL', 'FIRST-VERBATIM']
          : d === splitHunks
            ? ['POINTER-FULL', 'DIFF-COMPLETE', 'DIFF-BASE-HELD']
            : ['SLICE-CONTINUES', 'PROGRESS', 'CAP-PARAM'],
      ),
    );
  });
}
