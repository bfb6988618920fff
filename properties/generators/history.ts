/**
 * Histories: abstract operations (plain data that shrinks well) materialised into trace events.
 * Edits are relative to whatever the file holds at that point (append, truncate, line edits,
 * same-size edits, A→B→A, touch, kept or restored mtimes), so a shrunk history stays meaningful.
 */
import fc from 'fast-check';
import type { TraceEvent } from '../../src/core/trace.ts';
import { contentSpec, render, takeBytes, type Band, type ContentSpec } from './content.ts';

/** Files and the spellings a worker may use for each (aliases and a case-only different name). */
export const FILES: readonly { readonly path: string; readonly spellings: readonly string[] }[] = Object.freeze([
  { path: 'a.ts', spellings: ['a.ts', './a.ts', 'src/../a.ts'] },
  { path: 'src/b.ts', spellings: ['src/b.ts', './src/b.ts', 'docs/../src/b.ts'] },
  { path: 'docs/c.md', spellings: ['docs/c.md', './docs/c.md'] },
  { path: 'A.ts', spellings: ['A.ts', './A.ts'] },
]);

export type Edit =
  | { readonly kind: 'append'; readonly spec: ContentSpec }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'to-empty' }
  | { readonly kind: 'insert-line'; readonly at: number; readonly salt: number }
  | { readonly kind: 'delete-line'; readonly at: number }
  | { readonly kind: 'replace-line'; readonly at: number; readonly salt: number }
  | { readonly kind: 'same-size'; readonly at: number }
  | { readonly kind: 'revert'; readonly back: number }
  | { readonly kind: 'touch' }
  | { readonly kind: 'rewrite'; readonly spec: ContentSpec };

/** How the mtime moves: forward by some ms, kept, or restored to an earlier version's. */
export type Mtime =
  { readonly kind: 'advance'; readonly ms: number } | { readonly kind: 'keep' } | { readonly kind: 'restore' };

export type Op =
  | { readonly op: 'write'; readonly file: number; readonly edit: Edit; readonly mtime: Mtime }
  | { readonly op: 'delete'; readonly file: number }
  | {
      readonly op: 'read';
      readonly worker: number;
      readonly file: number;
      readonly spelling: number;
      readonly times: number;
      readonly window?: { readonly at: number; readonly limit: number };
      readonly fail?: boolean;
      readonly race?: { readonly edit: Edit; readonly mtime: Mtime };
    }
  | {
      readonly op: 'batch';
      readonly worker: number;
      readonly reads: readonly { readonly file: number; readonly spelling: number }[];
    }
  | {
      readonly op: 'stale';
      readonly worker: number;
      readonly file: number;
      readonly at: number;
      readonly span: number;
      readonly past: boolean;
    }
  | { readonly op: 'forget'; readonly worker: number; readonly file?: number }
  /** Read a file until held (or a few times), edit it, read it again: diffs, continuations across a change, A→B→A. */
  | {
      readonly op: 'cycle';
      readonly worker: number;
      readonly file: number;
      readonly before: number;
      readonly edit: Edit;
      readonly mtime: Mtime;
      readonly after: number;
    }
  /**
   * The stat-after-read race (docs/LIE-CLASSES.md): `before` reads, then a read right after
   * which the file is rewritten, then `after` re-reads of the same spelling that would show a
   * version recorded from the disk instead of the bytes delivered.
   */
  | {
      readonly op: 'race';
      readonly worker: number;
      readonly file: number;
      readonly spelling: number;
      readonly before: number;
      readonly edit: Edit;
      readonly mtime: Mtime;
      readonly after: number;
    };

export interface HistorySpec {
  readonly cap: number;
  readonly workers: number;
  /** Initial content per file; undefined = the file does not exist yet. */
  readonly initial: readonly (ContentSpec | undefined)[];
  readonly ops: readonly Op[];
}

/** Which operations a history may contain (from the adapter's capabilities and transport). */
export interface OpOptions {
  readonly windows: boolean;
  readonly stale: boolean;
  readonly forget: boolean;
  /** forget(path) as well as forget() (false: the host compacts whole workers only). */
  readonly forgetPaths?: boolean;
  /** The kit can make its read tool fail on purpose (in-process only). */
  readonly toolFailures: boolean;
  /** The kit can rewrite a file right after the tool returned its bytes. */
  readonly races: boolean;
  readonly maxWorkers: number;
  readonly maxOps: number;
  /** Window limits stay at or under this (a host tool declaring only maxLines: src/core/host-tool.ts windowLimitMax). */
  readonly maxWindowLimit?: number;
  /** The host tool's defaultLimit: windows around it are drawn too (an explicit larger limit is honoured). */
  readonly defaultLimit?: number;
  /**
   * Draw (and so shrink) the operations before cap, workers and initial files. fast-check shrinks a
   * record's keys in order; operations first makes the candidates short histories early, which a
   * process shim pays for per read (--process runs). Other histories than the default order.
   */
  readonly opsFirst?: boolean;
}

