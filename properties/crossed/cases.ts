/**
 * The crossed corpus: one directed case per conditions × edits cell (table.ts), built from the two
 * rows alone — the condition at the large value its row gives the corpus, then the edit, then the
 * re-read of the same request by the same worker. A shortcut taken under that condition that cannot
 * see that edit says "unchanged" over it. A case is named by its cell, so a failure's story starts
 * with the shortcut in words ("many-files × same-size-mtime-kept").
 */
import type { TraceEvent } from '../../src/core/trace.ts';
import type { RuleId } from '../../src/core/rules.ts';
import { T0, call, forget, read, readsToHold, symlink, worker, write, writeBytes } from '../corpus/content.ts';
import type { CaseContext, CorpusCase, Needs } from '../corpus/types.ts';
import { renderFile } from '../generators/session/content.ts';
import { fileNames } from '../generators/session/names.ts';
import { shownBytes, showsLineEnds } from './shown.ts';
import { applyEdit, type ContentEdit } from './edits.ts';
import { CONDITIONS, EDITS, cellId, cells, type ConditionRow, type EditColumn } from './table.ts';

/** The cap a crossed case is written for when the run's cap is free (a 1 MiB file in 16 parts). */
const CROSSED_CAP = 65_536;
/** Reads a case may spend holding its file under a cap lever before it is too large to play. */
const MOST_HOLDING_READS = 256;

/** How each hidden edit column is made: a content edit and its effect on the mtime. */
const MAKE: Readonly<Record<string, { edit: ContentEdit; mtime: 'keep' | 'restore' | 'same-second' | 'move' }>> = {
  'same-size-mtime-kept': { edit: 'ascii', mtime: 'keep' },
  'mtime-restored': { edit: 'ascii', mtime: 'restore' },
  'same-size-same-second': { edit: 'ascii', mtime: 'same-second' },
  'same-size': { edit: 'ascii', mtime: 'move' },
  'multibyte-only': { edit: 'multibyte', mtime: 'keep' },
  'form-only': { edit: 'form', mtime: 'keep' },
  'line-endings-only': { edit: 'line-endings', mtime: 'keep' },
  'trailing-blanks-only': { edit: 'blanks', mtime: 'keep' },
  'binary-same-size': { edit: 'bytes', mtime: 'keep' },
  any: { edit: 'ascii', mtime: 'move' },
};

/**
 * The case's file names, drawn from the run's seed as the session band draws them (no name or
 * extension is the kit's own): the target, its alias (a symlink) and the other files.
 */
interface Names {
  readonly target: string;
  readonly alias: string;
  readonly other: (i: number) => string;
}
const namesCache = new Map<number, Names>();
function namesFor(seed: number | undefined): Names {
  const salt = (seed ?? 0) >>> 0;
  let n = namesCache.get(salt);
  if (n === undefined) {
    const all = fileNames({ salt, folders: 4, extSkew: 100, oddNames: 0 }, 260);
    const ext = (p: string): string => (p.includes('.') ? p.slice(p.lastIndexOf('.')) : '');
    n = { target: all[0]!, alias: `alias-of-target${ext(all[0]!)}`, other: (i) => all[1 + i]! };
    namesCache.set(salt, n);
  }
  return n;
}

/** The target file's size: the large file's for a size or a diff base, past the offset for an offset, else 24 KiB. */
/** The large file of the size conditions' cases (bytes). */
export const CROSSED_BIG_FILE = CONDITIONS.find((x) => x.measure === 'size')!.threshold!.corpus;

function sizeFor(c: ConditionRow): number {
  const big = CROSSED_BIG_FILE;
  if (c.measure === 'size' || c.measure === 'windowBetween') return c.threshold?.corpus ?? big;
  if (c.measure === 'editOffset') return c.threshold!.corpus + 65_536;
  return 24_576;
}

function targetContent(c: ConditionRow, e: EditColumn): string | Uint8Array {
  return renderFile({
    size: sizeFor(c),
    salt: 7,
    crlf: e.id === 'line-endings-only',
    wide: 3,
    composable: true,
    blanks: 5,
    finalNewline: true,
    binary: e.id === 'binary-same-size',
  });
}

