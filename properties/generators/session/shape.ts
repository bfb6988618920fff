/**
 * The session band (docs/reference/session-band.md): histories shaped like agent sessions — tens to
 * a couple of hundred files with names drawn per seed, hundreds to thousands of reads with hot files
 * re-read many times, heavy-tailed sizes past 1 MiB, every edit kind with its stat effect drawn,
 * and every event kind the subject declares. Every count a shortcut could key on (files per worker,
 * reads per request, pointers in a row, file size, the offset of an edit, batch totals) is drawn per
 * history over two orders of magnitude or more. Operations are plain data over fractions of the
 * drawn shape, so a shrunk shape keeps each operation meaningful.
 */
import fc from 'fast-check';
import { STAT_EFFECTS, type StatEffect } from '../../crossed/edits.ts';
import type { NameShape } from './names.ts';

/** A count drawn log-uniformly in [min, max] (shrinks towards min). */
export function logInt(min: number, max: number): fc.Arbitrary<number> {
  return fc
    .noBias(fc.integer({ min: 0, max: 1000 }))
    .map((u) => Math.round(Math.exp(Math.log(min) + (u / 1000) * (Math.log(max) - Math.log(min)))));
}

export interface SessionShape {
  readonly names: NameShape;
  /** Distinct files in the project. */
  readonly files: number;
  /** Median and largest first size of a file (bytes), and the Pareto tail's exponent in hundredths. */
  readonly sizeMedian: number;
  readonly sizeMax: number;
  readonly sizeTail: number;
  /** Files sized near sizeMax (each among the hot files half the time). */
  readonly bigFiles: number;
  /** Per mille of file picks that go to a big file (agents come back to the large files they work in). */
  readonly bigShare: number;
  readonly hot: number;
  /** Per mille of file picks that go to a hot file. */
  readonly hotShare: number;
  /** Most reads of one request in one go, most files in one scan, most paths in one batch call. */
  readonly rereadMax: number;
  readonly scanMax: number;
  readonly callMax: number;
  /** Per mille of reads that are line windows. */
  readonly windowShare: number;
  /** Per mille of files with characters outside ASCII, with CRLF ends, with trailing blanks, binary. */
  readonly wideShare: number;
  readonly crlfShare: number;
  readonly blanksShare: number;
  readonly binaryShare: number;
  readonly workers: number;
  readonly fileSalt: number;
  /** Fractions at or above this draw a count's far end itself (materialize.ts farCount; 1001: never). */
  readonly far: number;
}

/** A file picked from a fraction: hot files take `hotShare`, the rest the others (materialize.ts). */
export type Pick = number;
/** A fraction in [0, 1000] of a drawn count or position. */
export type Frac = number;

export type SessionOp =
  /** A window when `win` is over 1000 − windowShare (so it shrinks towards a whole read). */
  | {
      readonly op: 'read';
      readonly w: number;
      readonly f: Pick;
      readonly sp: Frac;
      readonly times: Frac;
      readonly win: Frac;
    }
  | { readonly op: 'scan'; readonly w: number; readonly f: Pick; readonly count: Frac; readonly win: boolean }
  | {
      readonly op: 'edit';
      readonly f: Pick;
      readonly kind: number;
      readonly at: Frac;
      readonly stat: StatEffect;
      readonly salt: number;
    }
  | { readonly op: 'call'; readonly w: number; readonly f: Pick; readonly count: Frac }
  | { readonly op: 'link'; readonly slot: number; readonly f: Pick; readonly hard: boolean }
  | { readonly op: 'forget'; readonly w: number; readonly f?: Pick; readonly sp: Frac }
  | { readonly op: 'fork'; readonly w: number; readonly fresh: boolean; readonly shared: boolean }
  | { readonly op: 'resume'; readonly w: number }
  /**
   * Read a request (until held, then `before` more times), read `gap` other files, forget a name of
   * the file (when `forget` is set), edit it (`kind`), then re-read it `after` times — as one batch
   * read call with its neighbours when `call` is set. Reads after edits, as agents make them.
   */
  | {
      readonly op: 'cycle';
      readonly w: number;
      readonly f: Pick;
      readonly sp: Frac;
      readonly win: Frac;
      readonly before: Frac;
      readonly gap: Frac;
      readonly forget?: Frac;
      readonly kind: number;
      readonly at: Frac;
      readonly stat: StatEffect;
      readonly salt: number;
      readonly after: Frac;
      readonly call: boolean;
    }
  | {
      readonly op: 'race';
      readonly w: number;
      readonly f: Pick;
      readonly win: boolean;
      readonly kind: number;
      readonly at: Frac;
      readonly stat: StatEffect;
      /** Re-reads of the same request after the raced read. */
      readonly after: Frac;
    }
  | { readonly op: 'stale'; readonly w: number; readonly f: Pick; readonly at: Frac; readonly span: number }
  | { readonly op: 'fail'; readonly w: number; readonly f: Pick }
  | { readonly op: 'delete'; readonly f: Pick };