const frac = fc.integer({ min: 0, max: 1000 });

/** `arb` about once in `every` draws, otherwise undefined (shrinks towards undefined). */
export function sometimes<T>(arb: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: every - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: arb },
  );
}

function editArb(band: Band): fc.Arbitrary<Edit> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('append' as const), spec: contentSpec(band) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: frac }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'to-empty' as const }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert-line' as const), at: frac, salt: fc.nat(99) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-line' as const), at: frac }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace-line' as const), at: frac, salt: fc.nat(99) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('same-size' as const), at: frac }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('revert' as const), back: fc.integer({ min: 1, max: 3 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'touch' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rewrite' as const), spec: contentSpec(band) }) },
  );
}

// Kept and restored mtimes are the mtime lie classes: nearly half of all edits.
const mtimeArb: fc.Arbitrary<Mtime> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(1, 7, 1000, 60_000) }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'restore' as const }) },
);

/** 1–40 lines (at most maxWindowLimit); around a declared defaultLimit a quarter of the time. */
function windowLimit(opts: OpOptions): fc.Arbitrary<number> {
  const base = fc.integer({ min: 1, max: Math.min(40, opts.maxWindowLimit ?? 40) });
  const d = opts.defaultLimit;
  if (d === undefined) return base;
  const around = fc.integer({ min: Math.max(1, d - 2), max: Math.min(d + 3, opts.maxWindowLimit ?? d + 3) });
  return fc.oneof({ weight: 3, arbitrary: base }, { weight: 1, arbitrary: around });
}

export function historyArb(band: Band, opts: OpOptions): fc.Arbitrary<HistorySpec> {
  const file = fc.nat(FILES.length - 1);
  const worker = fc.nat(Math.max(0, opts.maxWorkers - 1));
  const edit = editArb(band);
  const read = fc.record(
    {
      op: fc.constant('read' as const),
      worker,
      file,
      spelling: fc.nat(3),
      times: fc.oneof(
        { weight: 3, arbitrary: fc.constant(1) },
        { weight: 2, arbitrary: fc.integer({ min: 2, max: 6 }) },
      ),
      window: opts.windows ? sometimes(fc.record({ at: frac, limit: windowLimit(opts) }), 6) : fc.constant(undefined),
      fail: opts.toolFailures ? sometimes(fc.constant(true), 12) : fc.constant(undefined),
      race: opts.races ? sometimes(fc.record({ edit, mtime: mtimeArb }), 12) : fc.constant(undefined),
    },
    { requiredKeys: ['op', 'worker', 'file', 'spelling', 'times'] },
  );
  const weighted: { weight: number; arbitrary: fc.Arbitrary<Op> }[] = [
    { weight: 12, arbitrary: read },
    { weight: 6, arbitrary: fc.record({ op: fc.constant('write' as const), file, edit, mtime: mtimeArb }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), file }) },
    {
      weight: 5,
      arbitrary: fc.record({
        op: fc.constant('cycle' as const),
        worker,
        file,
        before: fc.integer({ min: 1, max: 6 }),
        edit,
        mtime: mtimeArb,
        after: fc.integer({ min: 1, max: 3 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('batch' as const),
        worker,
        reads: fc.array(fc.record({ file, spelling: fc.nat(3) }), { minLength: 2, maxLength: 3 }),
      }),
    },
  ];
  if (opts.races)
    weighted.push({
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('race' as const),
        worker,
        file,
        spelling: fc.nat(3),
        before: fc.nat(1),
        edit,
        mtime: mtimeArb,
        after: fc.integer({ min: 1, max: 2 }),
      }),
    });
  if (opts.stale)
    weighted.push({
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('stale' as const),
        worker,
        file,
        at: frac,
        span: fc.integer({ min: 0, max: 30 }),
        past: fc.boolean(),
      }),
    });
  if (opts.forget)
    weighted.push({
      weight: 2,
      arbitrary: fc.record(
        {
          op: fc.constant('forget' as const),
          worker,
          file:
            opts.forgetPaths === false
              ? fc.constant(undefined)
              : fc.oneof(
                  { withCrossShrink: true },
                  { weight: 1, arbitrary: fc.constant(undefined) },
                  { weight: 3, arbitrary: file },
                ),
        },
        { requiredKeys: ['op', 'worker'] },
      ),
    });
  const ops = fc.array(fc.oneof(...weighted), { minLength: 1, maxLength: opts.maxOps });
  const rest = {
    cap: band.cap,
    workers: fc.oneof(
      { withCrossShrink: true },
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: opts.maxWorkers }) },
    ),
    initial: fc.tuple(
      ...FILES.map(() =>
        fc.oneof(
          { withCrossShrink: true },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 6, arbitrary: contentSpec(band) },
        ),
      ),
    ),
  };
  return opts.opsFirst ? fc.record({ ops, ...rest }) : fc.record({ ...rest, ops });
}

