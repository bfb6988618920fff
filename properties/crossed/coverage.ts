/**
 * Coverage of the conditions × edits table (table.ts), in the manner of QuickCheck's `cover`: per
 * cell, how often a judged history reached the whole chain a lie needs — the condition, then an
 * edit of that column since the delivery, then a re-read of the request by the same worker with no
 * forget in between (for the forget rows: the forget is the condition, and nothing changed). "Held"
 * is the oracle's own view (the history's frames), so coverage follows the knowledge semantics.
 */
import { requestKey, resolvePath } from '../../src/core/paths.ts';
import { Utf8Lengths } from '../../src/core/utf8-length.ts';
import type { ReadEvent } from '../../src/core/trace.ts';
import type { Outcome, ReadOutcome } from '../../src/harness/session.ts';
import type { Frame } from '../picture.ts';
import { extensionOf } from '../generators/session/names.ts';
import { changeOf, changeOffset } from './change.ts';
import {
  CONDITIONS,
  EDITS,
  cellId,
  cells,
  meets,
  type Offers,
  type Change,
  type ChainView,
  type ConditionRow,
} from './table.ts';

export interface CellCount {
  /** Chains that reached the cell with the condition at or over its coverage value. */
  readonly reached: number;
  /** The largest measure of the condition in a chain that reached the cell. */
  readonly max: number;
}

export interface Coverage {
  readonly cells: Readonly<Record<string, CellCount>>;
  /** Extensions of files that went through held × same-size-mtime-kept (names vary per seed). */
  readonly extensions: readonly string[];
}

interface Holding {
  readonly key: string;
  readonly identity: string;
  readonly window: boolean;
  readonly names: Set<string>;
  readonly text: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly binary: boolean;
  readonly version: number;
  moved: boolean;
  pointerRun: number;
  forgotten?: { readonly byLinkName: boolean; readonly byPath: boolean };
  windowBetween: boolean;
  raced: boolean;
  /** The change last classified, by the file version it was classified at. */
  memo?: { readonly version: number; readonly change: Change; readonly offset: number };
}

interface WorkerState {
  reads: number;
  readonly recency: Map<string, true>;
  readonly holdings: Map<string, Holding>;
}

interface FileState {
  mtimeMs: number;
  binary: boolean;
  version: number;
}

/** A re-read the tracker measured: the view, what changed, and the read. */
export interface Measured {
  readonly view: ChainView;
  readonly change: Change;
  readonly holding: { readonly names: readonly string[]; readonly identity: string };
}

const isWindow = (args: Readonly<Record<string, unknown>> | undefined): boolean =>
  args !== undefined && (args.offset !== undefined || args.limit !== undefined);

const bytesOf = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Follows one history's events and outcomes, calling `onMeasured` at every re-read of a held request. */
export function walkHistory(
  outcomes: readonly Outcome[],
  frames: readonly Frame[],
  onMeasured: (m: Measured, o: ReadOutcome) => void,
  totals: ReadonlyMap<string, number> = callTotals(outcomes),
): void {
  const workers = new Map<string, WorkerState>();
  const files = new Map<string, FileState>();
  const byIdentity = new Map<string, Set<Holding>>();
  const frameAt = new Map<number, Frame>(frames.map((f) => [f.index, f]));
  const lengths = new Utf8Lengths();
  const worker = (id: string): WorkerState => {
    let w = workers.get(id);
    if (w === undefined) workers.set(id, (w = { reads: 0, recency: new Map(), holdings: new Map() }));
    return w;
  };
  const file = (id: string): FileState => {
    let f = files.get(id);
    if (f === undefined) files.set(id, (f = { mtimeMs: 0, binary: false, version: 0 }));
    return f;
  };
  const wrote = (id: string, mtimeMs: number, binary: boolean): void => {
    const f = file(id);
    f.mtimeMs = mtimeMs;
    f.binary = binary;
    f.version++;
    for (const h of byIdentity.get(id) ?? []) if (h.mtimeMs !== mtimeMs) h.moved = true;
  };
  for (const o of outcomes) {
    const e = o.event;
    if (o.kind === 'other') {
      if (e.type === 'write') wrote(resolvePath(e.path), e.mtimeMs, 'contentBase64' in e);
      else if (e.type === 'forget') forget(worker(e.worker), e.path, o.identity);
      else if (e.type === 'fork' && e.fresh !== true) {
        const p = worker(e.parent);
        const c = worker(e.worker);
        for (const [k, h] of p.holdings) c.holdings.set(k, { ...h, names: new Set(h.names) });
      }
      continue;
    }
    if (o.kind !== 'read') continue;
    const r = e as ReadEvent;
    const w = worker(r.worker);
    const identity = o.identity ?? resolvePath(r.path);
    const key = requestKey(identity, r.args);
    const f = file(identity);
    const h = w.holdings.get(key);
    if (o.truth.ok && h !== undefined) {
      const total = r.call === undefined ? 0 : (totals.get(`${r.worker}\u0000${r.call}`) ?? 0);
      const measured = measure(w, h, o, o.truth.text, { f, identity, key, total, lengths });
      if (measured !== undefined) onMeasured(measured, o);
    }
    w.reads++;
    w.recency.delete(key);
    w.recency.set(key, true);
    if (isWindow(r.args))
      for (const other of w.holdings.values())
        if (other.identity === identity && !other.window && other.version !== f.version) other.windowBetween = true;
    const whole = heldWhole(o, frameAt.get(o.index));
    if (o.truth.ok && whole && (h === undefined || h.forgotten !== undefined || h.text !== o.truth.text)) {
      const fresh = holding(r, o.truth.text, f, key, identity, lengths);
      if (h !== undefined) byIdentity.get(h.identity)?.delete(h);
      w.holdings.set(key, fresh);
      const set = byIdentity.get(identity) ?? new Set();
      set.add(fresh);
      byIdentity.set(identity, set);
    } else if (h !== undefined) {
      h.names.add(resolvePath(r.path));
      h.pointerRun = o.claim?.kind === 'pointer' ? h.pointerRun + 1 : 0;
    }
    if (r.race !== undefined) wrote(identity, r.race.mtimeMs, false);
  }
}

