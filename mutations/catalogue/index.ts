/** The mutant catalogue, in the order of docs/MUTANTS.md's table, then the kit's additions. */
import pathHashPointer from './PATH-HASH-POINTER.ts';
import pathOnly from './PATH-ONLY.ts';
import emptyPointer from './EMPTY-POINTER.ts';
import mtimeKeyed from './MTIME-KEYED.ts';
import windowBlind from './WINDOW-BLIND.ts';
import sliceShift from './SLICE-SHIFT.ts';
import coverageSurvivesChange from './COVERAGE-SURVIVES-CHANGE.ts';
import doneEarly from './DONE-EARLY.ts';
import diffPrefix from './DIFF-PREFIX.ts';
import diffPartialBase from './DIFF-PARTIAL-BASE.ts';
import noUtf8Walkback from './NO-UTF8-WALKBACK.ts';
import capPlusOne from './CAP-PLUS-ONE.ts';
import diffBudgetCap from './DIFF-BUDGET-CAP.ts';
import stuckTail from './STUCK-TAIL.ts';
import processLedger from './PROCESS-LEDGER.ts';
import staleRecords from './STALE-RECORDS.ts';
import noForget from './NO-FORGET.ts';
import swallowError from './SWALLOW-ERROR.ts';
import recordOnRequest from './RECORD-ON-REQUEST.ts';
import cachedNotFound from './CACHED-NOT-FOUND.ts';
import armTruthy from './ARM-TRUTHY.ts';
import armSwap from './ARM-SWAP.ts';
import offWraps from './OFF-WRAPS.ts';
import firstNotice from './FIRST-NOTICE.ts';
import a2Pointer from './A2-POINTER.ts';
import personaLies from './PERSONA-LIES.ts';
import countSlice from './COUNT-SLICE.ts';
import staleOneBased from './STALE-ONE-BASED.ts';
import zeroProgress from './ZERO-PROGRESS.ts';
import unsealed from './UNSEALED.ts';
import statAfterRead from './STAT-AFTER-READ.ts';
import pointerInContent from './POINTER-IN-CONTENT.ts';
import forgetAlias from './FORGET-ALIAS.ts';
import type { MutantSpec } from '../spec.ts';

/** The 30 negative-control mutants, one or more per rule (docs/MUTANTS.md). */
export const DESIGN_CATALOGUE: readonly MutantSpec[] = Object.freeze([
  pathHashPointer,
  pathOnly,
  emptyPointer,
  mtimeKeyed,
  windowBlind,
  sliceShift,
  coverageSurvivesChange,
  doneEarly,
  diffPrefix,
  diffPartialBase,
  noUtf8Walkback,
  capPlusOne,
  diffBudgetCap,
  stuckTail,
  processLedger,
  staleRecords,
  noForget,
  swallowError,
  recordOnRequest,
  cachedNotFound,
  armTruthy,
  armSwap,
  offWraps,
  firstNotice,
  a2Pointer,
  personaLies,
  countSlice,
  staleOneBased,
  zeroProgress,
  unsealed,
]);

/** Lie classes of docs/LIE-CLASSES.md that deserve a mutant of their own. */
export const ADDITIONS: readonly MutantSpec[] = Object.freeze([statAfterRead, pointerInContent, forgetAlias]);
