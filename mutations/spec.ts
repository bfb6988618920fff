/**
 * What a mutant is (docs/MUTANTS.md): the reference shim with one
 * deliberate, named break, edited at the symbol level and loaded like a third party's adapter.
 */
import type { SourceFile } from 'ts-morph';
import type { ArmName } from '../src/core/arms.ts';
import type { RuleId } from '../src/core/rules.ts';
import type { LieClassId } from '../properties/corpus/classes.ts';

/** The copied source tree a mutant edits: one ts-morph SourceFile per file, by kit-relative path. */
export interface MutableTree {
  /** e.g. 'reference/shim.ts' or 'src/adapters/reference.ts'; throws when the tree has no such file. */
  file(path: string): SourceFile;
}

export interface MutantSpec {
  /** Stable ID in CAPS-WITH-DASHES (the catalogue's vocabulary). */
  readonly id: string;
  /** The arm its truth-rule histories run under (surface probes cover every arm anyway). */
  readonly arm: ArmName;
  /** The rule(s) that must kill it: a kill by any other rule is reported, not counted. */
  readonly rules: readonly RuleId[];
  /** One line: what it breaks, and where. */
  readonly breaks: string;
  /** One line: where shims in the wild do this. */
  readonly wild: string;
  /** The lie classes of docs/LIE-CLASSES.md it lies as (none for a lie of the arm surface, which no history plays). */
  readonly lieClasses?: readonly LieClassId[];
  /** The one deliberate edit; every lookup asserts it found its target (MutantEditError). */
  readonly edit: (tree: MutableTree) => void;
}

export function defineMutant(spec: MutantSpec): MutantSpec {
  return spec;
}