/** A request held whole from this read on. */
function holding(
  r: ReadEvent,
  text: string,
  f: FileState,
  key: string,
  identity: string,
  lengths: Utf8Lengths,
): Holding {
  return {
    key,
    identity,
    window: isWindow(r.args),
    names: new Set([resolvePath(r.path)]),
    text,
    size: f.binary ? Math.floor((text.length * 3) / 4) : lengths.of(text),
    mtimeMs: f.mtimeMs,
    binary: f.binary,
    version: f.version,
    moved: false,
    pointerRun: 0,
    windowBetween: false,
    raced: r.race !== undefined,
  };
}

/**
 * Whether the worker holds the request whole after this read: the oracle's view (the frame), or
 * where it has none for the name read (a link), the tool's text handed over verbatim.
 */
function heldWhole(o: ReadOutcome, f: Frame | undefined): boolean {
  if (f?.after !== undefined) return f.after.bytes === f.after.total;
  return o.truth.ok && o.claim?.kind === 'verbatim' && 'text' in o.response && o.response.text === o.truth.text;
}

function forget(w: WorkerState, path: string | undefined, identity: string | undefined): void {
  const id = path === undefined ? undefined : (identity ?? resolvePath(path));
  const name = path === undefined ? undefined : resolvePath(path);
  for (const h of w.holdings.values())
    if (id === undefined || h.identity === id)
      h.forgotten = {
        // spec 2.2 forget by name: a name the file was held under that is not the file's own (a link)
        byLinkName: name !== undefined && h.names.has(name) && name !== h.identity,
        byPath: name !== undefined,
      };
}

/**
 * Bytes each batch read call (worker and call number) put out, summed over its parts' texts: an
 * output budget counts these, so a part answered by a short pointer adds little.
 */
export function callTotals(outcomes: readonly Outcome[]): Map<string, number> {
  const t = new Map<string, number>();
  for (const x of outcomes)
    if (x.kind === 'read' && x.event.call !== undefined && 'text' in x.response) {
      const k = `${x.event.worker}\u0000${x.event.call}`;
      t.set(k, (t.get(k) ?? 0) + bytesOf(x.response.text));
    }
  return t;
}

function measure(
  w: WorkerState,
  h: Holding,
  o: ReadOutcome,
  now: string,
  at: {
    readonly f: FileState;
    readonly identity: string;
    readonly key: string;
    readonly total: number;
    readonly lengths: Utf8Lengths;
  },
): Measured | undefined {
  const { f, identity, key, total, lengths } = at;
  let after = false;
  let others = 0;
  for (const k of w.recency.keys()) {
    if (after) others++;
    else if (k === key) after = true;
  }
  let memo = h.memo;
  if (memo === undefined || memo.version !== f.version) {
    const size = h.binary ? Math.floor((now.length * 3) / 4) : lengths.of(now);
    const change = changeOf(h, { text: now, size, mtimeMs: f.mtimeMs }, h.binary, h.moved);
    memo = { version: f.version, change, offset: change.same ? 0 : changeOffset(h.text, now, h.binary) };
    h.memo = memo;
  }
  const forgotten = h.forgotten;
  const live = forgotten === undefined;
  const view: ChainView = {
    held: live ? 1 : 0,
    otherFiles: live ? others : 0,
    reads: live ? w.reads : 0,
    pointerRun: live ? h.pointerRun : 0,
    size: live ? h.size : 0,
    editOffset: live ? memo.offset : 0,
    windowForgotten: forgotten?.byPath === true && h.window ? 1 : 0,
    linkForgotten: forgotten?.byLinkName === true ? 1 : 0,
    batchAfterForget: forgotten?.byPath === true && o.event.call !== undefined ? 1 : 0,
    callTotal: total,
    windowBetween: live && h.windowBetween && !h.window ? 1 : 0,
    raced: live && h.raced && h.window ? 1 : 0,
  };
  return { view, change: memo.change, holding: { names: [...h.names], identity } };
}

