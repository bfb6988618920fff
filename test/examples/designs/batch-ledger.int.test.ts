/**
 * Batch reads (spec/SPEC.md "Batch reads"): the truthful batch-ledger design and its combined-text
 * twin pass; each lying twin, deciding a whole call from one of its files, fails POINTER-FULL in a
 * batch corpus case, told as a part of one call. A subject that declares no batch tool is never
 * sent a call.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../properties/run.ts';
import { judgeHistory } from '../../../properties/history.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import { CASES } from '../../../properties/corpus/cases.ts';
import { parseTrace, formatTrace, type TraceEvent } from '../../../src/core/trace.ts';
import { AdapterError } from '../../../src/core/errors.ts';
import good, { anySeen, combined, firstPath } from '../../../examples/designs/batch-ledger.ts';
import reference from '../../../src/adapters/reference.ts';
import { auditTrace, eventLines } from '../../../properties/audit.ts';
import { recorded } from '../../../properties/recorded.ts';
import type { ShimAdapter } from '../../../src/core/contract.ts';

const failed = (r: Awaited<ReturnType<typeof runConformance>>): string[] =>
  r.rules.filter((x) => x.status === 'fail').map((x) => x.id);

const batchCases = ['batch-new-beside-seen', 'batch-edit-beside-unchanged', 'batch-forget-and-second-worker'];
const mode = modeOfLevers(['pointer']);
const eventsOf = (id: string): TraceEvent[] => {
  const c = CASES.find((x) => x.id === id)!;
  return c.events({ cap: c.cap, mode, seal: 'S' });
};

describe('batch-ledger designs', () => {
  it('the truthful design and its combined-text twin pass, every batch case played', async () => {
    for (const a of [good, combined]) {
      const r = await runConformance({ adapter: a, runs: 2, seed: 1 });
      expect(failed(r), a.name).toEqual([]);
      const played = (r.corpus?.cases ?? []).filter((c) => batchCases.includes(c.id));
      expect(
        played.map((c) => c.played),
        a.name,
      ).toEqual([true, true, true]);
    }
  }, 120_000);

  it('each part is judged as its own read: a pointer to the held file, the new one verbatim, no violation', async () => {
    for (const a of [good, combined]) {
      const v = await judgeHistory(a, { mode, cap: 16, seal: 'S' }, eventsOf('batch-new-beside-seen'));
      expect(v.violations, a.name).toEqual([]);
      const parts = v.outcomes.filter((o) => o.kind === 'read' && o.event.call !== undefined);
      expect(parts.map((o) => (o.kind === 'read' ? `${o.event.path}:${o.claim?.kind}` : ''))).toEqual([
        'a.ts:pointer',
        'b.ts:verbatim',
        'b.ts:pointer',
        'a.ts:pointer',
      ]);
      expect(v.checks.get('FIRST-VERBATIM') ?? 0).toBeGreaterThan(0);
      expect(v.checks.get('POINTER-FULL') ?? 0).toBeGreaterThan(0);
    }
  });

  it('an earlier part of a call is held when a later one is judged: a pointer to it under another spelling is true', async () => {
    const events: TraceEvent[] = [
      { type: 'write', path: 'a.ts', content: 'const a = 1;\n', mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'a.ts', call: 1 },
      { type: 'read', worker: 'w1', path: './a.ts', call: 1 },
    ];
    const v = await judgeHistory(good, { mode, cap: 16, seal: 'S' }, events);
    expect(v.violations).toEqual([]);
    expect(v.outcomes.map((o) => (o.kind === 'read' ? o.claim?.kind : o.kind))).toEqual([
      'other',
      'verbatim',
      'pointer',
    ]);
    // A new file first in a call beside a held one: its pointer is a lie (b.ts, event 5).
    const swapped = await judgeHistory(anySeen, { mode, cap: 16, seal: 'S' }, [
      ...events,
      { type: 'write', path: 'b.ts', content: 'const b = 2;\n', mtimeMs: 2000 },
      { type: 'read', worker: 'w1', path: 'b.ts', call: 2 },
      { type: 'read', worker: 'w1', path: 'a.ts', call: 2 },
    ]);
    expect(swapped.violations.map((x) => `${x.index}:${x.rule}`)).toEqual(['4:FIRST-VERBATIM', '4:POINTER-FULL']);
  });

  it('each lying twin fails POINTER-FULL in a batch case, its story naming the call', async () => {
    for (const a of [anySeen, firstPath]) {
      // The directed batch cases' verdicts: of the crossed cases, their covering sample.
      const r = await runConformance({ adapter: a, runs: 0, seed: 1, crossed: 'cover' });
      expect(failed(r), a.name).toContain('POINTER-FULL');
      expect(
        failed(r).every((x) => x === 'POINTER-FULL' || x === 'FIRST-VERBATIM'),
        a.name,
      ).toBe(true);
      const pf = r.rules.find((x) => x.id === 'POINTER-FULL')!;
      expect(batchCases, a.name).toContain(pf.brokenBy?.corpus);
      const story = pf.counterexample?.story.join('\n') ?? '';
      expect(story, a.name).toMatch(
        /reads [bc]\.ts \(part 2 of one batch read call of a\.ts, [bc]\.ts\) → "unchanged, you hold all/,
      );
      expect(story, a.name).toContain('but the worker holds none of it');
    }
  }, 120_000);

  it('audit judges a recorded call part by part, as the run did', async () => {
    const events = eventsOf('batch-new-beside-seen');
    const config = { mode, cap: 16, seal: 'S' };
    const v = await judgeHistory(anySeen, config, events);
    const header = { type: 'header', kit: 'k', specVersion: '2.1', cap: 16, levers: ['pointer'], seal: 'S' } as const;
    const trace = { header, events: recorded(events, v) };
    const text = formatTrace(trace);
    const a = await auditTrace(parseTrace(text), eventLines(text), anySeen);
    const fromRun = v.violations.map((x) => `${x.index + 2}:${x.rule}`);
    expect(a.lies.map((l) => `${l.line}:${l.rule}`).sort()).toEqual(fromRun.sort());
    expect(fromRun).toContain('8:POINTER-FULL');
    // The story names the whole call, though it shows only the lie's file.
    const lie = a.lies.find((l) => l.line === 8 && l.rule === 'POINTER-FULL')!;
    expect(lie.story.join('\n')).toContain('line 8: w1 reads b.ts (part 2 of one batch read call of a.ts, b.ts) →');
    // The truthful design's recorded call audits clean.
    const g = await judgeHistory(good, config, events);
    const clean = formatTrace({ header, events: recorded(events, g) });
    expect((await auditTrace(parseTrace(clean), eventLines(clean), good)).lies).toEqual([]);
  });

  it('a subject without a batch tool is never sent a call: the cases are not played, with the reason', async () => {
    const r = await runConformance({ adapter: reference, runs: 0, seed: 1, crossed: 'cover' });
    const cases = (r.corpus?.cases ?? []).filter((c) => batchCases.includes(c.id));
    expect(cases.map((c) => [c.played, c.reason])).toEqual(
      batchCases.map(() => [false, 'needs a host batch read tool: several paths in one call (capabilities.batch)']),
    );
    expect(failed(r)).toEqual([]);
    // Replaying a call against it is an adapter error naming the missing declaration.
    const at = await judgeHistory(reference, { mode, cap: 16, seal: 'S' }, eventsOf('batch-new-beside-seen')).catch(
      (e: unknown) => e,
    );
    expect(at).toBeInstanceOf(AdapterError);
    expect((at as Error).message).toContain(
      'is a batch read call, but adapter reference declares no capabilities.batch',
    );
  }, 60_000);

  it('COUNT-EXACT: counters move by every part of a call together (a count per call instead of per part fails)', async () => {
    /** The truthful design's answers, counted per stub, or once per call that has any (`perCall`). */
    const counted = (perCall: boolean): ShimAdapter => ({
      ...good,
      name: perCall ? 'batch-counted-per-call' : 'batch-counted',
      capabilities: { ...good.capabilities, counters: true },
      create: async (ctx) => {
        const inner = await good.create(ctx);
        const c = { pointered: 0, capped: 0, bytesWithheld: 0 };
        const count = (text: string): void => {
          const claim = good.decode(text, {
            seal: 'S',
            cap: 16,
            arm: undefined,
            levers: ['pointer'],
            op: 'read',
            path: '',
          });
          if (claim.kind !== 'pointer') return;
          c.pointered++;
          c.bytesWithheld += claim.total;
        };
        return {
          read: async (args) => {
            const t = await inner.read(args);
            count(t);
            return t;
          },
          readMany: async (args) => {
            const parts = (await inner.readMany!(args)) as string[];
            const before = c.pointered;
            parts.forEach(count);
            if (perCall && c.pointered > before + 1) c.pointered = before + 1;
            return parts;
          },
          counters: () => ({ ...c }),
        };
      },
    });
    const events = eventsOf('batch-new-beside-seen');
    const ok = await judgeHistory(counted(false), { mode, cap: 16, seal: 'S' }, events);
    expect(ok.violations).toEqual([]);
    expect(ok.checks.get('COUNT-EXACT') ?? 0).toBeGreaterThan(0);
    const bad = await judgeHistory(counted(true), { mode, cap: 16, seal: 'S' }, events);
    expect(bad.violations.map((v) => v.rule)).toContain('COUNT-EXACT');
    expect(bad.violations.find((v) => v.rule === 'COUNT-EXACT')?.message).toContain(
      'counters moved by pointered +1, capped +0, bytesWithheld +30; the responses make that +2, +0, +30',
    );
  });

  it('a call decided on stat, a ledger a compaction leaves standing, one shared by workers: each killed by a batch case', async () => {
    // Parts keyed per file as the truthful design does, but with one flaw each.
    // Single reads keyed per worker on the text, as the truthful design; the batch tool keeps a
    // ledger of its own with one flaw: keyed on stat, missed by forget, or shared by every worker.
    const liar = (flaw: 'stat' | 'no-forget' | 'shared'): ShimAdapter => {
      const sharedCalls = new Map<string, string>();
      return {
        ...good,
        name: `batch-${flaw}`,
        create: (ctx) => {
          const single = new Map<string, string>();
          const calls = flaw === 'shared' ? sharedCalls : new Map<string, string>();
          const id = (path: string): string => {
            try {
              return ctx.fs.realpath?.(path) ?? path;
            } catch {
              return path;
            }
          };
          const answer = async (path: string, ledger: Map<string, string>, key: (text: string) => string) => {
            const text = await ctx.read({ path });
            if (ledger.get(id(path)) === key(text))
              return `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;
            ledger.set(id(path), key(text));
            return text;
          };
          const callKey = (path: string) => (text: string) => {
            const s = ctx.fs.stat(path);
            return flaw === 'stat' ? `${s.mtimeMs}:${s.size}` : text;
          };
          return {
            read: async (a) => answer(a.path, single, (t) => t),
            readMany: async ({ paths }) => {
              const parts: string[] = [];
              for (const p of paths) parts.push(await answer(p, calls, callKey(p)));
              return parts;
            },
            forget: (p?: string) => {
              for (const ledger of flaw === 'no-forget' ? [single] : [single, calls])
                if (p === undefined) ledger.clear();
                else ledger.delete(id(p));
            },
          };
        },
      };
    };
    const expected: [Parameters<typeof liar>[0], string, string][] = [
      ['stat', 'POINTER-FULL', 'batch-edit-beside-unchanged'],
      ['no-forget', 'FORGET-RESETS', 'batch-forget-and-second-worker'],
      ['shared', 'ISOLATION', 'batch-forget-and-second-worker'],
    ];
    for (const [flaw, rule, broken] of expected) {
      const r = await runConformance({ adapter: liar(flaw), runs: 0, seed: 1, crossed: 'cover' });
      expect(failed(r), flaw).toEqual([rule]);
      expect(r.rules.find((x) => x.id === rule)?.brokenBy?.corpus, flaw).toBe(broken);
    }
  }, 120_000);

  it('a readMany that breaks its contract is an adapter error: wrong part count, an unsplittable text', async () => {
    const broken = (readMany: () => Promise<unknown>): ShimAdapter => ({
      ...good,
      name: 'broken-batch',
      create: (ctx) => ({
        read: async (args) => ctx.read(args),
        readMany: readMany as () => Promise<string>,
      }),
    });
    const events = eventsOf('batch-new-beside-seen');
    const cases: [() => Promise<unknown>, string][] = [
      [async () => ['only one'], 'must resolve to a string or a list of 2 parts (one per path), got 1 parts'],
      [async () => 'no separators', 'cannot be split: expected the separator line "--- a.ts ---"'],
      [async () => ['x', 42], 'part 2 (b.ts) is neither a string nor { error: string }'],
    ];
    for (const [readMany, message] of cases) {
      const e = await judgeHistory(broken(readMany), { mode, cap: 16, seal: 'S' }, events).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AdapterError);
      expect((e as Error).message).toContain(message);
    }
    // Declared, but the shim has no readMany at all.
    const missing: ShimAdapter = {
      ...good,
      name: 'no-read-many',
      create: (ctx) => ({ read: async (a) => ctx.read(a) }),
    };
    const e = await judgeHistory(missing, { mode, cap: 16, seal: 'S' }, events).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AdapterError);
    expect((e as Error).message).toContain('declares capabilities.batch and its shim has no readMany');
  });

  it('call events survive formatTrace/parseTrace; malformed ones are refused naming the field', () => {
    const header = { type: 'header', kit: 'k', specVersion: '2.1', cap: 16, levers: ['pointer'], seal: 'S' } as const;
    const events = eventsOf('batch-edit-beside-unchanged');
    expect(parseTrace(formatTrace({ header, events })).events).toEqual(events);
    const bad = (e: object): string => {
      try {
        parseTrace(`${JSON.stringify(header)}\n${JSON.stringify(e)}\n`);
        return 'accepted';
      } catch (x) {
        return (x as Error).message;
      }
    };
    const read = { type: 'read', worker: 'w1', path: 'a.ts' };
    expect(bad({ ...read, call: 'one' })).toBe('line 2: "call" must be an integer');
    expect(bad({ ...read, call: 1, batch: 1 })).toBe(
      'line 2: "call" (one batch read call) and "batch" (concurrent reads) exclude each other',
    );
    expect(bad({ ...read, call: 1, args: { offset: 2 } })).toBe(
      'line 2: a read in a batch "call" reads the whole file (no "offset" or "limit")',
    );
  });
});
