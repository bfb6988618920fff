/**
 * The lie classes the directed corpus is written from (docs/LIE-CLASSES.md): how shims in the wild
 * lie, each in the words a failure's story starts with. One file per class, classes/<id>.ts;
 * docs/LIE-CLASSES.md's table of them is generated from those files and the mutants' lie classes
 * (`npm run docs:write`).
 */
import { LIE_CLASS_IDS, type LieClassId } from './class-ids.ts';
import { LIE_CLASS_FILES } from './classes/index.ts';
import type { LieClass } from './define.ts';

export { LIE_CLASS_IDS, isLieClassId, type LieClassId } from './class-ids.ts';

/** A class's file: its words, where it was seen, its cases and examples. */
export const lieClassOf = (id: LieClassId): LieClass => LIE_CLASS_FILES[id];

/** Each class in words, by id. */
export const LIE_CLASSES: Readonly<Record<LieClassId, string>> = Object.freeze(
  Object.fromEntries(LIE_CLASS_IDS.map((id) => [id, lieClassOf(id).words])) as Record<LieClassId, string>,
);

/** The first line of a corpus failure's story: the lie class in words, then the case. */
export function lieClassLine(lieClass: LieClassId, caseId: string): string {
  return `lie class: ${LIE_CLASSES[lieClass]} (corpus case ${caseId})`;
}

/** The note a corpus failure's trace header carries, so a replay's story starts the same way. */
export function corpusNote(lieClass: LieClassId, caseId: string): string {
  return `corpus case ${caseId}: ${LIE_CLASSES[lieClass]}`;
}

/** The lie-class line for a replayed trace whose header note came from corpusNote(), else nothing. */
export function leadFromNote(note: string | undefined): string[] {
  const m = /^corpus case (\S+): (.+)$/.exec(note ?? '');
  return m === null ? [] : [`lie class: ${m[2]} (corpus case ${m[1]})`];
}
