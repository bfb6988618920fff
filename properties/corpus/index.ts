/** The directed corpus: lie classes, cases, notice mimicry, and the phase that plays them. */
export { LIE_CLASSES, LIE_CLASS_IDS, isLieClassId, lieClassLine, lieClassOf, type LieClassId } from './classes.ts';
export type { Example, LieClass } from './define.ts';
export { CASES, PLAY_ORDER, caseById } from './cases.ts';
export type { CaseContext, CorpusCase, Needs } from './types.ts';
export { NoticeBook, foreignSeal, planMimicry, type LearnedNotice, type MimicCase } from './mimicry.ts';
export {
  PHASES,
  playCorpus,
  whyNotPlayed,
  type Advisory,
  type CaseOutcome,
  type CorpusEnv,
  type CorpusReport,
  type CorpusSink,
  type Phase,
} from './play.ts';
export { corpusFingerprint } from './fingerprint.ts';
