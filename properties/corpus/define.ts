/**
 * A lie class as data, one file per class (classes/<id>.ts), as test262 keeps one file per test:
 * its id, the story in words, where shims in the wild lie this way, its corpus cases, and the kit's
 * subjects that lie this way with their truthful twins. docs/LIE-CLASSES.md's table is generated
 * from these files (`npm run docs:write`); the mutants that lie this way say so themselves
 * (`lieClasses` in mutations/catalogue/).
 */
import type { LieClassId } from './class-ids.ts';
import type { CorpusCase } from './types.ts';

/** A case as its class file writes it: its lie class is the file's. */
export type CaseSpec = Omit<CorpusCase, 'lieClass'>;

/** A subject of the kit that lies this way, or a truthful twin that passes the same cases. */
export interface Example {
  /** Kit-relative path of an example, a fixture module or a folder (a test checks it exists). */
  readonly file: string;
  /** What of the file: exports, flags or fixture names, shown in code (a test finds each in the file). */
  readonly names?: readonly string[];
  /** The names are fixtures of a test module: "the `name` fixture (file)". */
  readonly fixture?: boolean;
  /** How it is set up or what it shows, after it. */
  readonly note?: string;
}

export interface LieClassSpec {
  readonly id: LieClassId;
  /** The words a failure's story starts with ("lie class: …"). */
  readonly words: string;
  /** Where shims in the wild lie this way. */
  readonly seenInWild: string;
  /** Its cases (played in cases.ts's PLAY_ORDER). */
  readonly cases: readonly CaseSpec[];
  /** Cases the run makes instead of listing them (a class without cases names them here). */
  readonly planned?: string;
  readonly lying?: readonly Example[];
  readonly truthful?: readonly Example[];
}

/** A class as the corpus reads it: its cases carry its id, its example lists are never absent. */
export interface LieClass extends Omit<LieClassSpec, 'cases' | 'lying' | 'truthful'> {
  readonly cases: readonly CorpusCase[];
  readonly lying: readonly Example[];
  readonly truthful: readonly Example[];
}

export function defineLieClass(spec: LieClassSpec): LieClass {
  return Object.freeze({
    ...spec,
    cases: Object.freeze(spec.cases.map(({ id, ...rest }): CorpusCase => ({ id, lieClass: spec.id, ...rest }))),
    lying: spec.lying ?? [],
    truthful: spec.truthful ?? [],
  });
}
