/**
 * The bench workload (docs/BENCH.md "The default workload"): trace events shaped like the measured
 * corpus of spec/SPEC.md "Levers" — about half of all reads re-read a request whose text has not
 * changed since that worker last read it, a quarter of the files exceed the cap, files are edited
 * between reads, some reads are line windows, some transcripts are compacted (forget).
 * Deterministic: the same parameters (seed included) give the same events on any machine.
 * Content and edits reuse the generators' helpers (render, applyEdit), so a bench file is built
 * like a conformance file.
 */
import { requestKey, resolvePath } from '../core/paths.ts';
import type { ReadEvent, TraceEvent } from '../core/trace.ts';
import { windowOf, splitLines } from '../harness/lines.ts';
import { render, type ContentSpec, type Piece } from '../../properties/generators/content.ts';
import { applyEdit, type Edit, type FileTrack } from '../../properties/generators/history.ts';
import { Draws } from './draws.ts';
import { defined } from '../core/defined.ts';

export interface WorkloadParams {
  readonly seed: number;
  /** Reads in the whole workload. */
  readonly reads: number;
  /** Workers (each its own ledger); about three are active at any time. */
  readonly workers: number;
  /** Files in the repository every worker reads from. */
  readonly files: number;
  /** Bytes per response under a capping arm. */
  readonly cap: number;
  /** Share of reads that re-read a request unchanged since that worker last read it (kept on target while possible). */
  readonly rereadRate: number;
  /** Share of files larger than the cap (cap+1 … 6×cap bytes; the rest 1/120 × cap … cap). */
  readonly largeRate: number;
  /** Chance that a file is edited before a read. */
  readonly editRate: number;
  /** Chance that a read of a request the worker has not made yet is a line window (re-reads repeat their window). */
  readonly windowRate: number;
  /** Chance that a worker's transcript is compacted (forget) before a read. */
  readonly compactRate: number;
  /** Share of edits that keep the file's mtime (whole-second clocks, tools that restore mtimes). */
  readonly sameMtimeRate: number;
}

export const DEFAULT_WORKLOAD: WorkloadParams = Object.freeze({
  seed: 20_261_130,
  reads: 1_844,
  workers: 143,
  files: 120,
  cap: 24_576,
  rereadRate: 0.48,
  largeRate: 0.25,
  editRate: 0.12,
  windowRate: 0.1,
  compactRate: 0.02,
  sameMtimeRate: 0.1,
});

/** What the generated events actually contain (counted from the events, not from the draws). */
export interface WorkloadStats {
  readonly reads: number;
  readonly workers: number;
  readonly files: number;
  /** Files whose first version is larger than the cap. */
  readonly filesOverCap: number;
  /** Reads whose request text (what a plain tool returns) is larger than the cap. */
  readonly readsOverCap: number;
  /** Reads of a request whose text is the same as when that worker last read it. */
  readonly rereadsUnchanged: number;
  /** Reads of a request whose text changed since that worker last read it. */
  readonly rereadsChanged: number;
  /** Reads with a line window (offset/limit). */
  readonly windowed: number;
  /** Writes after the first version of a file (content edits and touches). */
  readonly edits: number;
  /** Edits that changed the content but kept the mtime. */
  readonly sameMtimeEdits: number;
  /** forget events (whole transcript or one path). */
  readonly compactions: number;
}

export interface Workload {
  readonly params: WorkloadParams;
  readonly events: readonly TraceEvent[];
  readonly stats: WorkloadStats;
}

// ---- the repository -------------------------------------------------------------------------

const DIRS: readonly { readonly dir: string; readonly ext: string }[] = Object.freeze([
  { dir: 'src', ext: 'ts' },
  { dir: 'src/core', ext: 'ts' },
  { dir: 'src/cli', ext: 'ts' },
  { dir: 'test', ext: 'ts' },
  { dir: 'lib', ext: 'js' },
  { dir: 'docs', ext: 'md' },
]);

/** Code lines render to about 12 bytes each (properties/generators/content.ts `code`). */
const BYTES_PER_CODE_LINE = 12;

function filePath(i: number): string {
  const d = DIRS[i % DIRS.length]!;
  return `${d.dir}/module${String(i).padStart(3, '0')}.${d.ext}`;
}