// ---- materialisation ------------------------------------------------------------------------

const pick = (n: number, at: number): number => (n === 0 ? 0 : Math.min(n - 1, Math.floor((at / 1001) * n)));

/** A file's state while a history is materialised (exported for src/bench/workload.ts). */
export interface FileTrack {
  content: string | undefined;
  mtimeMs: number;
  versions: { content: string; mtimeMs: number }[];
}

/** Lines of a text as src/core/lines.ts splitLines cuts them (a last line without '\n' counts). */
function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.length > 0 && !text.endsWith('\n') ? n + 1 : n;
}

/** Where the line starting at `from` ends (after its '\n', or the text's end). */
function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl + 1;
}

/** Where line `i` starts (the text's length for i = lineCount). */
function lineStart(text: string, i: number): number {
  let at = 0;
  for (let k = 0; k < i; k++) at = lineEnd(text, at);
  return at;
}

const isAsciiAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The file's content after edit `e` (exported for src/bench/workload.ts). */
export function applyEdit(f: FileTrack, e: Edit, cap: number): string {
  const cur = f.content ?? '';
  switch (e.kind) {
    case 'append':
      return cur + render(e.spec, cap);
    case 'truncate':
      return takeBytes(cur, Math.floor((Buffer.byteLength(cur) * e.at) / 1000)).text;
    case 'to-empty':
      return '';
    case 'insert-line': {
      const at = lineStart(cur, pick(lineCount(cur) + 1, e.at));
      return `${cur.slice(0, at)}inserted line ${e.salt}\n${cur.slice(at)}`;
    }
    case 'delete-line': {
      const n = lineCount(cur);
      if (n === 0) return cur;
      const from = lineStart(cur, pick(n, e.at));
      return cur.slice(0, from) + cur.slice(lineEnd(cur, from));
    }
    case 'replace-line': {
      const n = lineCount(cur);
      if (n === 0) return `replaced line ${e.salt}\n`;
      const from = lineStart(cur, pick(n, e.at));
      const to = lineEnd(cur, from);
      const line = cur.slice(from, to);
      const eol = line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '';
      return `${cur.slice(0, from)}replaced line ${e.salt}${eol}${cur.slice(to)}`;
    }
    case 'same-size': {
      // Change one ASCII letter or digit to another: same byte size, new content.
      let n = 0;
      for (let i = 0; i < cur.length; i++) if (isAsciiAlnum(cur.charCodeAt(i))) n++;
      if (n === 0) return cur;
      let k = pick(n, e.at);
      let i = 0;
      for (; ; i++) if (isAsciiAlnum(cur.charCodeAt(i)) && k-- === 0) break;
      return cur.slice(0, i) + (cur[i] === 'Q' ? 'Z' : 'Q') + cur.slice(i + 1);
    }
    case 'revert': {
      const v = f.versions[f.versions.length - 1 - e.back];
      return v?.content ?? cur;
    }
    case 'touch':
      return cur;
    case 'rewrite':
      return render(e.spec, cap);
  }
}

function nextMtime(f: FileTrack, m: Mtime, clock: { now: number }): number {
  if (m.kind === 'keep' && f.content !== undefined) return f.mtimeMs;
  if (m.kind === 'restore' && f.versions.length >= 2) return f.versions[f.versions.length - 2]!.mtimeMs;
  clock.now += m.kind === 'advance' ? m.ms : 1000;
  return clock.now;
}

const workerId = (i: number): string => `w${i + 1}`;

