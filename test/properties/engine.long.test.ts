// Suite: long (*.long.test.ts, run by `npm run test:hosts`): whole runs at --jobs 1 and 4 compared, and shrinking budgets (50 s).
/**
 * The run engine: histories judged --jobs at a time give the result a one-at-a-time run
 * gives; the counterexample is the lowest-index failing history; shrinking follows fast-check's
 * own order and path, within a budget counted in histories.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdapterContext, HistoryHandle, ShimAdapter } from '../../src/core/contract.ts';
import { modeOfArm } from '../../src/core/levers.ts';
import type { RuleId } from '../../src/core/rules.ts';
import { BANDS } from '../../properties/generators/content.ts';
import { historyArb, materialize, type HistorySpec, type OpOptions } from '../../properties/generators/history.ts';
import { judgeHistory } from '../../properties/history.ts';
import { HistorySource, specOf } from '../../properties/engine/draw.ts';
import type { HistoryEvent } from '../../properties/engine/observe.ts';
import { inOrder, Slots } from '../../properties/engine/pool.ts';
import { judgeRun, runConformance, sealFor, type JudgeOptions, type RunOptions } from '../../properties/run.ts';
import { BROKEN } from '../fixtures/naive-shims.ts';

const SEED = 20_261_130;
const IN_PROCESS: OpOptions = {
  windows: true,
  stale: false,
  forget: true,
  toolFailures: true,
  races: true,
  maxWorkers: 3,
  maxOps: 24,
};
const tick = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('the pool: at most n at once, results in index order, the lowest error', () => {
  it('hands results back in order whatever order they finish in, and never runs more than the slots', async () => {
    const slots = new Slots(3);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const handed: number[] = [];
    await inOrder(
      10,
      6,
      (i) =>
        slots.run(async () => {
          most = Math.max(most, ++running);
          await tick((10 - i) * 3); // later tasks finish first
          running--;
          finished.push(i);
          return i * i;
        }),
      (i, r) => void handed.push(i, r),
    );
    expect(most).toBe(3);
    expect(finished).not.toEqual([...finished].sort((a, b) => a - b));
    expect(handed).toEqual(Array.from({ length: 10 }, (_, i) => [i, i * i]).flat());
  });

  it('an error: every earlier result is handed back, then the lowest-index error is thrown', async () => {
    const handed: number[] = [];
    const run = inOrder(
      8,
      8,
      async (i) => {
        await tick(i === 3 ? 40 : 1); // task 5 fails first, task 3 later
        if (i === 3 || i === 5) throw new Error(`task ${i}`);
        return i;
      },
      (i) => void handed.push(i),
    );
    await expect(run).rejects.toThrow('task 3');
    expect(handed).toEqual([0, 1, 2]);
  });

  it('a stop drops later results and their errors (a one-at-a-time run never ran them)', async () => {
    const handed: number[] = [];
    await inOrder(
      8,
      8,
      async (i) => {
        await tick(i === 2 ? 30 : 1);
        if (i > 2) throw new Error(`task ${i}`);
        return i;
      },
      (i) => (handed.push(i), i === 2),
    );
    expect(handed).toEqual([0, 1, 2]);
  });
});

describe("draws and shrinks are fast-check's own", () => {
  const arb = historyArb(BANDS.tiny, IN_PROCESS);

  it('the histories drawn for [from, to) are the ones fc.check runs with that path', async () => {
    const seen: HistorySpec[] = [];
    await fc.check(
      fc.asyncProperty(arb, async (s) => void seen.push(s)),
      { seed: 77, path: '13', numRuns: 7 },
    );
    const drawn = new HistorySource(arb).draw(77, 13, 20).map(specOf);
    expect(drawn).toEqual(seen);
    expect(drawn).toHaveLength(7);
  });

  it('the shrunk counterexample and its path are the ones fc.check finds (path-hash shim, POINTER-FULL)', async () => {
    const { adapter } = BROKEN['path-hash']!;
    // The random phase and its shrinking: the directed corpus (which would find it first, unshrunk) is off.
    const r = await runConformance({
      adapter,
      arm: 'cap',
      runs: 30,
      seed: SEED,
      only: ['POINTER-FULL'],
      corpus: false,
    });
    const cx = r.rules.find((x) => x.id === 'POINTER-FULL')!.counterexample!;
    expect(cx.fcPath).toMatch(/^\d+:\d+/); // it did shrink
    // What the kit did before the engine: fast-check's own check from the failing history's path.
    const band = cx.source === 'tiny band' ? BANDS.tiny : cx.source === 'mid band' ? BANDS.mid : BANDS.production;
    const seal = sealFor(SEED);
    const breaks = async (s: HistorySpec): Promise<boolean> =>
      (await judgeHistory(adapter, { mode: modeOfArm('cap'), cap: s.cap, seal }, materialize(s))).violations.some(
        (v) => v.rule === 'POINTER-FULL',
      );
    const d = await fc.check(
      fc.asyncProperty(historyArb(band, { ...IN_PROCESS, stale: false }), async (s) => !(await breaks(s))),
      { seed: cx.seed, path: cx.fcPath!.split(':')[0], numRuns: 1_000 },
    );
    expect(d.failed).toBe(true);
    expect(d.counterexamplePath).toBe(cx.fcPath);
  });
});

/**
 * A broken shim behind openHistory (so its histories cannot see each other, as a process's cannot),
 * whose k-th history opened is slower the smaller k is: under --jobs, later histories finish first.
 */