/** Besides code lines: sometimes multi-byte text, CRLF lines, a long line. */
function extraPieces(d: Draws): Piece[] {
  const extra: Piece[] = [];
  if (d.chance(0.3))
    extra.push({ kind: 'multibyte', width: d.weighted([2, 3, 4] as const, () => 1), count: d.int(1, 12) });
  if (d.chance(0.1)) extra.push({ kind: 'crlf', lines: d.int(1, 6) });
  if (d.chance(0.1)) extra.push({ kind: 'long-line', len: d.int(200, 4_000) });
  return extra;
}

function initialContent(d: Draws, i: number, p: WorkloadParams): string {
  const size = d.chance(p.largeRate)
    ? d.logUniform(p.cap + 1, 6 * p.cap)
    : d.logUniform(Math.max(1, Math.round(p.cap / 120)), p.cap);
  const lines = Math.ceil(size / BYTES_PER_CODE_LINE) + 1;
  const spec: ContentSpec = {
    size: { kind: 'around-cap', k: 1, delta: 0 },
    pieces: [{ kind: 'code', lines, salt: i }, ...extraPieces(d)],
    finalNewline: d.chance(0.9),
  };
  // An around-cap size of k = 1, rendered against `size` as the cap, is exactly `size` bytes.
  return render(spec, size);
}

// ---- the workers ----------------------------------------------------------------------------

interface Request {
  readonly file: number;
  readonly path: string;
  readonly args: Readonly<Record<string, number>> | undefined;
  /** The request's text when this worker last read it. */
  lastText: string;
  /** Reads of this text in a row (since it changed or was forgotten). */
  streak: number;
  lastStep: number;
}

interface WorkerState {
  readonly id: string;
  readonly requests: Map<string, Request>;
}

const EDITS: readonly { readonly kind: Edit['kind']; readonly weight: number }[] = Object.freeze([
  { kind: 'replace-line', weight: 30 },
  { kind: 'insert-line', weight: 20 },
  { kind: 'delete-line', weight: 10 },
  { kind: 'append', weight: 12 },
  { kind: 'same-size', weight: 8 },
  { kind: 'revert', weight: 6 },
  { kind: 'touch', weight: 6 },
  { kind: 'rewrite', weight: 5 },
  { kind: 'truncate', weight: 3 },
]);

function drawEdit(d: Draws, current: string, salt: number): Edit {
  const kind = d.weighted(EDITS, (e) => e.weight).kind;
  const at = d.int(0, 1000);
  switch (kind) {
    case 'replace-line':
    case 'insert-line':
      return { kind, at, salt: d.int(0, 99) };
    case 'delete-line':
    case 'same-size':
      return { kind, at };
    case 'append':
      return {
        kind,
        spec: {
          size: { kind: 'free', repeat: 1 },
          pieces: [{ kind: 'code', lines: d.int(3, 40), salt }],
          finalNewline: true,
        },
      };
    case 'rewrite': {
      const lines = Math.ceil(Buffer.byteLength(current) / BYTES_PER_CODE_LINE) + 1;
      return {
        kind,
        spec: { size: { kind: 'free', repeat: 1 }, pieces: [{ kind: 'code', lines, salt }], finalNewline: true },
      };
    }
    case 'truncate':
      return { kind, at: d.int(500, 1000) };
    case 'revert':
      return { kind, back: d.int(1, 2) };
    case 'touch':
    case 'to-empty':
      return { kind: 'touch' };
  }
}

const textOf = (content: string, args: Readonly<Record<string, unknown>> | undefined): string =>
  args === undefined ? content : windowOf(content, args.offset as number | undefined, args.limit as number | undefined);