/**
 * Reaching: the session's last step, a tool run over `count` files from `f` that keeps each file's
 * mtime (a formatter or a checkout that restores times), read before and again after by worker `w`
 * (materialize.ts `sweep`). Drawn after everything else, so the rest of the history is unchanged.
 */
export interface SweepSpec {
  readonly w: number;
  readonly f: Pick;
  readonly count: Frac;
  /** The first edit kind of the rotation (edits.ts HIDDEN_EDITS), and where each file's edit lands. */
  readonly kind: number;
  readonly salt: number;
  /** The re-reads as one batch read call (when a batch tool is declared). */
  readonly call: boolean;
}

export interface SessionSpec {
  readonly cap: number;
  readonly shape: SessionShape;
  readonly ops: readonly SessionOp[];
  readonly sweep?: SweepSpec | undefined;
}

/** What the subject declares and the transport allows (from its capabilities, as OpOptions). */
export interface SessionOptions {
  readonly windows: boolean;
  readonly stale: boolean;
  readonly forget: boolean;
  readonly forgetPaths: boolean;
  readonly toolFailures: boolean;
  readonly races: boolean;
  readonly batch: boolean;
  readonly links: boolean;
  readonly binary: boolean;
  readonly fork: boolean;
  readonly sharedSession: boolean;
  readonly resume: boolean;
  /** Most operations per history (the subject's speed: a process pays per read). */
  readonly maxOps: number;
  /** Sessions large in every way together (SCALED), and counts drawn to their far end (FAR). */
  readonly reach?: boolean;
  readonly maxWindowLimit?: number;
}

const frac = fc.noBias(fc.integer({ min: 0, max: 1000 }));
const pick = fc.noBias(fc.integer({ min: 0, max: 999_999 }));
/** A draw over its whole range as stated (fast-check's bias towards small values and edges is off). */
const int = (min: number, max: number): fc.Arbitrary<number> => fc.noBias(fc.integer({ min, max }));

/**
 * The weights of the stat effects: an edit that moves the mtime a second or more is the common case
 * (4), one that keeps it (3: editors that restore it, tools that preserve it, copies), within the same
 * second (2: a build step, a formatter on save), restored to an earlier one (1: a checkout). The
 * kit's own choice, stated; no corpus of real edits measures it.
 */
const statArb: fc.Arbitrary<StatEffect> = fc.oneof(
  ...STAT_EFFECTS.map((s) => ({
    weight: { advance: 4, keep: 3, 'same-second': 2, restore: 1 }[s],
    arbitrary: fc.constant(s),
  })),
);

/**
 * What a session's shape draws, each over its range (log: log-uniformly), with why (the session
 * band's page, docs/reference/session-band.md, is rendered from this table).
 */