/**
 * Where the edit goes: at the offset for an offset condition (within what a host tool's bound shows
 * of the file), else a third in (clear of a file's middle, where a sampling shortcut looks).
 */
function editFrac(c: ConditionRow, size: number, ctx: CaseContext): number {
  if (c.measure !== 'editOffset') return 1 / 3;
  const shown = shownBytes(ctx.tool, size);
  return Math.min(c.threshold!.corpus, Math.floor((shown * 3) / 4)) / size;
}

const lengthOf = (x: string | Uint8Array): number => (typeof x === 'string' ? Buffer.byteLength(x) : x.length);
const writeOf = (path: string, x: string | Uint8Array, mtimeMs: number): TraceEvent =>
  typeof x === 'string' ? write(path, x, mtimeMs) : writeBytes(path, x, mtimeMs);

/** The edit of a column on the target: its writes (a restored mtime needs one in between). */
function editEvents(
  path: string,
  c: ConditionRow,
  e: EditColumn,
  before: string | Uint8Array,
  ctx: CaseContext,
): TraceEvent[] {
  const how = MAKE[e.id]!;
  const after = applyEdit(how.edit, before, editFrac(c, lengthOf(before), ctx), 1);
  if (after === undefined) throw new Error(`crossed case ${cellId(c.id, e.id)}: its edit changes nothing`);
  if (how.mtime === 'restore') return [writeOf(path, before, T0 + 60_000), writeOf(path, after, T0)];
  const mtime = how.mtime === 'keep' ? T0 : how.mtime === 'same-second' ? T0 + 7 : T0 + 5000;
  return [writeOf(path, after, mtime)];
}

/** The whole reads that hold a file of `size` bytes (enough to reach its end under a cap lever). */
const holding = (path: string, size: number, ctx: CaseContext): TraceEvent[] =>
  Array.from({ length: ctx.mode.levers.cap ? readsToHold(size, ctx.cap, 0) : 1 }, () => read(path));

/** The reads that hold the target (under its alias for a link condition), before the condition. */
function delivery(
  nm: Names,
  c: ConditionRow,
  ctx: CaseContext,
  size: number,
): { setup: TraceEvent[]; reads: TraceEvent[] } {
  if (c.measure === 'linkForgotten') return { setup: [symlink(nm.alias, nm.target, T0 + 2)], reads: [read(nm.alias)] };
  if (c.measure === 'windowForgotten') return { setup: [], reads: [read(nm.target, { args: WINDOW })] };
  return { setup: [], reads: holding(nm.target, size, ctx) };
}

/** What the condition puts between the delivery and the edit, and the files it needs written first. */
function condition(nm: Names, c: ConditionRow): { setup: TraceEvent[]; between: TraceEvent[] } {
  const t = c.threshold?.corpus ?? 0;
  switch (c.measure) {
    case 'otherFiles':
      return {
        setup: Array.from({ length: t }, (_, i) => write(nm.other(i), `x = ${i}\n`, T0 + i + 1)),
        between: Array.from({ length: t }, (_, i) => read(nm.other(i))),
      };
    case 'reads':
      return {
        setup: [write(nm.other(0), 'x = 0\n', T0 + 1)],
        between: Array.from({ length: t }, () => read(nm.other(0))),
      };
    case 'pointerRun':
      return { setup: [], between: Array.from({ length: t }, () => read(nm.target)) };
    case 'batchAfterForget':
      return { setup: [write(nm.other(0), 'x = 0\n', T0 + 1)], between: [forget('w1', nm.target)] };
    case 'windowForgotten':
      return { setup: [], between: [forget('w1', nm.target)] };
    case 'linkForgotten':
      return { setup: [], between: [forget('w1', nm.alias)] };
    default:
      return { setup: [], between: [] };
  }
}

const WINDOW = { offset: 2, limit: 5 };

/** The re-read of the delivered request (twice: a second pointer after a lie is a consequence, not a new lie). */
function reread(nm: Names, c: ConditionRow): TraceEvent[] {
  if (c.measure === 'batchAfterForget') return call(1, [nm.target, nm.other(0)]);
  const path = c.measure === 'linkForgotten' ? nm.alias : nm.target;
  const o = c.measure === 'windowForgotten' ? { args: WINDOW } : {};
  return [read(path, o), read(path, o)];
}