/** Builds the workload's trace events. Throws RangeError on parameters outside their domain. */
export function buildWorkload(p: WorkloadParams): Workload {
  const problem = workloadProblem(p);
  if (problem !== undefined) throw new RangeError(problem);
  const d = new Draws(p.seed);
  const events: TraceEvent[] = [];
  let clock = 1_700_000_000_000;

  const files: (FileTrack & { readonly path: string; readonly popularity: number })[] = [];
  for (let i = 0; i < p.files; i++) {
    const content = initialContent(d, i, p);
    const mtimeMs = (clock += d.int(1_000, 60_000));
    // A few files are read by most workers (the entry point, the README), most by few.
    files.push({
      path: filePath(i),
      popularity: 1 / (i + 1) ** 0.8,
      content,
      mtimeMs,
      versions: [{ content, mtimeMs }],
    });
    events.push({ type: 'write', path: filePath(i), content, mtimeMs });
  }
  const current = (r: Request): string => textOf(files[r.file]!.content ?? '', r.args);

  const workers: WorkerState[] = [];
  const workerFor = (step: number): WorkerState => {
    // Workers come in overlapping waves: about three are active at once, each for ~reads/workers reads.
    const base = Math.floor((step * p.workers) / p.reads);
    const i = Math.min(p.workers - 1, base + d.int(0, 2));
    let w = workers[i];
    if (w === undefined) {
      w = { id: `w${i + 1}`, requests: new Map() };
      workers[i] = w;
      events.push({ type: 'worker', id: w.id });
    }
    return w;
  };

  let rereads = 0;
  let salt = 1_000;
  for (let step = 0; step < p.reads; step++) {
    clock += d.int(2_000, 30_000); // a model round
    const w = workerFor(step);
    const mine = [...w.requests.values()];
    /** What a worker touched last is what it goes back to. */
    const recency = (r: Request): number => 1 / (1 + step - r.lastStep);

    if (mine.length > 0 && d.chance(p.compactRate)) {
      // Compaction: the whole transcript mostly; sometimes one file's results are trimmed.
      if (d.chance(0.85)) {
        events.push({ type: 'forget', worker: w.id });
        for (const r of mine) r.streak = 0;
      } else {
        const r = d.weighted(mine, recency);
        events.push({ type: 'forget', worker: w.id, path: r.path });
        for (const x of mine) if (x.file === r.file) x.streak = 0;
      }
    }

    if (d.chance(p.editRate)) {
      // Mostly the worker edits what it read; sometimes another worker or a tool edits any file.
      const fi = mine.length > 0 && d.chance(0.7) ? d.weighted(mine, recency).file : pickFile(d, files);
      const f = files[fi]!;
      const content = applyEdit(f, drawEdit(d, f.content ?? '', salt++), p.cap);
      const keep = d.chance(p.sameMtimeRate);
      const mtimeMs = keep ? f.mtimeMs : clock;
      f.content = content;
      f.mtimeMs = mtimeMs;
      f.versions.push({ content, mtimeMs });
      events.push({ type: 'write', path: f.path, content, mtimeMs });
    }

    const unchanged = mine.filter((r) => current(r) === r.lastText);
    const changed = mine.filter((r) => current(r) !== r.lastText);
    // Dithered target: re-read unchanged text whenever that keeps the running share near rereadRate.
    const wantReread = rereads + d.unit() < p.rereadRate * (step + 1);
    let req: Request;
    if (wantReread && unchanged.length > 0) {
      const recent = new Set([...mine].sort((a, b) => b.lastStep - a.lastStep).slice(0, 2));
      req = d.weighted(unchanged, (r) => {
        // A file cut at the cap and not yet read through is the likeliest re-read (a continuation).
        const bytes = Buffer.byteLength(r.lastText);
        const continuing = bytes > p.cap && r.streak < Math.ceil(bytes / p.cap);
        return (continuing ? 6 : 1) * (recent.has(r) ? 3 : 1);
      });
      rereads++;
    } else if (changed.length > 0 && d.chance(0.5)) {
      // Re-read after an edit (to check it, or because someone else changed the file).
      req = d.weighted(changed, recency);
    } else {
      // A request this worker has not made: a window (of any file, often one it read already) or a whole unread file.
      let fi: number;
      let args: Request['args'];
      if (d.chance(p.windowRate)) {
        fi = mine.length > 0 && d.chance(0.5) ? d.weighted(mine, recency).file : pickFile(d, files);
        // Half are a tool's default window made explicit (it covers most files whole), half aim at a symbol.
        const lines = splitLines(files[fi]!.content ?? '').length;
        args = d.chance(0.5)
          ? { offset: 1, limit: 2_000 }
          : { offset: d.int(1, Math.max(1, lines)), limit: d.int(20, 200) };
      } else {
        const unread = files.map((_, i) => i).filter((i) => !mine.some((r) => r.file === i));
        fi = unread.length > 0 ? d.weighted(unread, (i) => files[i]!.popularity) : pickFile(d, files);
      }
      const f = files[fi]!;
      const path = d.chance(0.05) ? `./${f.path}` : f.path;
      const key = requestKey(path, args);
      req = w.requests.get(key) ?? { file: fi, path, args, lastText: '', streak: 0, lastStep: step };
      if (!w.requests.has(key)) w.requests.set(key, req);
    }
    const text = current(req);
    req.streak = text === req.lastText ? req.streak + 1 : 1;
    req.lastText = text;
    req.lastStep = step;
    const e: ReadEvent = {
      type: 'read',
      worker: w.id,
      path: req.path,
      ...defined({ args: req.args }),
    };
    events.push(e);
  }
  return { params: p, events, stats: describeWorkload(events, p.cap) };
}