export const SHAPE_RANGES = Object.freeze({
  files: { min: 3, max: 320, log: true, what: 'distinct files in the project' },
  sizeMedian: { min: 200, max: 32_768, log: true, what: 'median first size of a file (bytes; a Pareto tail above it)' },
  sizeMax: { min: 131_072, max: 2_097_152, log: true, what: 'largest first size (bytes; the big files are sized near it)' },
  sizeTail: { min: 50, max: 150, log: false, what: 'exponent of the size tail (hundredths)' },
  bigFiles: { min: 1, max: 4, log: false, what: 'files sized near the largest size' },
  bigShare: { min: 0, max: 200, log: false, what: 'per mille of file picks that go to a big file' },
  hot: { min: 1, max: 24, log: true, what: 'hot files' },
  hotShare: { min: 300, max: 950, log: false, what: 'per mille of the other picks that go to a hot file' },
  rereadMax: { min: 2, max: 200, log: true, what: 'most reads of one request in one go (reads per request, pointers in a row)' },
  scanMax: { min: 2, max: 240, log: true, what: 'most other files read in one go (distinct files between a read and its re-read)' },
  callMax: { min: 2, max: 64, log: true, what: 'most paths in one batch read call (batch totals)' },
  windowShare: { min: 0, max: 400, log: false, what: 'per mille of reads that are line windows (when declared)' },
  wideShare: { min: 0, max: 1000, log: false, what: 'per mille of files with characters outside ASCII' },
  crlfShare: { min: 0, max: 500, log: false, what: 'per mille of files with CRLF line ends' },
  blanksShare: { min: 0, max: 800, log: false, what: 'per mille of files with trailing blanks' },
  binaryShare: { min: 0, max: 200, log: false, what: 'per mille of binary files (when the host tool returns them)' },
  workers: { min: 1, max: 4, log: false, what: 'workers (forks add more, when declared)' },
  folders: { min: 0, max: 24, log: false, what: 'folders the files are spread over' },
  extSkew: { min: 60, max: 160, log: false, what: 'Zipf exponent of the extension draw (hundredths)' },
  oddNames: { min: 0, max: 200, log: false, what: 'per mille of names with a space, an upper-case letter or a letter outside ASCII' },
}); // prettier-ignore

type RangeName = keyof typeof SHAPE_RANGES;
const drawn = (k: RangeName): fc.Arbitrary<number> => {
  const r = SHAPE_RANGES[k];
  return r.log ? logInt(r.min, r.max) : int(r.min, r.max);
};

/** Where counts reach their far end when the band reaches (materialize.ts farCount). */
export const FAR = 850;

/**
 * The counts a session's size is made of, drawn together when the band reaches: a session that
 * reads many files also scans further, re-reads more and lists more files in a call. Each sits at
 * the session's scale (the larger of two uniform draws) give or take SCALE_JITTER on its log range,
 * so the far end of every range is met together in some history of nearly every run.
 */
export const SCALED = ['files', 'rereadMax', 'scanMax', 'callMax'] as const;
export const SCALE_JITTER = 300;
type ScaledName = (typeof SCALED)[number];

const atScale = (k: ScaledName, p: number): number => {
  const r = SHAPE_RANGES[k];
  const q = Math.min(1000, Math.max(0, p)) / 1000;
  return Math.round(Math.exp(Math.log(r.min) + q * (Math.log(r.max) - Math.log(r.min))));
};

const scaledArb: fc.Arbitrary<Record<ScaledName, number>> = fc
  .record({ a: frac, b: frac, jitter: fc.tuple(...SCALED.map(() => int(-SCALE_JITTER, SCALE_JITTER))) })
  .map(({ a, b, jitter }) => {
    const scale = Math.max(a, b);
    return Object.fromEntries(SCALED.map((k, i) => [k, atScale(k, scale + (jitter[i] ?? 0))])) as Record<
      ScaledName,
      number
    >;
  });

export function shapeArb(o: SessionOptions): fc.Arbitrary<SessionShape> {
  // Without reach, the draws are the same as before reach was added (the same seed, the same history).
  if (o.reach !== true) return apartShape(o).map((s) => ({ ...s, far: 1001 }));
  return fc.tuple(apartShape(o), scaledArb).map(([s, sized]) => ({ ...s, ...sized, far: FAR }));
}

