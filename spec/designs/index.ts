/**
 * The lever shims SPEC.md's `levers=` examples run against (spec/SPEC.md "Levers"): small,
 * truthful designs that declare levers instead of an arm surface. One design per lever set.
 */
import type { ShimAdapter } from '../../src/core/contract.ts';
import type { LeverName } from '../../src/core/levers.ts';
import capOnly from './cap-only.ts';
import pointerOnly from './pointer-only.ts';
import splitHunks from './split-hunks.ts';

export const DESIGNS: readonly ShimAdapter[] = Object.freeze([pointerOnly, capOnly, splitHunks]);

const setOf = (levers: readonly LeverName[]): string => [...levers].sort().join(',');

/** The design that declares exactly `levers`, if there is one. */
export function designFor(levers: readonly LeverName[]): ShimAdapter | undefined {
  return DESIGNS.find((d) => d.capabilities.levers !== undefined && setOf(d.capabilities.levers) === setOf(levers));
}

/** "pointer-only [pointer], cap-only [cap]" — for messages. */
export function describeDesigns(): string {
  return DESIGNS.map((d) => `${d.name} [${(d.capabilities.levers ?? []).join(', ')}]`).join(', ');
}
