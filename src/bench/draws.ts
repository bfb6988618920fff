/**
 * The bench workload's only source of chance: one unbiased fast-check stream per seed, so the same
 * seed (and fast-check version) gives the same workload on any machine. No wall clock, no Math.random.
 */
import fc from 'fast-check';

const SPAN = 2 ** 30;

export class Draws {
  readonly #it: Iterator<number>;

  constructor(seed: number) {
    // noBias: uniform integers, not fast-check's edge-case bias (which suits properties, not workloads).
    const arb = fc.noBias(fc.infiniteStream(fc.integer({ min: 0, max: SPAN - 1 }), { noHistory: true }));
    const [stream] = fc.sample(arb, { seed, numRuns: 1 });
    this.#it = stream![Symbol.iterator]();
  }

  /** Uniform in [0, 1). */
  unit(): number {
    const r = this.#it.next();
    if (r.done === true) throw new Error('the draw stream ended');
    return r.value / SPAN;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.unit() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.unit() < p;
  }

  /** Log-uniform integer in [min, max]: as many files of 1–2 KB as of 50–100 KB. */
  logUniform(min: number, max: number): number {
    return Math.min(max, Math.max(min, Math.round(min * (max / min) ** this.unit())));
  }

  /** One item, with probability proportional to its weight (weights > 0). */
  weighted<T>(items: readonly T[], weight: (t: T) => number): T {
    if (items.length === 0) throw new RangeError('weighted(): no items');
    const ws = items.map(weight);
    let x = this.unit() * ws.reduce((a, b) => a + b, 0);
    for (let i = 0; i < items.length; i++) {
      x -= ws[i]!;
      if (x < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }
}