/** Abstract history → trace events (deterministic). */
export function materialize(spec: HistorySpec): TraceEvent[] {
  const events: TraceEvent[] = [];
  const clock = { now: 1_700_000_000_000 };
  const files: FileTrack[] = FILES.map(() => ({ content: undefined, mtimeMs: 0, versions: [] }));
  const write = (i: number, content: string, mtimeMs: number): void => {
    const f = files[i]!;
    f.content = content;
    f.mtimeMs = mtimeMs;
    f.versions.push({ content, mtimeMs });
    events.push({ type: 'write', path: FILES[i]!.path, content, mtimeMs });
  };
  for (let w = 0; w < spec.workers; w++) events.push({ type: 'worker', id: workerId(w) });
  spec.initial.forEach((c, i) => {
    if (c !== undefined) write(i, render(c, spec.cap), (clock.now += 1000));
  });
  let batch = 0;
  for (const op of spec.ops) {
    const w = 'worker' in op ? workerId(op.worker % spec.workers) : '';
    switch (op.op) {
      case 'write': {
        const f = files[op.file]!;
        write(op.file, applyEdit(f, op.edit, spec.cap), nextMtime(f, op.mtime, clock));
        break;
      }
      case 'delete':
        if (files[op.file]!.content !== undefined) {
          files[op.file]!.content = undefined;
          events.push({ type: 'delete', path: FILES[op.file]!.path });
        }
        break;
      case 'read': {
        const F = FILES[op.file]!;
        const path = F.spellings[op.spelling % F.spellings.length]!;
        const f = files[op.file]!;
        let args: Record<string, number> | undefined;
        if (op.window) {
          const n = lineCount(f.content ?? '');
          args = { offset: pick(n + 2, op.window.at) + 1, limit: op.window.limit };
        }
        for (let t = 0; t < op.times; t++) {
          const last = t === op.times - 1;
          let race: { content: string; mtimeMs: number } | undefined;
          if (last && op.race && f.content !== undefined) {
            const content = applyEdit(f, op.race.edit, spec.cap);
            race = { content, mtimeMs: nextMtime(f, op.race.mtime, clock) };
            f.content = content;
            f.mtimeMs = race.mtimeMs;
            f.versions.push({ ...race });
          }
          events.push({
            type: 'read',
            worker: w,
            path,
            ...(args ? { args } : {}),
            ...(last && op.fail ? { fail: 'EIO' } : {}),
            ...(race ? { race } : {}),
          });
        }
        break;
      }
      case 'batch': {
        batch++;
        for (const r of op.reads) {
          const F = FILES[r.file]!;
          events.push({ type: 'read', worker: w, path: F.spellings[r.spelling % F.spellings.length]!, batch });
        }
        break;
      }
      case 'stale': {
        const F = FILES[op.file]!;
        const n = lineCount(files[op.file]!.content ?? '');
        const startLine = op.past ? n + pick(5, op.at) : pick(n, op.at);
        events.push({ type: 'stale', worker: w, path: F.spellings[0]!, startLine, endLine: startLine + op.span });
        break;
      }
      case 'cycle': {
        const F = FILES[op.file]!;
        const f = files[op.file]!;
        for (let t = 0; t < op.before; t++) events.push({ type: 'read', worker: w, path: F.spellings[0]! });
        if (f.content !== undefined) write(op.file, applyEdit(f, op.edit, spec.cap), nextMtime(f, op.mtime, clock));
        // The first two reads after the edit keep one spelling (PROGRESS is judged within a spelling), then an alias.
        for (let t = 0; t < op.after; t++)
          events.push({ type: 'read', worker: w, path: F.spellings[t < 2 ? 0 : (t - 1) % F.spellings.length]! });
        break;
      }
      case 'race': {
        const F = FILES[op.file]!;
        const f = files[op.file]!;
        const path = F.spellings[op.spelling % F.spellings.length]!;
        for (let t = 0; t < op.before; t++) events.push({ type: 'read', worker: w, path });
        if (f.content !== undefined) {
          const race = { content: applyEdit(f, op.edit, spec.cap), mtimeMs: nextMtime(f, op.mtime, clock) };
          f.content = race.content;
          f.mtimeMs = race.mtimeMs;
          f.versions.push({ ...race });
          events.push({ type: 'read', worker: w, path, race });
        } else events.push({ type: 'read', worker: w, path });
        for (let t = 0; t < op.after; t++) events.push({ type: 'read', worker: w, path });
        break;
      }
      case 'forget':
        // The spelling varies with the position (no extra draw): forget('./src/b.ts') must reset src/b.ts (FORGET-RESETS).
        events.push(
          op.file === undefined
            ? { type: 'forget', worker: w }
            : {
                type: 'forget',
                worker: w,
                path: FILES[op.file]!.spellings[events.length % FILES[op.file]!.spellings.length]!,
              },
        );
        break;
    }
  }
  return events;
}
