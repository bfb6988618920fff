/**
 * Lever shims are judged fairly, claims are tied to the text the worker saw, and the
 * false verdicts found on real shims stay fixed. Small hand-built histories, judged by the oracle.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modeOfArm, modeOfLevers, type LeverName } from '../../src/core/levers.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { defineAdapter, type Capabilities, type Claim, type ShimAdapter } from '../../src/core/contract.ts';
import { adapterProblem } from '../../src/adapters/load.ts';
import reference from '../../src/adapters/reference.ts';
import { judgeHistory, type HistoryVerdict } from '../../properties/history.ts';
import { runConformance } from '../../properties/run.ts';

const SEAL = 'levers-test-seal';
const rules = (v: HistoryVerdict): RuleId[] => [...new Set(v.violations.map((x) => x.rule))].sort();
const base: Omit<Capabilities, 'levers' | 'arms'> = {
  capParam: false,
  windows: true,
  staleServe: false,
  forget: true,
  counters: false,
  seal: false,
};
const w = (id = 'w1'): TraceEvent => ({ type: 'worker', id });
const write = (path: string, content: string, mtimeMs = 1000): TraceEvent => ({
  type: 'write',
  path,
  content,
  mtimeMs,
});
const read = (path: string, worker = 'w1'): TraceEvent => ({ type: 'read', worker, path });
const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A pointer-only shim keyed on path + the hash of what it last delivered in full. */
function pointerOnly(opts: { levers?: LeverName[]; sliceAt?: number } = {}): ShimAdapter {
  return defineAdapter({
    name: 'pointer-only',
    capabilities: { ...base, levers: opts.levers ?? ['pointer'] },
    create(ctx) {
      const seen = new Map<string, string>();
      return {
        async read(args) {
          const { path, ...rest } = args;
          const key = `${posix.normalize(path)} ${JSON.stringify(rest)}`;
          const text = await ctx.read(args);
          if (seen.get(key) === sha(text)) return `[unchanged ${Buffer.byteLength(text)}]`;
          seen.set(key, sha(text));
          if (opts.sliceAt !== undefined && text.length > opts.sliceAt)
            return `[part 0-${opts.sliceAt} of ${Buffer.byteLength(text)}]\n${text.slice(0, opts.sliceAt)}`;
          return text;
        },
        forget(path) {
          for (const k of [...seen.keys()])
            if (path === undefined || k.startsWith(`${posix.normalize(path)} `)) seen.delete(k);
        },
      };
    },
    decode(text): Claim {
      const p = /^\[unchanged (\d+)\]$/.exec(text);
      if (p) return { kind: 'pointer', total: Number(p[1]) };
      const s = /^\[part 0-(\d+) of (\d+)\]\n/.exec(text);
      if (s)
        return {
          kind: 'slice',
          start: 0,
          end: Number(s[1]),
          total: Number(s[2]),
          done: false,
          payload: text.slice(s[0].length),
        };
      return { kind: 'verbatim' };
    },
  });
}

