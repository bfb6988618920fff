/** Every lie class's file, by id (class-ids.ts lists the ids; a test checks each file is named by its id). */
import type { LieClassId } from '../class-ids.ts';
import type { LieClass } from '../define.ts';
import partialThenPointer from './partial-then-pointer.ts';
import stuckContinuation from './stuck-continuation.ts';
import sliceOverCap from './slice-over-cap.ts';
import multibyteAtCap from './multibyte-at-cap.ts';
import continueAcrossChange from './continue-across-change.ts';
import sameSecondEdit from './same-second-edit.ts';
import editKeepsMtime from './edit-keeps-mtime.ts';
import editKeepsMtimeAndSize from './edit-keeps-mtime-and-size.ts';
import mtimeRestored from './mtime-restored.ts';
import statAfterReadRace from './stat-after-read-race.ts';
import statAfterReadRaceMoved from './stat-after-read-race-moved.ts';
import aba from './aba.ts';
import emptyFile from './empty-file.ts';
import noFinalNewline from './no-final-newline.ts';
import crlf from './crlf.ts';
import hostTextNotDisk from './host-text-not-disk.ts';
import compaction from './compaction.ts';
import compactionWholeWorker from './compaction-whole-worker.ts';
import forgetAlias from './forget-alias.ts';
import reinjectAssumed from './reinject-assumed.ts';
import linkOwnLstat from './link-own-lstat.ts';
import caseFoldedSpelling from './case-folded-spelling.ts';
import forgetOtherName from './forget-other-name.ts';
import secondWorker from './second-worker.ts';
import crossSession from './cross-session.ts';
import forkAfterForkRead from './fork-after-fork-read.ts';
import sharedSessionSubagent from './shared-session-subagent.ts';
import resumeStaleLedger from './resume-stale-ledger.ts';
import batchSeenBesideNew from './batch-seen-beside-new.ts';
import windowAsWhole from './window-as-whole.ts';
import windowSameText from './window-same-text.ts';
import wholeAfterWindow from './whole-after-window.ts';
import hostToolBound from './host-tool-bound.ts';
import limitIsDefault from './limit-is-default.ts';
import diffPartialBase from './diff-partial-base.ts';
import diffCutToBudget from './diff-cut-to-budget.ts';
import diffLargerThanFile from './diff-larger-than-file.ts';
import staleServeRecorded from './stale-serve-recorded.ts';
import toolFailureRecorded from './tool-failure-recorded.ts';
import refusalRecorded from './refusal-recorded.ts';
import substitutionRecorded from './substitution-recorded.ts';
import imageAsFirst from './image-as-first.ts';
import binarySameSizeRewrite from './binary-same-size-rewrite.ts';
import refusedBinaryRecorded from './refused-binary-recorded.ts';
import cachedNotFound from './cached-not-found.ts';
import framedFirstRead from './framed-first-read.ts';
import pointerInContent from './pointer-in-content.ts';
import noticeImitation from './notice-imitation.ts';
import shortcutUnderCondition from './shortcut-under-condition.ts';

export const LIE_CLASS_FILES: Readonly<Record<LieClassId, LieClass>> = Object.freeze({
  'partial-then-pointer': partialThenPointer,
  'stuck-continuation': stuckContinuation,
  'slice-over-cap': sliceOverCap,
  'multibyte-at-cap': multibyteAtCap,
  'continue-across-change': continueAcrossChange,
  'same-second-edit': sameSecondEdit,
  'edit-keeps-mtime': editKeepsMtime,
  'edit-keeps-mtime-and-size': editKeepsMtimeAndSize,
  'mtime-restored': mtimeRestored,
  'stat-after-read-race': statAfterReadRace,
  'stat-after-read-race-moved': statAfterReadRaceMoved,
  aba: aba,
  'empty-file': emptyFile,
  'no-final-newline': noFinalNewline,
  crlf: crlf,
  'host-text-not-disk': hostTextNotDisk,
  compaction: compaction,
  'compaction-whole-worker': compactionWholeWorker,
  'forget-alias': forgetAlias,
  'reinject-assumed': reinjectAssumed,
  'link-own-lstat': linkOwnLstat,
  'case-folded-spelling': caseFoldedSpelling,
  'forget-other-name': forgetOtherName,
  'second-worker': secondWorker,
  'cross-session': crossSession,
  'fork-after-fork-read': forkAfterForkRead,
  'shared-session-subagent': sharedSessionSubagent,
  'resume-stale-ledger': resumeStaleLedger,
  'batch-seen-beside-new': batchSeenBesideNew,
  'window-as-whole': windowAsWhole,
  'window-same-text': windowSameText,
  'whole-after-window': wholeAfterWindow,
  'host-tool-bound': hostToolBound,
  'limit-is-default': limitIsDefault,
  'diff-partial-base': diffPartialBase,
  'diff-cut-to-budget': diffCutToBudget,
  'diff-larger-than-file': diffLargerThanFile,
  'stale-serve-recorded': staleServeRecorded,
  'tool-failure-recorded': toolFailureRecorded,
  'refusal-recorded': refusalRecorded,
  'substitution-recorded': substitutionRecorded,
  'image-as-first': imageAsFirst,
  'binary-same-size-rewrite': binarySameSizeRewrite,
  'refused-binary-recorded': refusedBinaryRecorded,
  'cached-not-found': cachedNotFound,
  'framed-first-read': framedFirstRead,
  'pointer-in-content': pointerInContent,
  'notice-imitation': noticeImitation,
  'shortcut-under-condition': shortcutUnderCondition,
});
