/**
 * The session band's generator (properties/generators/session/): deterministic, within what the
 * subject declares, and drawing every count a shortcut could key on over two orders of magnitude.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { materializeSession } from '../../../properties/generators/session/materialize.ts';
import { fileNames, spellingsOf } from '../../../properties/generators/session/names.ts';
import { SCALED, SHAPE_RANGES, sessionArb, type SessionOptions } from '../../../properties/generators/session/shape.ts';
import { pathProblem } from '../../../src/core/paths.ts';
import { eventProblem, type TraceEvent } from '../../../src/core/trace.ts';

const ALL: SessionOptions = {
  windows: true,
  stale: true,
  forget: true,
  forgetPaths: true,
  toolFailures: true,
  races: true,
  batch: true,
  links: true,
  binary: true,
  fork: true,
  sharedSession: true,
  resume: true,
  maxOps: 120,
};
const NONE: SessionOptions = {
  ...ALL,
  windows: false,
  stale: false,
  forget: false,
  forgetPaths: false,
  toolFailures: false,
  races: false,
  batch: false,
  links: false,
  binary: false,
  fork: false,
  sharedSession: false,
  resume: false,
};

const sample = (o: SessionOptions, n: number, seed = 7) =>
  fc.sample(sessionArb(o, fc.constant(24_576)), { seed, numRuns: n });

describe('session band', () => {
  it('the same spec gives the same events', () => {
    for (const s of sample(ALL, 4)) expect(materializeSession(s)).toEqual(materializeSession(s));
  });
  it('every event is a valid trace event, every path in the path domain', () => {
    for (const s of sample(ALL, 6))
      for (const e of materializeSession(s))
        expect(eventProblem(JSON.parse(JSON.stringify(e))), JSON.stringify(e).slice(0, 200)).toBeUndefined();
  });
  it('plays only what the subject declares', () => {
    const kinds = new Set<string>();
    for (const s of sample(NONE, 12))
      for (const e of materializeSession(s)) {
        kinds.add(e.type);
        if (e.type === 'read') {
          expect(e.args).toBeUndefined();
          expect(e.call ?? e.fail ?? e.race).toBeUndefined();
        }
        if (e.type === 'write') expect('contentBase64' in e).toBe(false);
      }
    expect([...kinds].sort()).toEqual(['delete', 'read', 'worker', 'write']);
  });
  it('plays every event kind the subject declares', () => {
    const seen = new Set<string>();
    const tag = (e: TraceEvent): string =>
      e.type === 'read'
        ? e.call !== undefined
          ? 'call'
          : e.race !== undefined
            ? 'race'
            : e.fail !== undefined
              ? 'fail'
              : e.args !== undefined
                ? 'window'
                : 'read'
        : e.type === 'write' && 'contentBase64' in e
          ? 'binary'
          : e.type === 'forget'
            ? e.path === undefined
              ? 'forget-all'
              : 'forget-path'
            : e.type;
    for (const s of sample(ALL, 30)) for (const e of materializeSession(s)) seen.add(tag(e));
    for (const k of [
      'read',
      'window',
      'call',
      'race',
      'fail',
      'binary',
      'forget-all',
      'forget-path',
      'symlink',
      'hardlink',
      'fork',
      'resume',
      'stale',
      'delete',
    ])
      expect([...seen], k).toContain(k);
  });
  it('draws every count a shortcut keys on over two orders of magnitude', () => {
    for (const k of ['files', 'rereadMax', 'scanMax'] as const)
      expect(SHAPE_RANGES[k].max / SHAPE_RANGES[k].min, k).toBeGreaterThanOrEqual(100);
    const sizes = sample(ALL, 40).flatMap((s) =>
      materializeSession(s).flatMap((e) =>
        e.type === 'write' && 'content' in e ? [Buffer.byteLength(e.content)] : [],
      ),
    );
    expect(Math.max(...sizes)).toBeGreaterThan(1_048_576);
    expect(sizes.filter((x) => x > 0 && x < 10_000).length).toBeGreaterThan(sizes.length / 4);
  });
  it('in process the band reaches: a session is large in every count at once, and counts take their far end', () => {
    const apart = sample(ALL, 200, 11);
    const reach = sample({ ...ALL, reach: true }, 200, 11);
    expect(apart.every((s) => s.shape.far > 1000)).toBe(true);
    expect(reach.every((s) => s.shape.far <= 1000)).toBe(true);
    // Every scaled count in the top fifth of its log range, together.
    const top = (x: (typeof reach)[number]) =>
      SCALED.every((k) => {
        const r = SHAPE_RANGES[k];
        return Math.log(x.shape[k] / r.min) >= 0.8 * Math.log(r.max / r.min);
      });
    expect(reach.filter(top).length).toBeGreaterThan(12);
    expect(apart.filter(top).length).toBeLessThan(reach.filter(top).length / 4);
    // A cycle's other reads reach the drawn scan maximum itself: the same worker reads min(files − 1, scanMax) others in a row.
    const longestRun = (x: (typeof reach)[number]) => {
      let best = 0;
      let run = 0;
      let prev = '';
      for (const e of materializeSession(x))
        if (e.type === 'read' && e.call === undefined && e.path !== prev) {
          run++;
          prev = e.path;
          best = Math.max(best, run);
        } else if (e.type !== 'read') {
          run = 0;
          prev = '';
        }
      return best;
    };
    const full = reach.slice(0, 12).filter((x) => longestRun(x) >= Math.min(x.shape.files - 1, x.shape.scanMax));
    expect(full.length).toBeGreaterThan(6);
  });
  it("in process a compaction forgets a link's name the worker read by, then the worker reads it again", () => {
    // The chain a forget that follows links misses (link-forgotten × none): read by a link, forget that name, read it.
    const chains = (o: SessionOptions) =>
      sample({ ...o, maxOps: 400 }, 12, 13).filter((x) => {
        const ev = materializeSession(x);
        const links = new Set(ev.flatMap((e) => (e.type === 'symlink' || e.type === 'hardlink' ? [e.path] : [])));
        return ev.some(
          (e, i) =>
            e.type === 'forget' &&
            e.path !== undefined &&
            links.has(e.path) &&
            ev[i - 1]?.type === 'read' &&
            ev[i + 1]?.type === 'read' &&
            (ev[i + 1] as { path: string }).path === e.path,
        );
      }).length;
    const reach = chains({ ...ALL, reach: true });
    expect(reach).toBeGreaterThan(6);
    expect(chains(ALL)).toBeLessThan(reach / 3);
  });
  it('in process a sweep ends most sessions: every file it holds changes with its mtime kept, then is read again', () => {
    const reach = sample({ ...ALL, reach: true, maxOps: 60 }, 40, 17);
    const swept = reach.filter((x) => x.sweep !== undefined);
    expect(swept.length).toBeGreaterThan(20);
    expect(swept.length).toBeLessThan(40);
    let files = 0;
    for (const x of swept) {
      const ev = materializeSession(x);
      // Drawn last: the history before the sweep is the history without it.
      const before = materializeSession({ ...x, sweep: undefined });
      expect(ev.slice(0, before.length)).toEqual(before);
      const tail = ev.slice(before.length);
      const w = tail.find((e) => e.type === 'read')?.worker;
      const mtime = new Map<string, number>();
      for (const e of before)
        if (e.type === 'write') mtime.set(e.path, e.mtimeMs);
        else if (e.type === 'read' && e.race !== undefined) mtime.set(e.path, e.race.mtimeMs);
      const writes = tail.filter((e) => e.type === 'write');
      for (const e of writes) {
        expect(e.mtimeMs, e.path).toBe(mtime.get(e.path));
        const at = tail.indexOf(e);
        // Read before the change, and again after it, by the same worker, with nothing forgotten between.
        expect(tail.slice(0, at).some((r) => r.type === 'read' && r.path === e.path && r.worker === w)).toBe(true);
        expect(tail.slice(at).some((r) => r.type === 'read' && r.path === e.path && r.worker === w)).toBe(true);
      }
      expect(tail.some((e) => e.type === 'forget')).toBe(false);
      files += writes.length;
    }
    expect(files).toBeGreaterThan(swept.length * 4);
  });
  it('in process a binary is sized like an image or an archive, not like a source file', () => {
    // Where each binary's size sits on the log range from 512 bytes to the session's largest size.
    const upper = (o: SessionOptions) => {
      const qs = sample({ ...o, maxOps: 1 }, 12, 19).flatMap((x) =>
        materializeSession(x).flatMap((e) =>
          e.type === 'write' && 'contentBase64' in e
            ? [
                Math.log(Math.max(512, Buffer.from(e.contentBase64, 'base64').length) / 512) /
                  Math.log(x.shape.sizeMax / 512),
              ]
            : [],
        ),
      );
      return qs.filter((q) => q >= 0.5).length / qs.length;
    };
    const reach = upper({ ...ALL, reach: true });
    expect(reach).toBeGreaterThan(0.4);
    expect(reach).toBeLessThan(0.6);
    expect(upper(ALL)).toBeLessThan(reach - 0.1);
  });
  it('names vary per seed and never differ only by case', () => {
    const a = fileNames({ salt: 1, folders: 6, extSkew: 100, oddNames: 100 }, 200);
    const b = fileNames({ salt: 2, folders: 6, extSkew: 100, oddNames: 100 }, 200);
    expect(a).not.toEqual(b);
    expect(new Set(a.map((p) => p.toLowerCase())).size).toBe(a.length);
    for (const p of a) for (const sp of spellingsOf(p)) expect(pathProblem(sp), sp).toBeUndefined();
    expect(new Set(a.map((p) => p.slice(p.lastIndexOf('.')))).size).toBeGreaterThan(8);
  });
});
