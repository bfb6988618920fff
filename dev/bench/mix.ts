/**
 * What the random phase draws: counts per content kind, op kind, edit kind and mtime kind over a
 * fixed seed range, as a default run draws them (the three cap bands, 150 histories each, the
 * reference's capabilities in process). dev/bench/generator-mix.ts prints and records them.
 */
import fc from 'fast-check';
import { BANDS, type ContentSpec } from '../../properties/generators/content.ts';
import {
  historyArb,
  type Edit,
  type HistorySpec,
  type Mtime,
  type OpOptions,
} from '../../properties/generators/history.ts';
import { DEFAULT_RUNS } from '../../properties/run.ts';

/** The seeds sampled: the default run's seed and the nine after it. */
export const SEEDS: readonly number[] = Object.freeze(Array.from({ length: 10 }, (_, i) => 20_261_130 + i));

/** The options a default in-process run of the reference draws with (properties/run.ts). */
export const OPTIONS: OpOptions = Object.freeze({
  windows: true,
  stale: true,
  forget: true,
  toolFailures: true,
  races: true,
  maxWorkers: 3,
  maxOps: 24,
});

type Counts = Record<string, number>;

export interface Mix {
  readonly seeds: readonly number[];
  readonly historiesPerBand: number;
  readonly histories: number;
  readonly ops: Counts;
  readonly reads: Counts;
  readonly contents: Counts;
  readonly sizes: Counts;
  readonly edits: Counts;
  readonly mtimes: Counts;
}

const bump = (c: Counts, k: string, n = 1): void => {
  c[k] = (c[k] ?? 0) + n;
};

const sorted = (c: Counts): Counts => Object.fromEntries(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

export function mixOf(specs: readonly HistorySpec[], seeds: readonly number[], perBand: number): Mix {
  const ops: Counts = {};
  const reads: Counts = {};
  const contents: Counts = {};
  const sizes: Counts = {};
  const edits: Counts = {};
  const mtimes: Counts = {};
  const content = (c: ContentSpec): void => {
    bump(sizes, c.size.kind);
    if (c.size.kind !== 'empty') for (const p of c.pieces) bump(contents, p.kind);
    if (c.straddle !== undefined) bump(contents, 'straddle');
  };
  const edit = (e: Edit, m: Mtime, where: string): void => {
    bump(edits, e.kind);
    bump(mtimes, m.kind);
    bump(mtimes, `${where}:${m.kind}`);
    if (e.kind === 'append' || e.kind === 'rewrite') content(e.spec);
  };
  for (const h of specs) {
    for (const c of h.initial) if (c !== undefined) content(c);
    for (const op of h.ops) {
      bump(ops, op.op);
      if (op.op === 'write' || op.op === 'cycle') edit(op.edit, op.mtime, op.op);
      if (op.op === 'race') edit(op.edit, op.mtime, 'race');
      if (op.op === 'read') {
        bump(reads, 'reads', op.times);
        if (op.window) bump(reads, 'window');
        if (op.fail) bump(reads, 'fail');
        if (op.race) {
          bump(reads, 'race');
          edit(op.race.edit, op.race.mtime, 'race');
        }
      }
    }
  }
  return {
    seeds,
    historiesPerBand: perBand,
    histories: specs.length,
    ops: sorted(ops),
    reads: sorted(reads),
    contents: sorted(contents),
    sizes: sorted(sizes),
    edits: sorted(edits),
    mtimes: sorted(mtimes),
  };
}

/** The histories a default run draws for each seed and band (the band seeds of properties/run.ts). */
export function sampleDefaultRun(seeds: readonly number[] = SEEDS, perBand = DEFAULT_RUNS): HistorySpec[] {
  const out: HistorySpec[] = [];
  const bands = [BANDS.tiny, BANDS.mid, BANDS.production];
  for (const seed of seeds)
    bands.forEach((band, i) => {
      out.push(...fc.sample(historyArb(band, OPTIONS), { seed: (seed + (i + 1) * 1_000_003) | 0, numRuns: perBand }));
    });
  return out;
}

/** The groups of a Mix whose counts are compared (content, op, edit and mtime kinds; reads and sizes too). */
export const MIX_GROUPS = ['ops', 'reads', 'contents', 'sizes', 'edits', 'mtimes'] as const;

/**
 * Kinds whose count in `now` is more than `tolerance` (a fraction) away from `baseline`'s, a kind
 * missing on either side included: "group.kind: baseline → now".
 */
export function mixDrift(baseline: Mix, now: Mix, tolerance: number): string[] {
  const out: string[] = [];
  for (const g of MIX_GROUPS) {
    const kinds = new Set([...Object.keys(baseline[g]), ...Object.keys(now[g])]);
    for (const k of [...kinds].sort()) {
      const b = baseline[g][k] ?? 0;
      const n = now[g][k] ?? 0;
      if (Math.abs(n - b) > tolerance * b || (b === 0 && n > 0)) out.push(`${g}.${k}: ${b} → ${n}`);
    }
  }
  return out;
}
