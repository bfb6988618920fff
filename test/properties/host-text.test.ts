/**
 * Host text that is not the disk's bytes (spec/SPEC.md "Host read tools", step 0; lie class
 * host-text-not-disk): a line-end-blind fingerprint lies behind a tool that shows the bytes and is
 * truthful behind one that normalises them; the ground truth is the declared tool's text.
 */
import { describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { runConformance, type RunResult } from '../../properties/run.ts';
import { NORMALISED_KEY, NORMALISED_KEY_TWIN } from '../fixtures/naive-shims.ts';

const SEED = 20_261_130;
const rule = (r: RunResult, id: string) => r.rules.find((x) => x.id === id)!;
const failedIn = (r: RunResult, id: string) => r.corpus!.cases.find((c) => c.id === id)!.failed;
// The directed host-text cases, not the whole crossed table: its covering sample (crossed: 'cover').

describe('host-text-not-disk', () => {
  it('a fingerprint of the text with CRLF as LF and no BOM lies behind a tool that shows the bytes', async () => {
    const r = await runConformance({ adapter: NORMALISED_KEY, arm: 'cap', runs: 0, seed: SEED, crossed: 'cover' });
    const cx = rule(r, 'POINTER-FULL').counterexample!;
    expect(cx.source).toBe('corpus crlf-to-lf-rewrite');
    expect(cx.story[0]).toMatch(
      /^lie class: host text that is not the disk's bytes .*\(corpus case crlf-to-lf-rewrite\)$/,
    );
    expect(failedIn(r, 'bom-dropped-rewrite')).toContain('POINTER-FULL');
  });

  it('its twin, behind a tool that declares normalize [crlf, bom], passes: the same pointers are true', async () => {
    const r = await runConformance({ adapter: NORMALISED_KEY_TWIN, arm: 'cap', runs: 0, seed: SEED, crossed: 'cover' });
    expect(r.rules.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual([]);
    expect(failedIn(r, 'crlf-to-lf-rewrite')).toEqual([]);
    expect(failedIn(r, 'bom-dropped-rewrite')).toEqual([]);
    expect(r.assumptions.join('\n')).toContain(
      'The host read tool normalises its output (a leading BOM dropped, CRLF line ends shown as LF)',
    );
  });

  it('the reference behind a normalising tool passes the corpus and a short random phase', async () => {
    const adapter = {
      ...reference,
      capabilities: { ...reference.capabilities, tool: { normalize: ['crlf', 'bom', 'split'] as const } },
    };
    for (const arm of ['cap', 'diff'] as const) {
      // The crossed cases' covering sample: the normalising tool is the point, not the whole table.
      const r = await runConformance({ adapter, arm, runs: 3, seed: SEED, crossed: 'cover' });
      expect(r.rules.filter((x) => x.status === 'fail').map((x) => `${arm} ${x.id}`)).toEqual([]);
    }
  }, 120_000);
});
