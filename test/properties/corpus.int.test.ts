/**
 * The directed corpus — cases in the one trace schema, each naming its lie class;
 * played before the random phase, filtered by capabilities, levers and --only; shard 1 only; never
 * on --replay; checks split by phase; stories that start with the lie class.
 */
import { describe, expect, it } from 'vitest';
import { ARM_NAMES } from '../../src/core/arms.ts';
import { modeOfArm, modeOfLevers, type Mode } from '../../src/core/levers.ts';
import { RULE_IDS, isRuleId } from '../../src/core/rules.ts';
import { eventProblem, formatTrace, parseTrace } from '../../src/core/trace.ts';
import type { Capabilities } from '../../src/core/contract.ts';
import reference from '../../src/adapters/reference.ts';
import { CASES, LIE_CLASS_IDS, whyNotPlayed } from '../../properties/corpus/index.ts';
import { runConformance, type RunResult } from '../../properties/run.ts';
import { combineShards } from '../../properties/shard.ts';
import { CROSSED_CASES } from '../../properties/crossed/cases.ts';
import { cli } from '../src/cli/helpers.ts';
import { BROKEN, SOUND, naiveAdapter } from '../fixtures/naive-shims.ts';

const SEED = 20_261_130;
const MODES: readonly Mode[] = [
  ...ARM_NAMES.map(modeOfArm),
  modeOfLevers(['pointer']),
  modeOfLevers(['cap']),
  modeOfLevers(['diff']),
  modeOfLevers([]),
];
const rule = (r: RunResult, id: string) => r.rules.find((x) => x.id === id)!;
const bad = (r: RunResult) =>
  r.rules
    .filter((x) => x.status === 'fail' || x.status === 'unexercised')
    .map((x) => `${x.id}: ${x.status} ${x.reason ?? ''}`);

