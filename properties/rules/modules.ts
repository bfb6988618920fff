/**
 * The rule registry, in src/core/rules.ts's order: one module per rule in this folder. Generated
 * by `npm run docs:write` (dev/docs/rule-index.ts) from the modules and spec/SPEC.md; do not edit.
 */
import pointerFull from './POINTER-FULL.ts';
import sliceExact from './SLICE-EXACT.ts';
import sliceContinues from './SLICE-CONTINUES.ts';
import doneTrue from './DONE-TRUE.ts';
import diffComplete from './DIFF-COMPLETE.ts';
import diffBaseHeld from './DIFF-BASE-HELD.ts';
import utf8Whole from './UTF8-WHOLE.ts';
import capBound from './CAP-BOUND.ts';
import progress from './PROGRESS.ts';
import isolation from './ISOLATION.ts';
import staleNoRecord from './STALE-NO-RECORD.ts';
import forgetResets from './FORGET-RESETS.ts';
import passthrough from './PASSTHROUGH.ts';
import refusalTrue from './REFUSAL-TRUE.ts';
import armGuard from './ARM-GUARD.ts';
import armTable from './ARM-TABLE.ts';
import offIdentity from './OFF-IDENTITY.ts';
import firstVerbatim from './FIRST-VERBATIM.ts';
import a2NoPointer from './A2-NO-POINTER.ts';
import personaTruth from './PERSONA-TRUTH.ts';
import countExact from './COUNT-EXACT.ts';
import staleServeLabelled from './STALE-SERVE-LABELLED.ts';
import capParam from './CAP-PARAM.ts';
import noticeSealed from './NOTICE-SEALED.ts';

export const RULE_MODULES = [
  pointerFull,
  sliceExact,
  sliceContinues,
  doneTrue,
  diffComplete,
  diffBaseHeld,
  utf8Whole,
  capBound,
  progress,
  isolation,
  staleNoRecord,
  forgetResets,
  passthrough,
  refusalTrue,
  armGuard,
  armTable,
  offIdentity,
  firstVerbatim,
  a2NoPointer,
  personaTruth,
  countExact,
  staleServeLabelled,
  capParam,
  noticeSealed,
] as const;
