/**
 * A cap band's histories as fast-check draws them, and their shrink candidates in fast-check's
 * order, through fast-check's public API: `fc.check` with a plugin that keeps each generated
 * value (with its shrink context), and the property's own `shrink`. So the kit can judge many
 * histories at once and still get, for a seed, exactly the histories, counterexample and path
 * `fc.check` would (test/properties/engine.long.test.ts compares them).
 */
import fc from 'fast-check';
import type { HistorySpec } from '../generators/history.ts';
import type { SessionSpec } from '../generators/session/shape.ts';

/** What a band draws: a cap band's history, or a session (the session band). */
export type BandSpec = HistorySpec | SessionSpec;

/** One history as fast-check holds it: the spec and the context its shrinking needs. */
export type Draw<S = BandSpec> = fc.Value<[S]>;

export class HistorySource<S = BandSpec> {
  /** The same property shape fc.asyncProperty(arb, …) builds: a tuple of one always-shrinkable arbitrary. */
  readonly #prop: fc.IProperty<[S]>;

  constructor(arb: fc.Arbitrary<S>) {
    this.#prop = fc.property(arb, (_spec: S) => true);
  }

  /** Histories [from, to) of the stream fc.check(…, { seed }) walks (path `from`). */
  draw(seed: number, from: number, to: number): Draw<S>[] {
    if (to <= from) return [];
    const kept: Draw<S>[] = [];
    const keep: fc.Plugin<[S]> = () => ({
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
  shrinks(d: Draw<S>): Iterator<Draw<S>> {
    return this.#prop.shrink(d)[Symbol.iterator]();
  }
}

export const specOf = <S>(d: Draw<S>): S => d.value_[0];

/** A session band's spec (the cap bands' specs have no shape). */
export const isSession = (s: BandSpec): s is SessionSpec => 'shape' in s;