/** One batch call whose parts add up to the condition's bytes. */
function batchTotal(nm: Names, c: ConditionRow): TraceEvent[] {
  const parts = Math.max(2, Math.ceil(c.threshold!.corpus / 262_144));
  const files = Array.from({ length: parts }, (_, i) => nm.other(i));
  const body = renderFile({ ...PLAIN, size: 262_144 + 17 }) as string;
  return [worker(), ...files.map((f, i) => write(f, body, T0 + i)), ...call(1, files)];
}

const PLAIN = { salt: 3, crlf: false, wide: 0, composable: false, blanks: 0, finalNewline: true, binary: false };

function events(c: ConditionRow, e: EditColumn, ctx: CaseContext): TraceEvent[] {
  const nm = namesFor(ctx.seed);
  if (c.measure === 'callTotal') return batchTotal(nm, c);
  const content = targetContent(c, e);
  const size = lengthOf(content);
  const head = [worker(), writeOf(nm.target, content, T0)];
  if (c.measure === 'raced') {
    // The race rewrites a character inside the window (its second line, the file's third).
    const text = content as string;
    const third = text.indexOf('\n', text.indexOf('\n') + 1) + 1;
    const raced = applyEdit('ascii', text, third / text.length, 1) as string;
    const w = { args: WINDOW };
    return [
      ...head,
      read(nm.target, { ...w, race: { content: raced, mtimeMs: T0 } }),
      read(nm.target, w),
      read(nm.target, w),
    ];
  }
  const d = delivery(nm, c, ctx, size);
  const cond = condition(nm, c);
  const start = [...head, ...d.setup, ...cond.setup, ...d.reads, ...cond.between];
  if (c.measure === 'windowBetween')
    return [
      ...start,
      ...editEvents(nm.target, c, e, content, ctx),
      read(nm.target, { args: WINDOW }),
      read(nm.target),
      read(nm.target),
    ];
  return [...start, ...(e.kind === 'hidden' ? editEvents(nm.target, c, e, content, ctx) : []), ...reread(nm, c)];
}

/** What a cell needs of the subject, as a corpus case's needs. */
function needsOf(c: ConditionRow, e: EditColumn): Needs {
  const n = { ...c.needs, ...e.needs };
  return {
    ...(c.measure === 'callTotal'
      ? {}
      : c.measure === 'windowBetween'
        ? { levers: ['diff'] }
        : { anyOf: ['pointer', 'diff'] }),
    ...(n.windows ? { windows: true } : {}),
    ...(n.forget || n.forgetPaths ? { forget: true } : {}),
    ...(n.batch ? { batch: true } : {}),
    ...(n.links ? { links: true } : {}),
    ...(n.binary ? { binary: 'readable' as const } : {}),
    ...(n.races ? { races: true } : {}),
  };
}

function rulesOf(c: ConditionRow): RuleId[] {
  if (c.measure === 'callTotal') return ['SLICE-EXACT', 'POINTER-FULL'];
  if (c.measure === 'windowBetween') return ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'POINTER-FULL'];
  if (c.crosses === 'none') return ['FORGET-RESETS', 'POINTER-FULL'];
  return ['POINTER-FULL', 'DIFF-COMPLETE', 'SLICE-CONTINUES'];
}

/**
 * Why a cell's case cannot be played here: holding its file under a cap lever would take more reads
 * than a case may spend, the host tool shows less of a large file than the condition needs, or it
 * shows line ends normalised.
 */
function unplayable(c: ConditionRow, e: EditColumn): (ctx: CaseContext) => string | undefined {
  return (ctx) => {
    if (ctx.mode.levers.cap && Math.ceil(sizeFor(c) / ctx.cap) > MOST_HOLDING_READS)
      return `holding a ${sizeFor(c)}-byte file at a ${ctx.cap}-byte cap takes more than ${MOST_HOLDING_READS} reads`;
    const shown = shownBytes(ctx.tool, sizeFor(c));
    if (c.needs.bigReads === true && shown < c.threshold!.cover)
      return `the host tool shows ${shown} bytes of a whole read of a ${sizeFor(c)}-byte file, under the condition's ${c.threshold!.cover}`;
    if (e.needs.lineEnds === true && !showsLineEnds(ctx.tool)) return 'the host tool shows CRLF as LF';
    return undefined;
  };
}

