/** dev/bench/mix.ts: what the random phase draws, counted per kind (the baseline of dev/bench/generator-mix.json). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BANDS } from '../../../properties/generators/content.ts';
import { historyArb, materialize } from '../../../properties/generators/history.ts';
import { OPTIONS, SEEDS, mixDrift, mixOf, sampleDefaultRun, type Mix } from '../../../dev/bench/mix.ts';

describe('the generator mix', () => {
  it('counts ops, reads, contents, edits and mtimes of the histories it is given', () => {
    const specs = sampleDefaultRun([1], 20);
    expect(specs).toHaveLength(60);
    const mix = mixOf(specs, [1], 20);
    const ops = specs.flatMap((h) => h.ops);
    expect(Object.values(mix.ops).reduce((a, b) => a + b, 0)).toBe(ops.length);
    expect(mix.ops.race ?? 0).toBe(ops.filter((o) => o.op === 'race').length);
    const edits =
      ops.filter((o) => o.op === 'write' || o.op === 'cycle' || o.op === 'race').length +
      ops.filter((o) => o.op === 'read' && o.race).length;
    expect(Object.values(mix.edits).reduce((a, b) => a + b, 0)).toBe(edits);
    expect(['advance', 'keep', 'restore'].reduce((a, k) => a + (mix.mtimes[k] ?? 0), 0)).toBe(edits);
  });

  it('a race op reads, rewrites the file right after the tool returned, and reads the same spelling again', () => {
    const specs = fc.sample(historyArb(BANDS.tiny, OPTIONS), { seed: 3, numRuns: 60 });
    const withRace = specs.find((h) => h.ops.some((o) => o.op === 'race') && h.initial.every((c) => c !== undefined));
    expect(withRace).toBeDefined();
    const events = materialize({ ...withRace!, ops: withRace!.ops.filter((o) => o.op === 'race').slice(0, 1) });
    const i = events.findIndex((e) => e.type === 'read' && e.race !== undefined);
    expect(i).toBeGreaterThan(-1);
    const after = events[i + 1];
    expect(after).toMatchObject({
      type: 'read',
      path: (events[i] as { path: string }).path,
      worker: (events[i] as { worker: string }).worker,
    });
  });

  it('no race op (nor race on a read) when the kit cannot rewrite a file mid-read', () => {
    const specs = fc.sample(historyArb(BANDS.mid, { ...OPTIONS, races: false }), { seed: 5, numRuns: 80 });
    const mix = mixOf(specs, [5], 80);
    expect(mix.ops.race).toBeUndefined();
    expect(mix.reads.race).toBeUndefined();
  });

  it("dev/bench/generator-mix.json records the default run's seeds and budget", () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../dev/bench/generator-mix.json', import.meta.url), 'utf8'),
    ) as { seeds: number[]; historiesPerBand: number; histories: number; ops: Record<string, number> };
    expect(committed.seeds).toHaveLength(10);
    expect(committed.histories).toBe(committed.seeds.length * 3 * committed.historiesPerBand);
    expect(committed.ops.race).toBeGreaterThan(0);
  });

  it('the default run draws every content, op, read, size, edit and mtime kind within ±5% of dev/bench/generator-mix.json', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../dev/bench/generator-mix.json', import.meta.url), 'utf8'),
    ) as Mix;
    expect(committed.seeds).toEqual(SEEDS);
    const now = mixOf(
      sampleDefaultRun(committed.seeds, committed.historiesPerBand),
      committed.seeds,
      committed.historiesPerBand,
    );
    expect(mixDrift(committed, now, 0.05)).toEqual([]);
    // The check can fail: one kind 6% off, or a kind the baseline never drew, is reported.
    const off = {
      ...now,
      edits: { ...now.edits, touch: Math.round(now.edits.touch! * 1.06) },
      ops: { ...now.ops, novel: 1 },
    };
    expect(mixDrift(committed, off, 0.05)).toEqual([
      'ops.novel: 0 → 1',
      `edits.touch: ${committed.edits.touch} → ${off.edits.touch}`,
    ]);
  });
});
