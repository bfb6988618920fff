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

export interface SessionSpec {
  readonly cap: number;
  readonly shape: SessionShape;
  readonly ops: readonly SessionOp[];
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

export function shapeArb(o: SessionOptions): fc.Arbitrary<SessionShape> {
  return fc.record({
    names: fc.record({
      salt: fc.noBias(fc.nat()),
      folders: int(0, 24),
      extSkew: int(60, 160),
      oddNames: int(0, 200),
    }),
    files: logInt(8, 240),
    sizeMedian: logInt(200, 32_768),
    sizeMax: logInt(65_536, 2_097_152),
    sizeTail: int(50, 150),
    bigFiles: int(0, 4),
    hot: logInt(1, 24),
    hotShare: int(300, 950),
    rereadMax: logInt(2, 200),
    scanMax: logInt(2, 240),
    callMax: logInt(2, 64),
    windowShare: o.windows ? int(0, 400) : fc.constant(0),
    wideShare: int(0, 1000),
    crlfShare: int(0, 500),
    blanksShare: int(0, 800),
    binaryShare: o.binary ? int(0, 200) : fc.constant(0),
    workers: int(1, 4),
    fileSalt: fc.noBias(fc.nat()),
  });
}

/**
 * Operation weights. Reads dominate as in agent sessions, where about half of all reads re-read a
 * file unchanged since the worker saw it (48% of 1,844 reads in one measured corpus of real agent
 * runs); edits between them make the other half, windows follow a host cut (materialize.ts).
 * The rarer kinds are the kit's own choice, kept so each appears in most sessions.
 */
export function opArb(o: SessionOptions): fc.Arbitrary<SessionOp> {
  const w = fc.integer({ min: 0, max: 3 });
  const kinds: { weight: number; arbitrary: fc.Arbitrary<SessionOp> }[] = [
    { weight: 30, arbitrary: fc.record({ op: fc.constant('read' as const), w, f: pick, sp: frac, times: frac, win: frac }) },
    { weight: 6, arbitrary: fc.record({ op: fc.constant('scan' as const), w, f: pick, count: frac, win: fc.boolean() }) },
    { weight: 8, arbitrary: fc.record({ op: fc.constant('edit' as const), f: pick, kind: fc.nat(99), at: frac, stat: statArb, salt: fc.nat(999) }) },
    { weight: 14, arbitrary: cycleArb(o, w) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), f: pick }) },
  ]; // prettier-ignore
  if (o.batch)
    kinds.push({ weight: 4, arbitrary: fc.record({ op: fc.constant('call' as const), w, f: pick, count: frac }) });
  if (o.links)
    kinds.push({
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('link' as const), slot: fc.nat(5), f: pick, hard: fc.boolean() }),
    });
  if (o.forget)
    kinds.push({
      weight: 3,
      arbitrary: fc.record(
        { op: fc.constant('forget' as const), w, f: o.forgetPaths ? pick : fc.constant(undefined), sp: frac },
        { requiredKeys: ['op', 'w', 'sp'] },
      ),
    });
  if (o.fork || o.sharedSession)
    kinds.push({
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('fork' as const),
        w,
        fresh: o.fork ? fc.boolean() : fc.constant(true),
        shared: o.sharedSession ? fc.boolean() : fc.constant(false),
      }),
    });
  if (o.resume) kinds.push({ weight: 1, arbitrary: fc.record({ op: fc.constant('resume' as const), w }) });
  if (o.races)
    kinds.push({
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('race' as const), w, f: pick, win: fc.boolean(), kind: fc.nat(99), at: frac, stat: statArb, after: frac }),
    }); // prettier-ignore
  if (o.stale)
    kinds.push({
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('stale' as const), w, f: pick, at: frac, span: fc.nat(40) }),
    });
  if (o.toolFailures) kinds.push({ weight: 1, arbitrary: fc.record({ op: fc.constant('fail' as const), w, f: pick }) });
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
  return fc.record({
    ops: fc.noBias(fc.array(opArb(o), { minLength: 1, maxLength: o.maxOps, size: 'max' })),
    cap,
    shape: shapeArb(o),
  });
}