/** The cells a measured re-read reaches, with the condition's measure. */
export function reachedCells(m: Measured): { cell: string; condition: ConditionRow; measure: number }[] {
  const out: { cell: string; condition: ConditionRow; measure: number }[] = [];
  for (const c of CONDITIONS) {
    const v = m.view[c.measure];
    if (v <= 0 && c.measure !== 'editOffset') continue;
    if (c.measure === 'editOffset' && (m.view.held === 0 || m.change.same)) continue;
    for (const e of EDITS)
      if (e.kind === c.crosses && e.seen(m.change)) out.push({ cell: cellId(c.id, e.id), condition: c, measure: v });
  }
  return out;
}

/** Coverage over many histories (a run's). */
export class CoverageTally {
  readonly #cells = new Map<string, { reached: number; max: number }>();
  readonly #extensions = new Set<string>();

  history(outcomes: readonly Outcome[], frames: readonly Frame[]): void {
    const totals = callTotals(outcomes);
    walkHistory(
      outcomes,
      frames,
      (m, o) => {
        for (const r of reachedCells(m)) {
          if (r.condition.measure === 'callTotal') continue;
          this.#count(r.cell, r.condition, r.measure);
          if (r.cell === cellId('held', 'same-size-mtime-kept')) this.#extensions.add(extensionOf(o.event.path));
        }
      },
      totals,
    );
    // A batch call's total is its own condition: the lie (a part cut to a budget) needs no re-read.
    const batch = CONDITIONS.find((c) => c.measure === 'callTotal')!;
    for (const t of totals.values()) this.#count(cellId(batch.id, 'none'), batch, t);
  }

  #count(cell: string, condition: ConditionRow, measure: number): void {
    const cur = this.#cells.get(cell) ?? { reached: 0, max: 0 };
    if (measure >= (condition.threshold?.cover ?? 1)) cur.reached++;
    cur.max = Math.max(cur.max, measure);
    this.#cells.set(cell, cur);
  }

  result(): Coverage {
    const cells = Object.fromEntries([...this.#cells].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { cells, extensions: [...this.#extensions].sort() };
  }
}

/** The coverage a report carries: every cell with whether it applies to the subject, and those never reached. */
export interface CoverageReport {
  readonly cells: Readonly<Record<string, CellCount & { readonly applicable: boolean }>>;
  /** Applicable cells no history reached (at their condition's coverage value). */
  readonly unreached: readonly string[];
  readonly extensions: readonly string[];
}

/** A run's coverage against what the subject offers (table.ts `meets`). */
export function coverageReport(c: Coverage, offers: Offers): CoverageReport {
  const out: Record<string, CellCount & { applicable: boolean }> = {};
  const unreached: string[] = [];
  for (const { condition, edit } of cells()) {
    const id = cellId(condition.id, edit.id);
    const applicable = meets(condition.needs, offers, condition) && meets(edit.needs, offers);
    const count = c.cells[id] ?? { reached: 0, max: 0 };
    out[id] = { ...count, applicable };
    if (applicable && count.reached === 0) unreached.push(id);
  }
  return { cells: out, unreached, extensions: c.extensions };
}

/** The coverage reports of the shards of one run, summed (the largest measure of any). */
export function combineCoverage(list: readonly CoverageReport[]): CoverageReport {
  const out: Record<string, CellCount & { applicable: boolean }> = {};
  for (const c of list)
    for (const [id, v] of Object.entries(c.cells)) {
      const cur = out[id];
      out[id] =
        cur === undefined
          ? { ...v }
          : { reached: cur.reached + v.reached, max: Math.max(cur.max, v.max), applicable: cur.applicable };
    }
  const unreached = Object.entries(out)
    .filter(([, v]) => v.applicable && v.reached === 0)
    .map(([id]) => id);
  return { cells: out, unreached, extensions: [...new Set(list.flatMap((c) => c.extensions))].sort() };
}