function pickFile(d: Draws, files: readonly { readonly popularity: number }[]): number {
  return d.weighted(
    files.map((_, i) => i),
    (i) => files[i]!.popularity,
  );
}

/** Counts what a list of events contains (the workload's own account of itself). */
export function describeWorkload(events: readonly TraceEvent[], cap: number): WorkloadStats {
  const content = new Map<string, { text: string; mtimeMs: number }>();
  const seen = new Map<string, string>();
  const workers = new Set<string>();
  let reads = 0;
  let readsOverCap = 0;
  let rereadsUnchanged = 0;
  let rereadsChanged = 0;
  let windowed = 0;
  let edits = 0;
  let sameMtimeEdits = 0;
  let compactions = 0;
  let filesOverCap = 0;
  for (const e of events) {
    switch (e.type) {
      case 'write': {
        if (!('content' in e)) break; // the workload draws text only (spec 2.1 bytes come from the corpus)
        const p = resolvePath(e.path);
        const before = content.get(p);
        if (before === undefined) {
          if (Buffer.byteLength(e.content) > cap) filesOverCap++;
        } else {
          edits++;
          if (before.text !== e.content && before.mtimeMs === e.mtimeMs) sameMtimeEdits++;
        }
        content.set(p, { text: e.content, mtimeMs: e.mtimeMs });
        break;
      }
      case 'forget':
        compactions++;
        break;
      case 'worker':
        workers.add(e.id);
        break;
      case 'read': {
        reads++;
        if (e.args !== undefined) windowed++;
        const text = textOf(content.get(resolvePath(e.path))?.text ?? '', e.args);
        if (Buffer.byteLength(text) > cap) readsOverCap++;
        const k = `${e.worker}\u0000${requestKey(e.path, e.args)}`;
        const last = seen.get(k);
        if (last !== undefined) {
          if (last === text) rereadsUnchanged++;
          else rereadsChanged++;
        }
        seen.set(k, text);
        break;
      }
      default:
        break;
    }
  }
  return {
    reads,
    workers: workers.size,
    files: content.size,
    filesOverCap,
    readsOverCap,
    rereadsUnchanged,
    rereadsChanged,
    windowed,
    edits,
    sameMtimeEdits,
    compactions,
  };
}

/** Limits that keep a bench run bounded; docs/BENCH.md lists them. */
export const LIMITS = Object.freeze({ reads: 200_000, workers: 100_000, files: 10_000, cap: 1 << 30 });

/** A one-line reason when parameters are outside their domain, else undefined. */
export function workloadProblem(p: WorkloadParams): string | undefined {
  const int = (v: number, min: number, max: number): boolean => Number.isSafeInteger(v) && v >= min && v <= max;
  if (!int(p.seed, 0, Number.MAX_SAFE_INTEGER)) return `seed must be an integer >= 0, got ${p.seed}`;
  if (!int(p.reads, 1, LIMITS.reads)) return `reads must be an integer from 1 to ${LIMITS.reads}, got ${p.reads}`;
  if (!int(p.workers, 1, Math.min(LIMITS.workers, p.reads)))
    return `workers must be an integer from 1 to the number of reads (${p.reads}), got ${p.workers}`;
  if (!int(p.files, 1, LIMITS.files)) return `files must be an integer from 1 to ${LIMITS.files}, got ${p.files}`;
  if (!int(p.cap, 4, LIMITS.cap)) return `cap must be an integer >= 4 (bytes), got ${p.cap}`;
  for (const [name, v] of [
    ['reread-rate', p.rereadRate],
    ['large-rate', p.largeRate],
    ['edit-rate', p.editRate],
    ['window-rate', p.windowRate],
    ['compact-rate', p.compactRate],
    ['same-mtime-rate', p.sameMtimeRate],
  ] as const)
    if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1))
      return `${name} must be a number from 0 to 1, got ${v}`;
  return undefined;
}