function apartShape(o: SessionOptions): fc.Arbitrary<Omit<SessionShape, 'far'>> {
  return fc.record({
    names: fc.record({
      salt: fc.noBias(fc.nat()),
      folders: drawn('folders'),
      extSkew: drawn('extSkew'),
      oddNames: drawn('oddNames'),
    }),
    files: drawn('files'),
    sizeMedian: drawn('sizeMedian'),
    sizeMax: drawn('sizeMax'),
    sizeTail: drawn('sizeTail'),
    bigFiles: drawn('bigFiles'),
    bigShare: drawn('bigShare'),
    hot: drawn('hot'),
    hotShare: drawn('hotShare'),
    rereadMax: drawn('rereadMax'),
    scanMax: drawn('scanMax'),
    callMax: drawn('callMax'),
    windowShare: o.windows ? drawn('windowShare') : fc.constant(0),
    wideShare: drawn('wideShare'),
    crlfShare: drawn('crlfShare'),
    blanksShare: drawn('blanksShare'),
    binaryShare: o.binary ? drawn('binaryShare') : fc.constant(0),
    workers: drawn('workers'),
    fileSalt: fc.noBias(fc.nat()),
  });
}

/**
 * The weight of each operation and where it comes from: reads dominate as in agent sessions,
 * where about half of all reads re-read a file unchanged since the worker saw it (48% of 1,844
 * reads in one measured corpus of real agent runs); reads after edits (cycle) make most of the
 * other half. The rarer kinds are the kit's own choice, kept so each appears in most sessions.
 */
export const OP_WEIGHTS = Object.freeze({
  read: {
    weight: 24,
    source:
      'set with cycle, edit and scan so that about half of all reads re-read a request unchanged, as measured on real sessions',
  },
  cycle: { weight: 16, source: 'reads after edits (read, edit, re-read), as agents work' },
  edit: { weight: 16, source: "the kit's choice: edits no read follows at once" },
  scan: { weight: 8, source: "the kit's choice: exploring many files in a row (first reads)" },
  call: { weight: 4, source: "the kit's choice (when a batch read tool is declared)" },
  forget: { weight: 3, source: "the kit's choice (when the host compacts)" },
  link: { weight: 2, source: "the kit's choice (when the disk holds links)" },
  race: { weight: 2, source: "the kit's choice (when a file can be rewritten right after a read)" },
  fork: { weight: 1, source: "the kit's choice (when forks or shared sessions are declared)" },
  resume: { weight: 1, source: "the kit's choice (when resumed sessions are declared)" },
  stale: { weight: 1, source: "the kit's choice (when a stale serve is declared)" },
  fail: { weight: 1, source: "the kit's choice (in process: the read tool fails)" },
  delete: { weight: 1, source: "the kit's choice" },
});

/**
 * Operation weights. Reads dominate as in agent sessions, where about half of all reads re-read a
 * file unchanged since the worker saw it (48% of 1,844 reads in one measured corpus of real agent
 * runs); edits between them make the other half, windows follow a host cut (materialize.ts).
 * The rarer kinds are the kit's own choice, kept so each appears in most sessions.
 */
