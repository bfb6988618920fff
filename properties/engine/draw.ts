/**
 * A cap band's histories as fast-check draws them, and their shrink candidates in fast-check's
 * order, through fast-check's public API: `fc.check` with a plugin that keeps each generated
 * value (with its shrink context), and the property's own `shrink`. So the kit can judge many
 * histories at once and still get, for a seed, exactly the histories, counterexample and path
 * `fc.check` would (test/properties/engine.long.test.ts compares them).
 */
import fc from 'fast-check';
import type { HistorySpec } from '../generators/history.ts';

/** One history as fast-check holds it: the spec and the context its shrinking needs. */
export type Draw = fc.Value<[HistorySpec]>;

export class HistorySource {
  /** The same property shape fc.asyncProperty(arb, …) builds: a tuple of one always-shrinkable arbitrary. */
  readonly #prop: fc.IProperty<[HistorySpec]>;

  constructor(arb: fc.Arbitrary<HistorySpec>) {
    this.#prop = fc.property(arb, (_spec: HistorySpec) => true);
  }

  /** Histories [from, to) of the stream fc.check(…, { seed }) walks (path `from`). */
  draw(seed: number, from: number, to: number): Draw[] {
    if (to <= from) return [];
    const kept: Draw[] = [];
    const keep: fc.Plugin<[HistorySpec]> = () => ({
      decorateGenerate: (generate) => (mrng, runId) => {
        const v = generate(mrng, runId);
        kept.push(v);
        return v;
      },
    });
    const r = fc.check(this.#prop, {
      seed,
      path: String(from),
      numRuns: to - from,
      plugins: [keep],
      endOnFailure: true,
    });
    if (r.failed) throw r.errorInstance;
    return kept;
  }

  /** The shrink candidates of a history, smallest-first as fast-check tries them (lazy). */
  shrinks(d: Draw): Iterator<Draw> {
    return this.#prop.shrink(d)[Symbol.iterator]();
  }
}

export const specOf = (d: Draw): HistorySpec => d.value_[0];