function isolated(name: string, opened: { n: number }): ShimAdapter {
  const base = BROKEN[name]!.adapter;
  return {
    ...base,
    name: `isolated-${name}`,
    async openHistory(): Promise<HistoryHandle> {
      const k = opened.n++;
      const delay = Math.max(0, 24 - k) * 2;
      return {
        injectsFailures: true,
        async create(ctx: AdapterContext) {
          const shim = await base.create(ctx);
          return { ...shim, read: async (args) => (await tick(delay), shim.read(args)) };
        },
        write: (_p, content) => content,
        delete: () => undefined,
        // The shim reads the kit's own disk (ctx.fs): links and bytes need no mirroring.
        writeBytes: () => undefined,
        symlink: () => undefined,
        hardlink: () => undefined,
        close: async () => undefined,
      };
    },
  };
}

describe('--jobs: the result of a one-at-a-time run, whatever finishes first', () => {
  const base = (
    adapter: ShimAdapter,
    extra: Partial<Omit<JudgeOptions, 'adapter'>> = {},
  ): JudgeOptions & RunOptions => ({
    adapter,
    arm: 'cap',
    runs: 10,
    seed: SEED,
    corpus: false,
    ...extra,
  });

  it('the same RunResult for jobs 1 and 4; the counterexample is the lowest-index failing history, not the first to finish', async () => {
    const one = await runConformance(base(isolated('path-mtime', { n: 0 }), { jobs: 1 }));
    const ends: { index: number; band: string; broke: readonly RuleId[] }[] = [];
    const labels = new Map<number, string>();
    const watch = (e: HistoryEvent): void => {
      if (e.kind === 'start') labels.set(e.id, e.label);
      if (e.kind !== 'end') return;
      const m = /^(\w+) band history (\d+) of/.exec(labels.get(e.id) ?? '');
      if (m !== null) ends.push({ band: m[1]!, index: Number(m[2]) - 1, broke: e.broke });
    };
    const four = await judgeRun(base(isolated('path-mtime', { n: 0 }), { jobs: 4, onHistory: watch }));
    expect(four).toEqual(one);
    const rule = four.rules.find((x) => x.id === 'POINTER-FULL')!;
    expect(rule.status).toBe('fail');
    const band = rule.counterexample!.source.split(' ')[0]!;
    const failing = ends.filter((e) => e.band === band && e.broke.includes('POINTER-FULL'));
    const lowest = Math.min(...failing.map((e) => e.index));
    expect(Number(rule.counterexample!.fcPath!.split(':')[0])).toBe(lowest);
    // The test can tell: a higher-index failing history finished before the lowest one.
    expect(failing[0]!.index).not.toBe(lowest);
  });
});