describe('levers instead of arms', () => {
  it('a pointer-only shim passes every rule it can exercise; rules of absent levers and arm rules are n/a', async () => {
    // The crossed cases' covering sample (every crossed case: test/spec/designs-pass.long.test.ts).
    const r = await runConformance({ adapter: pointerOnly(), runs: 30, seed: 3, crossed: 'cover' });
    expect(r.arm).toBeUndefined();
    expect(r.levers).toEqual(['pointer']);
    expect(r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised')).toEqual([]);
    const status = Object.fromEntries(r.rules.map((x) => [x.id, x]));
    expect(status['POINTER-FULL']).toMatchObject({ status: 'pass' });
    expect(status['SLICE-CONTINUES']).toMatchObject({ status: 'n/a', reason: 'the shim declares no cap lever' });
    for (const id of ['ARM-TABLE', 'ARM-GUARD', 'A2-NO-POINTER'] as const) expect(status[id]!.status).toBe('n/a');
  });

  it('a claim of a lever the shim did not declare fails ARM-TABLE (and CAP-BOUND judges the slice)', async () => {
    const v = await judgeHistory(
      pointerOnly({ sliceAt: 10 }),
      { mode: modeOfLevers(['pointer']), cap: 8, seal: SEAL },
      [w(), write('a.ts', 'x'.repeat(30)), read('a.ts')],
    );
    expect(v.violations.map((x) => x.message)).toContain(
      'declared levers [pointer], no cap lever, but answered a partial slice',
    );
    expect(rules(v)).toEqual(['ARM-TABLE', 'CAP-BOUND', 'FIRST-VERBATIM']);
  });

  it('a declared lever never used in enough offers leaves its rules n/a, never pass; used at all, they must be exercised', async () => {
    const r = await runConformance({
      adapter: pointerOnly({ levers: ['pointer', 'diff'] }),
      runs: 30,
      seed: 3,
      crossed: 'cover',
    });
    const diff = r.rules.find((x) => x.id === 'DIFF-COMPLETE')!;
    expect(diff.status).toBe('n/a');
    expect(diff.reason).toMatch(/^diff lever declared but never used \(\d[\d,]* opportunities\)$/);
    expect(r.leverUse.diff.used).toBe(0);
    expect(r.leverUse.diff.offered).toBeGreaterThanOrEqual(10);
    expect(r.leverUse.pointer.used).toBeGreaterThan(0);
  });

  it('arms and levers together, or neither, is an adapter problem; so is a stale serve without the cap lever', () => {
    const a = pointerOnly();
    expect(adapterProblem(a)).toBeUndefined();
    expect(adapterProblem({ ...a, capabilities: { ...a.capabilities, arms: ['cap'] } })).toMatch(
      /both "arms".*and "levers"/,
    );
    expect(adapterProblem({ ...a, capabilities: { ...base } })).toMatch(/need "levers"/);
    expect(adapterProblem({ ...a, capabilities: { ...a.capabilities, staleServe: true } })).toMatch(
      /staleServe needs the cap lever/,
    );
    expect(adapterProblem({ ...a, capabilities: { ...a.capabilities, cap: 3 } })).toMatch(
      /capabilities.cap must be an integer from 4/,
    );
  });

  it('a fixed cap (capabilities.cap) is the only cap the histories use, and CAP-PARAM is n/a', async () => {
    const caps = { ...reference.capabilities, arms: ['cap'] as const, capParam: false, cap: 100 };
    const r = await runConformance({ adapter: { ...reference, capabilities: caps }, arm: 'cap', runs: 10, seed: 2 });
    // the session band plays at the fixed cap too (properties/engine/session-band.ts)
    expect(r.caps.map((c) => c.cap)).toEqual(r.caps.map(() => 100));
    expect(r.caps[0]).toEqual({ band: 'fixed', cap: 100, histories: 10 });
    expect(r.rules.find((x) => x.id === 'CAP-PARAM')).toMatchObject({
      status: 'n/a',
      reason: expect.stringMatching(/fixed cap of 100 bytes/),
    });
  });
});

/** The reference, whose every response the worker is shown with `show` applied (the decoder still reads the real text). */
function showing(show: (text: string) => string): ShimAdapter {
  return {
    ...reference,
    name: 'reference-shown-otherwise',
    create: async (ctx) => {
      const s = await reference.create(ctx);
      return {
        ...s,
        read: async (a) => show(await s.read(a)),
        ...(s.stale
          ? {
              stale: async (q) => {
                const t = await s.stale!(q);
                return t === null ? null : show(t);
              },
            }
          : {}),
      };
    },
    decode: (text, info) => {
      const real = realOf.get(text) ?? text;
      return reference.decode(real, info);
    },
  };
}
const realOf = new Map<string, string>();
/** Replaces every byte of the body after the first line with '?', keeping the notice line. */
const mask = (text: string): string => {
  const nl = text.indexOf('\n');
  const shown = nl === -1 ? text : text.slice(0, nl + 1) + text.slice(nl + 1).replace(/[^\n]/g, '?');
  realOf.set(shown, text);
  return shown;
};

describe('claims are backed by the response text', () => {
  const cfg = (arm: 'cap' | 'diff' | 'all', cap: number) => ({ mode: modeOfArm(arm), cap, seal: SEAL });
  it('a slice payload the worker never saw: SLICE-EXACT "claim not found"', async () => {
    const v = await judgeHistory(showing(mask), cfg('cap', 8), [w(), write('a.ts', '0123456789ABCDEF'), read('a.ts')]);
    expect(v.violations).toContainEqual(
      expect.objectContaining({
        rule: 'SLICE-EXACT',
        message: expect.stringMatching(/^claim not found in the response: its slice payload/),
      }),
    );
  });
  it('a diff patch the worker never saw: DIFF-COMPLETE "claim not found"', async () => {
    const old = Array.from({ length: 80 }, (_, i) => `row ${i} of the file\n`).join('');
    const events = [
      w(),
      write('a.ts', old),
      read('a.ts'),
      write('a.ts', old.replace('row 40 of', 'ROW 40 of'), 2000),
      read('a.ts'),
    ];
    const v = await judgeHistory(showing(mask), cfg('diff', 24_576), events);
    expect(v.outcomes.some((o) => o.kind === 'read' && o.claim?.kind === 'diff')).toBe(true);
    expect(v.violations).toContainEqual(
      expect.objectContaining({
        rule: 'DIFF-COMPLETE',
        message: expect.stringMatching(/^claim not found in the response: its diff patch/),
      }),
    );
  });
  it('a stale payload the worker never saw: STALE-SERVE-LABELLED "claim not found"', async () => {
    const events: TraceEvent[] = [
      w(),
      write('a.ts', 'one\ntwo\nthree\n'),
      { type: 'stale', worker: 'w1', path: 'a.ts', startLine: 0, endLine: 1 },
    ];
    const v = await judgeHistory(showing(mask), cfg('cap', 64), events);
    expect(v.violations).toContainEqual(
      expect.objectContaining({
        rule: 'STALE-SERVE-LABELLED',
        message: expect.stringMatching(/^claim not found in the response: its stale payload/),
      }),
    );
  });
  it('a verbatim payload inside host framing must be there and be the tool text', async () => {
    const framed = (payload: string): ShimAdapter =>
      defineAdapter({
        name: 'framed',
        capabilities: { ...base, levers: [] },
        create: (ctx) => ({ read: async (a) => `(host note)\n${payload === '' ? await ctx.read(a) : payload}` }),
        decode: (text) => ({ kind: 'verbatim', payload: text.slice('(host note)\n'.length) }),
      });
    const events = [w(), write('a.ts', 'hello\n'), read('a.ts')];
    expect(rules(await judgeHistory(framed(''), { mode: modeOfLevers([]), cap: 64, seal: SEAL }, events))).toEqual([]);
    const v = await judgeHistory(framed('HELLO\n'), { mode: modeOfLevers([]), cap: 64, seal: SEAL }, events);
    expect(v.violations.map((x) => x.rule)).toEqual(['SLICE-EXACT']);
  });
  it('with `at`, the payload must be at that index (a notice after it stays legal)', async () => {
    const after = (at: number): ShimAdapter =>
      defineAdapter({
        name: 'notice-after',
        capabilities: { ...base, levers: ['cap'] },
        create: (ctx) => ({
          read: async (a) => {
            const t = await ctx.read(a);
            return `>>${t.slice(0, 4)}<< [bytes 0-4 of ${t.length}]`;
          },
        }),
        decode: (text) => ({
          kind: 'slice',
          start: 0,
          end: 4,
          total: Number(/of (\d+)/.exec(text)![1]),
          done: false,
          payload: text.slice(2, 6),
          at,
        }),
      });
    const events = [w(), write('a.ts', 'abcdefgh'), read('a.ts')];
    expect(rules(await judgeHistory(after(2), { mode: modeOfLevers(['cap']), cap: 4, seal: SEAL }, events))).toEqual(
      [],
    );
    expect(rules(await judgeHistory(after(3), { mode: modeOfLevers(['cap']), cap: 4, seal: SEAL }, events))).toEqual([
      'SLICE-EXACT',
    ]);
  });
});

describe('false verdicts found on real and truthful shims', () => {
  it('a shim that re-encodes text (lone surrogate → U+FFFD) is judged on the bytes it sent: no SLICE-EXACT', async () => {
    const reencode = defineAdapter({
      name: 'reencode',
      capabilities: { ...base, levers: [] },
      create: (ctx) => ({ read: async (a) => Buffer.from(await ctx.read(a)).toString() }),
      decode: () => ({ kind: 'verbatim' }),
    });
    const v = await judgeHistory(reencode, { mode: modeOfLevers([]), cap: 64, seal: SEAL }, [
      w(),
      write('a.ts', 'lone \ud800'),
      read('a.ts'),
    ]);
    expect(v.violations).toEqual([]);
  });

  it('after a diff that does not apply, the worker keeps what it held: a later true pointer is not blamed', async () => {
    // A literal-spelling shim: ./a.ts and a.ts are two ledger keys for it, one file for the worker.
    const literal = defineAdapter({
      name: 'literal',
      capabilities: { ...base, levers: ['pointer', 'diff'] },
      create(ctx) {
        const held = new Map<string, string>();
        return {
          async read(a) {
            const t = await ctx.read(a);
            const old = held.get(a.path);
            held.set(a.path, t);
            if (old === t) return `[unchanged ${Buffer.byteLength(t)}]`;
            const first = (x: string): string => x.slice(0, x.indexOf('\n') + 1);
            if (old !== undefined)
              return `[diff ${Buffer.byteLength(t)}]\n--- a/${a.path}\n+++ b/${a.path}\n@@ -1 +1 @@\n-${first(old)}+${first(t)}`;
            return t;
          },
        };
      },
      decode(text): Claim {
        const p = /^\[unchanged (\d+)\]$/.exec(text);
        if (p) return { kind: 'pointer', total: Number(p[1]) };
        const d = /^\[diff (\d+)\]\n/.exec(text);
        if (d) return { kind: 'diff', total: Number(d[1]), patch: text.slice(d[0].length) };
        return { kind: 'verbatim' };
      },
    });
    const rest = Array.from({ length: 10 }, (_, i) => `unchanged line ${i}\n`).join('');
    const [one, two] = [`line one\n${rest}`, `line two\n${rest}`];
    const events = [
      w(),
      write('a.ts', one),
      read('a.ts'),
      write('a.ts', two, 2000),
      read('./a.ts'),
      read('a.ts'),
      read('a.ts'),
    ];
    const v = await judgeHistory(literal, { mode: modeOfLevers(['pointer', 'diff']), cap: 64, seal: SEAL }, events);
    // Event 5: a diff one→two sent to a worker holding "two\n" (from ./a.ts): it does not apply.
    expect(v.violations.map((x) => `${x.index}:${x.rule}`)).toEqual(['5:DIFF-COMPLETE']);
    const last = v.outcomes.find((o) => o.index === 6);
    expect(last?.kind === 'read' && last.claim?.kind).toBe('pointer');
  });

  it('continuations cut at line ends pass PROGRESS; a re-send across spellings is an efficiency finding, not a failure', async () => {
    const lineCut = defineAdapter({
      name: 'line-cut',
      capabilities: { ...base, levers: ['cap'] },
      create(ctx) {
        const given = new Map<string, number>();
        return {
          async read(a) {
            const t = await ctx.read(a);
            const b = Buffer.from(t);
            const from = given.get(a.path) ?? 0;
            let to = Math.min(b.length, from + ctx.cap);
            if (to < b.length) {
              const nl = b.subarray(from, to).lastIndexOf(0x0a);
              if (nl !== -1) to = from + nl + 1;
            }
            given.set(a.path, to >= b.length ? 0 : to);
            return `[${from}-${to}/${b.length}]\n${b.subarray(from, to).toString()}`;
          },
        };
      },
      decode(text): Claim {
        const m = /^\[(\d+)-(\d+)\/(\d+)\]\n/.exec(text)!;
        const [s, e, t] = [Number(m[1]), Number(m[2]), Number(m[3])];
        return { kind: 'slice', start: s, end: e, total: t, done: e === t, payload: text.slice(m[0].length) };
      },
    });
    const file = Array.from({ length: 8 }, (_, i) => `line ${i}\n`).join(''); // 8 lines of 7 bytes
    const events = [w(), write('a.ts', file), read('a.ts'), read('a.ts'), read('a.ts'), read('./a.ts'), read('./a.ts')];
    const v = await judgeHistory(lineCut, { mode: modeOfLevers(['cap']), cap: 20, seal: SEAL }, events);
    expect(v.violations.filter((x) => x.rule !== 'FIRST-VERBATIM')).toEqual([]);
    expect(v.checks.get('PROGRESS')).toBeGreaterThanOrEqual(2);
    expect(v.efficiency).toContainEqual(
      expect.objectContaining({ kind: 'alias-resend', index: 5, message: expect.stringMatching(/its alias a\.ts/) }),
    );
    expect(v.efficiency).toContainEqual(expect.objectContaining({ kind: 'short-slice' }));
  });

  it('PROGRESS still fails a continuation that does not pass what its spelling delivered', async () => {
    const stuck = defineAdapter({
      name: 'stuck',
      capabilities: { ...base, levers: ['cap'] },
      create: (ctx) => ({
        read: async (a) => {
          const t = await ctx.read(a);
          return `[0-4/${t.length}]\n${t.slice(0, 4)}`;
        },
      }),
      decode: (text) => ({
        kind: 'slice',
        start: 0,
        end: 4,
        total: Number(/\/(\d+)/.exec(text)![1]),
        done: false,
        payload: text.slice(text.indexOf('\n') + 1),
      }),
    });
    const v = await judgeHistory(stuck, { mode: modeOfLevers(['cap']), cap: 4, seal: SEAL }, [
      w(),
      write('a.ts', 'abcdefgh'),
      read('a.ts'),
      read('a.ts'),
    ]);
    expect(v.violations).toContainEqual(
      expect.objectContaining({ rule: 'PROGRESS', index: 3, message: expect.stringMatching(/does not pass byte 4/) }),
    );
  });

  it('a fixed cap below the smallest strict diff makes the diff rules n/a, with the computed size', async () => {
    const r = await runConformance({
      adapter: reference,
      arm: 'all',
      cap: 16,
      runs: 5,
      seed: 1,
      only: ['DIFF-COMPLETE', 'DIFF-BASE-HELD'],
    });
    for (const x of r.rules)
      expect(x).toMatchObject({
        status: 'n/a',
        reason: expect.stringMatching(
          /^cap 16 is below the smallest diff response a strict applier accepts \(\d+ bytes/,
        ),
      });
  });

  it('a shim that crashes on a read the tool answers is told as a throw, not a refusal', async () => {
    const crash = defineAdapter({
      name: 'crash',
      capabilities: { ...base, levers: [] },
      create: () => ({
        read: async () => {
          throw new TypeError('cannot read properties of undefined');
        },
      }),
      decode: () => ({ kind: 'verbatim' }),
    });
    const v = await judgeHistory(crash, { mode: modeOfLevers([]), cap: 64, seal: SEAL }, [
      w(),
      write('a.ts', 'x\n'),
      read('a.ts'),
    ]);
    expect(v.violations).toEqual([
      expect.objectContaining({
        rule: 'REFUSAL-TRUE',
        message: 'the shim threw TypeError: cannot read properties of undefined but the tool returns 2 bytes now',
      }),
    ]);
    const passOn = defineAdapter({
      name: 'pass-on',
      capabilities: { ...base, levers: [] },
      create: (ctx) => ({ read: (a) => ctx.read(a) }),
      decode: () => ({ kind: 'verbatim' }),
    });
    const gone = await judgeHistory(passOn, { mode: modeOfLevers([]), cap: 64, seal: SEAL }, [w(), read('missing.ts')]);
    expect(gone.violations).toEqual([]);
    expect(gone.outcomes.find((o) => o.kind === 'read')).not.toHaveProperty('crash');
  });
});