export function opArb(o: SessionOptions): fc.Arbitrary<SessionOp> {
  const w = fc.integer({ min: 0, max: 3 });
  const kinds: { weight: number; arbitrary: fc.Arbitrary<SessionOp> }[] = [
    { weight: OP_WEIGHTS.read.weight, arbitrary: fc.record({ op: fc.constant('read' as const), w, f: pick, sp: frac, times: frac, win: frac }) },
    { weight: OP_WEIGHTS.scan.weight, arbitrary: fc.record({ op: fc.constant('scan' as const), w, f: pick, count: frac, win: o.windows ? fc.boolean() : fc.constant(false) }) },
    { weight: OP_WEIGHTS.edit.weight, arbitrary: fc.record({ op: fc.constant('edit' as const), f: pick, kind: fc.nat(99), at: frac, stat: statArb, salt: fc.nat(999) }) },
    { weight: OP_WEIGHTS.cycle.weight, arbitrary: cycleArb(o, w) },
    { weight: OP_WEIGHTS.delete.weight, arbitrary: fc.record({ op: fc.constant('delete' as const), f: pick }) },
  ]; // prettier-ignore
  if (o.batch)
    kinds.push({
      weight: OP_WEIGHTS.call.weight,
      arbitrary: fc.record({ op: fc.constant('call' as const), w, f: pick, count: frac }),
    });
  if (o.links)
    kinds.push({
      weight: OP_WEIGHTS.link.weight,
      arbitrary: fc.record({ op: fc.constant('link' as const), slot: fc.nat(5), f: pick, hard: fc.boolean() }),
    });
  if (o.forget)
    kinds.push({
      weight: OP_WEIGHTS.forget.weight,
      arbitrary: fc.record(
        { op: fc.constant('forget' as const), w, f: o.forgetPaths ? pick : fc.constant(undefined), sp: frac },
        { requiredKeys: ['op', 'w', 'sp'] },
      ),
    });
  if (o.fork || o.sharedSession)
    kinds.push({
      weight: OP_WEIGHTS.fork.weight,
      arbitrary: fc.record({
        op: fc.constant('fork' as const),
        w,
        fresh: o.fork ? fc.boolean() : fc.constant(true),
        shared: o.sharedSession ? fc.boolean() : fc.constant(false),
      }),
    });
  if (o.resume)
    kinds.push({ weight: OP_WEIGHTS.resume.weight, arbitrary: fc.record({ op: fc.constant('resume' as const), w }) });
  if (o.races)
    kinds.push({
      weight: OP_WEIGHTS.race.weight,
      arbitrary: fc.record({ op: fc.constant('race' as const), w, f: pick, win: o.windows ? fc.boolean() : fc.constant(false), kind: fc.nat(99), at: frac, stat: statArb, after: frac }),
    }); // prettier-ignore
  if (o.stale)
    kinds.push({
      weight: OP_WEIGHTS.stale.weight,
      arbitrary: fc.record({ op: fc.constant('stale' as const), w, f: pick, at: frac, span: fc.nat(40) }),
    });
  if (o.toolFailures)
    kinds.push({
      weight: OP_WEIGHTS.fail.weight,
      arbitrary: fc.record({ op: fc.constant('fail' as const), w, f: pick }),
    });
  return fc.oneof(...kinds);
}

function cycleArb(o: SessionOptions, w: fc.Arbitrary<number>): fc.Arbitrary<SessionOp> {
  return fc.record(
    {
      op: fc.constant('cycle' as const),
      w,
      f: pick,
      sp: frac,
      win: frac,
      before: frac,
      gap: frac,
      forget: o.forget && o.forgetPaths ? frac : fc.constant(undefined),
      kind: fc.nat(99),
      at: frac,
      stat: statArb,
      salt: fc.nat(999),
      after: frac,
      call: o.batch ? fc.boolean() : fc.constant(false),
    },
    { requiredKeys: ['op', 'w', 'f', 'sp', 'win', 'before', 'gap', 'kind', 'at', 'stat', 'salt', 'after', 'call'] },
  );
}

/** Session histories for a subject: a cap, a shape, then the operations (shrunk first). */
export function sessionArb(o: SessionOptions, cap: fc.Arbitrary<number>): fc.Arbitrary<SessionSpec> {
  const ops = fc.noBias(fc.array(opArb(o), { minLength: 1, maxLength: o.maxOps, size: 'max' }));
  if (o.reach !== true) return fc.record({ ops, cap, shape: shapeArb(o) });
  // The sweep is drawn last: ops, cap and shape are the draws they were without it (same seed, same prefix).
  const sweep = fc.record({ w: fc.integer({ min: 0, max: 3 }), f: pick, count: frac, kind: fc.nat(5), salt: fc.nat(999), call: o.batch ? fc.boolean() : fc.constant(false) }); // prettier-ignore
  return fc.record({ ops, cap, shape: shapeArb(o), sweep: fc.option(sweep, { nil: undefined, freq: 4 }) });
}