describe('--jobs: the corpus judged several cases at once, tallied in case order', () => {
  it('the same RunResult for jobs 1 and 4, the corpus included; a later case can finish first', async () => {
    const options = (jobs: number, onHistory?: (e: HistoryEvent) => void): JudgeOptions & RunOptions => ({
      adapter: isolated('path-mtime', { n: 0 }),
      arm: 'cap',
      runs: 1,
      seed: SEED,
      jobs,
      ...(onHistory ? { onHistory } : {}),
    });
    const one = await runConformance(options(1));
    const labels = new Map<number, string>();
    const ended: string[] = [];
    const four = await judgeRun(
      options(4, (e) => {
        if (e.kind === 'start') labels.set(e.id, e.label);
        else if (e.kind === 'end') ended.push(labels.get(e.id) ?? '');
      }),
    );
    expect(four).toEqual(one);
    expect(one.rules.find((x) => x.id === 'POINTER-FULL')!.status).toBe('fail');
    // The test can tell: corpus cases ended out of their order (the first ones opened are the slowest).
    const started = [...labels.values()].filter((l) => l.startsWith('corpus case '));
    const endedCases = ended.filter((l) => l.startsWith('corpus case '));
    expect(endedCases.length).toBeGreaterThan(10);
    expect(endedCases).not.toEqual(started.slice(0, endedCases.length));
  });
});

describe('--shrink: a budget counted in histories', () => {
  const run = (shrinkRuns: number | undefined, jobs: number, starts: string[]) =>
    judgeRun({
      adapter: isolated('path-hash', { n: 0 }),
      arm: 'cap',
      runs: 20,
      seed: SEED,
      only: ['POINTER-FULL'],
      jobs,
      corpus: false,
      ...(shrinkRuns !== undefined ? { shrinkRuns } : {}),
      onHistory: (e) => {
        if (e.kind === 'start' && e.label.startsWith('shrinking')) starts.push(e.label);
      },
    });

  it('a spent budget: exactly that many candidates judged, said, and the same story under --jobs', async () => {
    const starts: string[] = [];
    const r = await run(3, 1, starts);
    const cx = r.rules[0]!.counterexample!;
    expect(cx.shrink).toEqual({ histories: 3, budgetSpent: true });
    expect(starts.filter((l) => / candidate /.test(l))).toHaveLength(3);
    // The failing history again, then the smallest one again and its story: three more.
    expect(starts).toHaveLength(6);
    const wide = await run(3, 4, []);
    expect(wide.rules[0]!.counterexample).toEqual(cx);
  });

  it("an ample budget: shrinking reaches fast-check's local minimum and says the histories it judged", async () => {
    const starts: string[] = [];
    const r = await run(undefined, 1, starts);
    const cx = r.rules[0]!.counterexample!;
    expect(cx.shrink!.budgetSpent).toBe(false);
    // Counted as candidates judged; one fast-check offers twice is run once (properties/engine/shared.ts).
    const ran = starts.filter((l) => / candidate /.test(l)).length;
    expect(ran).toBeLessThanOrEqual(cx.shrink!.histories);
    expect(ran).toBeGreaterThan(3);
    expect(cx.shrink!.histories).toBeGreaterThan(3);
    const spent = (await run(3, 1, [])).rules[0]!.counterexample!;
    expect(spent.story.length).toBeGreaterThanOrEqual(cx.story.length);
    // A budget of exactly what it took is not "spent": nothing was left untried.
    const exact = (await run(cx.shrink!.histories, 1, [])).rules[0]!.counterexample!;
    expect(exact.shrink).toEqual({ histories: cx.shrink!.histories, budgetSpent: false });
    expect(exact.story).toEqual(cx.story);
  });
});
