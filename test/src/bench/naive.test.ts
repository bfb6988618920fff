/**
 * The naive designs an installed package benches without TypeScript sources:
 * dev/bench/build-naive.ts compiles each mutant's edit to one bundled JavaScript file at prepack; loaded from there,
 * every design measures exactly as the same mutant built from the catalogue in a checkout.
 */
import { modeOfArm } from '../../../src/core/levers.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNaiveDesigns } from '../../../dev/bench/build-naive.ts';
import { measure } from '../../../src/bench/measure.ts';
import { NAIVE_DESIGNS, PREBUILT_ADAPTER, loadNaiveDesign, prebuiltAdapterPath } from '../../../src/bench/naive.ts';
import { DEFAULT_WORKLOAD, buildWorkload } from '../../../src/bench/workload.ts';
import { loadMutantAdapter } from '../../../mutations/index.ts';
import { ADAPTER_FILE } from '../../../mutations/workspace.ts';
import { sealFor } from '../../../properties/run.ts';

const out = mkdtempSync(join(tmpdir(), 'readshim-naive-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('prebuilt naive designs', () => {
  it('the prebuilt adapter is bundled from the file the catalogue edits, compiled', () => {
    expect(PREBUILT_ADAPTER).toBe(ADAPTER_FILE.replace(/\.ts$/, '.js'));
  });

  const files = buildNaiveDesigns(out);

  it('every design is written as one JavaScript file', () => {
    expect(files).toEqual(NAIVE_DESIGNS.map((id) => `${id}.js`));
    for (const id of NAIVE_DESIGNS) expect(existsSync(prebuiltAdapterPath(id, out)), id).toBe(true);
  });

  const w = buildWorkload({ ...DEFAULT_WORKLOAD, reads: 400, workers: 20, files: 30, seed: 5 });
  it.each(NAIVE_DESIGNS.map((id) => [id]))(
    '%s measures as the catalogue mutant does',
    async (id) => {
      const built = await loadNaiveDesign(id, out);
      const source = await loadMutantAdapter(id);
      try {
        expect(built.adapter.name).toBe(id);
        expect(built.arm).toBe(source.arm);
        const cfg = { mode: modeOfArm(built.arm), cap: w.params.cap, seal: sealFor(w.params.seed) };
        const a = await measure(built.adapter, cfg, w.events);
        const b = await measure(source.adapter, cfg, w.events);
        expect(a).toEqual(b);
        expect(a.bytesDelivered).toBeGreaterThan(0);
      } finally {
        await built.dispose();
        await source.dispose();
      }
    },
    120_000,
  );

  it('without prebuilt designs, a checkout builds them from the catalogue', async () => {
    const d = await loadNaiveDesign('PATH-ONLY', join(out, 'nowhere'));
    try {
      expect(d.adapter.name).toBe('PATH-ONLY');
    } finally {
      await d.dispose();
    }
  });
});