describe('the cases are traces in the one schema, each naming its lie class and rules', () => {
  it('unique ids, known lie classes and rule IDs', () => {
    expect(new Set(CASES.map((c) => c.id)).size).toBe(CASES.length);
    for (const c of CASES) {
      expect(c.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(LIE_CLASS_IDS).toContain(c.lieClass);
      expect(c.rules.length).toBeGreaterThan(0);
      for (const r of c.rules) expect(isRuleId(r), `${c.id} names ${r}`).toBe(true);
    }
  });

  it('at every mode, cap and host tool bound, every case is valid trace events that survive formatTrace/parseTrace', () => {
    const tools = [
      undefined,
      { maxLines: 5, maxLineChars: 12, binary: 'base64' as const },
      { maxChars: 40, unit: 'codepoint' as const, binary: 'refuse' as const },
      { defaultLimit: 4, normalize: ['crlf' as const] },
    ];
    const problems: string[] = [];
    let played = 0;
    for (const mode of MODES)
      for (const cap of mode.arm === 'all' ? [4, 7, 16, 1024, 24_576] : [4, 16, 1024])
        for (const tool of mode.arm === 'all' || mode.arm === undefined ? tools : [undefined])
          for (const c of CASES) {
            const caps: Capabilities = { ...reference.capabilities, ...(tool ? { tool } : {}) };
            if (whyNotPlayed(c, caps, { mode, transport: 'in-process', targets: new Set(RULE_IDS) }) !== undefined)
              continue;
            const ctx = { cap, mode, seal: 'abc123abc123', ...(tool ? { tool } : {}) };
            if (c.unplayable?.(ctx) !== undefined) continue;
            const events = c.events(ctx);
            if (events.length < 2) problems.push(`${c.id} at cap ${cap}: ${events.length} events`);
            for (const e of events) {
              const p = eventProblem(e);
              if (p !== undefined) problems.push(`${c.id} at cap ${cap}: ${p}`);
            }
            const trace = {
              header: { type: 'header' as const, kit: 'x', specVersion: '2.0', cap, levers: [], seal: 's' },
              events,
            };
            if (JSON.stringify(parseTrace(formatTrace(trace)).events) !== JSON.stringify(events))
              problems.push(`${c.id} at cap ${cap}: changed by formatTrace/parseTrace`);
            played++;
          }
    expect(problems).toEqual([]);
    expect(played).toBeGreaterThan(CASES.length * 10);
  });
});

describe('every lie class is played', () => {
  // docs/LIE-CLASSES.md's table is generated from the classes and the cases (npm run docs:write).
  it('each class has a case, but notice imitation, whose cases the run plans from what the shim said, and shortcuts under a condition, whose cases are the crossed table', () => {
    for (const id of LIE_CLASS_IDS)
      if (id !== 'notice-imitation' && id !== 'shortcut-under-condition')
        expect(
          CASES.some((c) => c.lieClass === id),
          `${id} has a case`,
        ).toBe(true);
    expect(CASES.some((c) => c.lieClass === 'notice-imitation')).toBe(false);
  });
});

describe('small runs exercise every applicable rule (the corpus does, before any random history)', () => {
  for (const arm of ARM_NAMES)
    it(`the reference, arm ${arm}: no rule fails or goes unexercised with the probes and the corpus alone, nor with one history per band`, async () => {
      // The whole crossed table at arm all (.ci/run's per-arm runs play it at every arm); a covering sample elsewhere.
      const crossed = arm === 'all' ? {} : { crossed: 'cover' as const };
      const only = await runConformance({ adapter: reference, arm, runs: 0, seed: SEED, ...crossed });
      expect(bad(only)).toEqual([]);
      expect(only.rules.every((x) => x.checksFrom.random === 0)).toBe(true);
      // The run with a random phase plays the covering sample.
      const one = await runConformance({ adapter: reference, arm, runs: 1, seed: SEED, crossed: 'cover' });
      expect(bad(one)).toEqual([]);
      for (const x of one.rules)
        expect(
          Object.values(x.checksFrom).reduce((a, b) => a + b, 0),
          x.id,
        ).toBe(x.checks);
      expect(one.rules.some((x) => x.checksFrom.random > 0)).toBe(true);
    });

  it('run --runs 1 --reporter json: exit 0, per rule checks from the corpus and from random histories', () => {
    // Checks per phase, not the session band (--sessions 0: no 400-operation history).
    const r = cli(['run', '--runs', '1', '--sessions', '0', '--no-save', '--reporter', 'json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      rules: { id: string; status: string; checks: number; checksFrom: Record<string, number> }[];
      corpus: { played: number };
    };
    expect(report.rules.filter((x) => x.status !== 'pass')).toEqual([]);
    for (const x of report.rules) {
      expect(Object.keys(x.checksFrom).sort()).toEqual(['corpus', 'probes', 'random', 'replays']);
      expect(x.checksFrom.corpus! + x.checksFrom.random! + x.checksFrom.probes! + x.checksFrom.replays!).toBe(x.checks);
    }
    expect(rule({ rules: report.rules } as unknown as RunResult, 'POINTER-FULL').checksFrom.corpus).toBeGreaterThan(0);
    expect(report.corpus.played).toBeGreaterThan(30);
  }, 60_000);
});

describe('a corpus failure tells its lie class first', () => {
  const cases: [string, string, RegExp][] = [
    ['path-mtime', 'POINTER-FULL', /^lie class: edit that keeps the mtime \(corpus case edit-keeps-mtime\)$/],
    ['path-second', 'POINTER-FULL', /^lie class: edit within the same second \(corpus case same-second-edit\)$/],
    [
      'ignores-forget',
      'FORGET-RESETS',
      /^lie class: compaction or rewind \(forget\) then re-read \(corpus case forget-then-reread\)$/,
    ],
    [
      'shared-ledger',
      'ISOLATION',
      /^lie class: a second worker \(subagent\) reading what the first read \(corpus case second-worker\)$/,
    ],
    ['path-hash', 'POINTER-FULL', /^lie class: partial read, then "unchanged" .*\(corpus case partial-then-pointer\)$/],
  ];
  for (const [name, id, first] of cases)
    it(`${name}: ${id}`, async () => {
      // A directed case's story: the crossed cases, played after them, only as a covering sample.
      const r = await runConformance({
        adapter: BROKEN[name]!.adapter,
        arm: 'cap',
        runs: 0,
        seed: SEED,
        crossed: 'cover',
      });
      const cx = rule(r, id).counterexample!;
      expect(cx.source).toMatch(/^corpus /);
      expect(cx.story[0]).toMatch(first);
      expect(cx.story.join('\n')).toContain(`✗ ${id}:`);
      expect(cx.trace.header.note).toMatch(/^corpus case /);
      // The saved trace replays to the same story, lie class included.
      const again = await runConformance({
        adapter: BROKEN[name]!.adapter,
        arm: 'cap',
        runs: 1,
        seed: 1,
        replayOnly: true,
        replays: [{ name: 'saved', trace: cx.trace }],
      });
      expect(rule(again, id).counterexample!.story).toEqual(cx.story);
    });

  it('a race that moves the mtime tells a stat-after-read shim from an mtime-keyed one', async () => {
    const failedIn = (r: RunResult, id: string) => r.corpus!.cases.find((c) => c.id === id)!.failed;
    // Stat before the read: blind to an edit that keeps the mtime, never to one that moves it.
    const mtimeFirst = await runConformance({
      adapter: naiveAdapter('mtime-first', { keying: 'path-mtime', statBeforeRead: true }),
      arm: 'cap',
      runs: 0,
      seed: SEED,
      crossed: 'cover',
    });
    expect(failedIn(mtimeFirst, 'race-after-whole-read')).toContain('POINTER-FULL');
    expect(failedIn(mtimeFirst, 'race-moves-mtime')).toEqual([]);
    expect(failedIn(mtimeFirst, 'race-moves-mtime-partial')).toEqual([]);
    // Stat after the read: records the rewrite as delivered, whatever its mtime.
    const after = await runConformance({
      adapter: BROKEN['path-mtime']!.adapter,
      arm: 'cap',
      runs: 0,
      seed: SEED,
      crossed: 'cover',
    });
    expect(failedIn(after, 'race-moves-mtime')).toContain('POINTER-FULL');
    expect(failedIn(after, 'race-moves-mtime-partial')).toContain('SLICE-CONTINUES');
  });

  it('the delivery-keyed fixture passes the corpus', async () => {
    const r = await runConformance({ adapter: SOUND, arm: 'cap', runs: 0, seed: SEED });
    expect(r.rules.filter((x) => x.status === 'fail')).toEqual([]);
  });

  it('a cache that outlives its session is caught in the second session of new-session', async () => {
    const cache = new Map<string, number>(); // outside create(): it survives from one history to the next
    const leaky = {
      ...SOUND,
      name: 'session-cache',
      create: async (ctx: Parameters<typeof SOUND.create>[0]) => {
        const w = await SOUND.create(ctx);
        return {
          ...w,
          read: async (args: Parameters<typeof w.read>[0]) => {
            const text = await ctx.read(args);
            const key = `${ctx.workerId}|${args.path}|${text}`;
            if (cache.has(key)) return `<<${ctx.seal} same:${Buffer.byteLength(text)}>>`;
            cache.set(key, 1);
            return text;
          },
        };
      },
    };
    const r = await runConformance({ adapter: leaky, arm: 'cap', runs: 0, seed: SEED, only: ['FIRST-VERBATIM'] });
    const cx = rule(r, 'FIRST-VERBATIM').counterexample!;
    expect(cx.source).toBe('corpus new-session');
    expect(cx.story.slice(0, 2)).toEqual([
      'lie class: a cache that outlives its session (the same reads in a new session) (corpus case new-session)',
      '(session 2 of 2: the same history again, with a fresh shim)',
    ]);
  });
});

describe('where the corpus runs', () => {
  it('--only filters it: only cases naming a target rule are played', async () => {
    const r = await runConformance({ adapter: reference, arm: 'all', runs: 0, seed: SEED, only: ['FORGET-RESETS'] });
    const played = r.corpus!.cases.filter((c) => c.played);
    expect(played.length).toBeGreaterThan(0);
    for (const c of played)
      expect([...CASES, ...CROSSED_CASES].find((x) => x.id === c.id)?.rules ?? ['NOTICE-SEALED']).toContain(
        'FORGET-RESETS',
      );
    expect(r.corpus!.cases.find((c) => c.id === 'around-the-cap')).toMatchObject({
      played: false,
      reason: expect.stringMatching(/^--only leaves none of its rules/),
    });
  });

  it('shard 1 plays it, other shards do not; the combined checks per phase equal the unsplit run', async () => {
    const base = { adapter: reference, arm: 'cap' as const, runs: 10, seed: 5 as const, crossed: 'cover' as const };
    const whole = await runConformance(base);
    const parts = await Promise.all([1, 2].map((index) => runConformance({ ...base, shard: { index, count: 2 } })));
    expect(parts[0]!.corpus?.played).toBe(whole.corpus!.played);
    expect(parts[1]!.corpus).toBeUndefined();
    expect(parts[1]!.rules.every((x) => x.checksFrom.corpus === 0)).toBe(true);
    const combined = combineShards(parts);
    expect(combined.rules.map((x) => [x.id, x.checksFrom])).toEqual(whole.rules.map((x) => [x.id, x.checksFrom]));
    expect(combined.corpus).toEqual(whole.corpus);
  }, 180_000); // three runs, each with a session history (and the crossed corpus's covering sample)

  it('--replay plays no corpus', async () => {
    const r = await runConformance({
      adapter: reference,
      arm: 'cap',
      runs: 1,
      seed: SEED,
      replayOnly: true,
      replays: [],
    });
    expect(r.corpus).toBeUndefined();
    expect(r.rules.every((x) => x.checksFrom.corpus === 0)).toBe(true);
  });

  it('corpus: false plays none (mutants --no-corpus); the random phase draws the same histories either way', async () => {
    const on = await runConformance({ adapter: reference, arm: 'cap', runs: 3, seed: SEED });
    const off = await runConformance({ adapter: reference, arm: 'cap', runs: 3, seed: SEED, corpus: false });
    expect(off.corpus).toBeUndefined();
    expect(off.rules.map((x) => x.checksFrom.random)).toEqual(on.rules.map((x) => x.checksFrom.random));
  });

  it('a case is played only when the adapter meets its needs', () => {
    const caps: Capabilities = { ...reference.capabilities };
    const env = (transport: 'in-process' | 'process', mode = modeOfArm('cap')) => ({
      mode,
      transport,
      targets: new Set(RULE_IDS),
    });
    const race = CASES.find((c) => c.id === 'race-after-whole-read')!;
    const fail = CASES.find((c) => c.id === 'tool-failure-then-reread')!;
    expect(whyNotPlayed(race, caps, env('in-process'))).toBeUndefined();
    expect(whyNotPlayed(race, caps, env('process'))).toMatch(/race barrier/);
    expect(whyNotPlayed(race, { ...caps, raceBarrier: true }, env('process'))).toBeUndefined();
    expect(whyNotPlayed(fail, caps, env('process'))).toMatch(/in-process adapters only/);
    expect(whyNotPlayed(race, caps, env('in-process', modeOfArm('diff')))).toBe('needs the pointer lever');
    expect(
      whyNotPlayed(
        CASES.find((c) => c.id === 'forget-then-reread')!,
        { ...caps, hostNeverCompacts: true },
        env('in-process'),
      ),
    ).toMatch(/never compacts/);
    expect(
      whyNotPlayed(
        CASES.find((c) => c.id === 'host-tool-bound')!,
        caps,
        env('in-process'),
      ),
    ).toMatch(/host tool bound/);
    expect(
      whyNotPlayed(
        CASES.find((c) => c.id === 'window-as-whole')!,
        { ...caps, windows: false },
        env('in-process'),
      ),
    ).toMatch(/windowed reads/);
  });

  it('a fixed cap the diff cases cannot be played at skips them, naming the cap', async () => {
    const r = await runConformance({ adapter: reference, arm: 'all', cap: 4, runs: 0, seed: SEED });
    expect(r.corpus!.cases.find((c) => c.id === 'diff-cut-to-budget')).toMatchObject({
      played: false,
      reason: expect.stringMatching(/^cap 4 leaves no room for a diff/),
    });
    expect(r.corpus!.cases.find((c) => c.id === 'partial-then-pointer')).toMatchObject({ played: true, cap: 4 });
    expect(bad(r)).toEqual([]);
  });
});