/** Every cell as a directed case. */
export const CROSSED_CASES: readonly CorpusCase[] = Object.freeze(
  cells().map(({ condition, edit }) => ({
    id: cellId(condition.id, edit.id),
    lieClass: 'shortcut-under-condition' as const,
    rules: rulesOf(condition),
    needs: needsOf(condition, edit),
    cap: CROSSED_CAP,
    unplayable: unplayable(condition, edit),
    events: (ctx: CaseContext) => events(condition, edit, ctx),
  })),
);

/** The lead line of a crossed case's story: the condition and the edit in words. */
export function crossedLead(id: string): string | undefined {
  const [cid, eid] = id.split(' × ');
  const c = CONDITIONS.find((x) => x.id === cid);
  const e = EDITS.find((x) => x.id === eid);
  if (c === undefined || e === undefined) return undefined;
  return `the shortcut's condition: ${c.words(c.threshold?.corpus ?? 1)}; then ${e.words}`;
}

/**
 * A shared condition's cells as one history (ConditionRow.shared): every edit on a file of its own,
 * all held, the condition once, then each edit and its re-read in turn. Each file still sees the
 * whole condition between its delivery and its re-read; a cell is judged by its part of the history
 * (a lie before the first edit is every cell's), and its story is told up to its lie.
 */
export interface CrossedGroup {
  /** Named by its condition: `many-files × each hidden edit`. */
  readonly id: string;
  readonly lieClass: 'shortcut-under-condition';
  readonly rules: readonly RuleId[];
  /** The ids of its cells, in the table's order. */
  readonly members: readonly string[];
  /** The history of the cells `ids` (a subset of members, in their order). */
  events(ctx: CaseContext, ids: readonly string[]): SharedHistory;
  /** The lead line of its story. */
  readonly lead: string;
}

/** A shared history, and where each cell's part (its edit, then its re-reads) starts in it. */
export interface SharedHistory {
  readonly events: TraceEvent[];
  readonly starts: readonly number[];
}

/** The first of the names the shared histories' files take (past every other file a case writes). */
const SHARED_FIRST = 200;

function sharedEvents(c: ConditionRow, edits: readonly EditColumn[], ctx: CaseContext): SharedHistory {
  const nm = namesFor(ctx.seed);
  const files = edits.map((e, k) => ({ e, path: nm.other(SHARED_FIRST + k), content: targetContent(c, e) }));
  const cond = condition(nm, c);
  const events = [
    worker(),
    ...files.map((f) => writeOf(f.path, f.content, T0)),
    ...cond.setup,
    ...files.flatMap((f) => holding(f.path, lengthOf(f.content), ctx)),
    ...cond.between,
  ];
  const starts: number[] = [];
  for (const f of files) {
    starts.push(events.length);
    events.push(...editEvents(f.path, c, f.e, f.content, ctx), read(f.path), read(f.path));
  }
  return { events, starts };
}

export const CROSSED_GROUPS: readonly CrossedGroup[] = Object.freeze(
  CONDITIONS.filter((c) => c.shared === true).map((c) => {
    const edits = EDITS.filter((e) => e.kind === c.crosses);
    return {
      id: `${c.id} × each hidden edit`,
      lieClass: 'shortcut-under-condition' as const,
      rules: rulesOf(c),
      members: edits.map((e) => cellId(c.id, e.id)),
      events: (ctx: CaseContext, ids: readonly string[]) =>
        sharedEvents(
          c,
          edits.filter((e) => ids.includes(cellId(c.id, e.id))),
          ctx,
        ),
      lead: `the shortcut's condition: ${c.words(c.threshold?.corpus ?? 1)}; then each hidden edit, each on a file of its own`,
    };
  }),
);
