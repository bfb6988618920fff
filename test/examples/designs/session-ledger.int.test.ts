/**
 * Forks, shared sessions and resumed sessions (spec/SPEC.md "Forks and resumed sessions"): the
 * truthful session-ledger design and its memory-only twin pass; each lying twin fails the rule of
 * its lie class, in its corpus case.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../properties/run.ts';
import { judgeHistory } from '../../../properties/history.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import { CASES } from '../../../properties/corpus/cases.ts';
import { parseTrace, formatTrace } from '../../../src/core/trace.ts';
import good, { forkShared, memoryOnly, sessionKeyed, staleLedger } from '../../../examples/designs/session-ledger.ts';
import reference from '../../../src/adapters/reference.ts';

const failed = (r: Awaited<ReturnType<typeof runConformance>>): string[] =>
  r.rules.filter((x) => x.status === 'fail').map((x) => x.id);

const sessionCases = ['fork-then-parent-reads', 'subagent-shares-session', 'resume-after-compaction'];

describe('session-ledger designs', () => {
  it('the truthful design and its memory-only twin pass, every session case played; the assumptions say so', async () => {
    for (const a of [good, memoryOnly]) {
      const r = await runConformance({ adapter: a, runs: 10, seed: 1 });
      expect(failed(r), a.name).toEqual([]);
      const played = (r.corpus?.cases ?? []).filter((c) => sessionCases.includes(c.id));
      expect(
        played.map((c) => c.played),
        a.name,
      ).toEqual([true, true, true]);
      expect(r.assumptions.some((x) => x.startsWith('The host forks subagents'))).toBe(true);
      expect(r.assumptions.some((x) => x.includes("under their parent's session id"))).toBe(true);
      expect(r.assumptions.some((x) => x.startsWith('The host resumes sessions'))).toBe(true);
    }
  }, 120_000);

  it('each lying twin fails its rule in its own case', async () => {
    const want: [typeof good, string, string][] = [
      [forkShared, 'ISOLATION', 'fork-then-parent-reads'],
      [sessionKeyed, 'ISOLATION', 'subagent-shares-session'],
      [staleLedger, 'FORGET-RESETS', 'resume-after-compaction'],
    ];
    for (const [a, rule, kase] of want) {
      // The directed session cases' verdicts: of the crossed cases, their covering sample.
      const r = await runConformance({ adapter: a, runs: 0, seed: 1, crossed: 'cover' });
      expect(failed(r), a.name).toEqual([rule]);
      expect(r.rules.find((x) => x.id === rule)?.brokenBy?.corpus, a.name).toBe(kase);
    }
  }, 120_000);

  it('a pointer in a fork to what the parent held at the fork is true, and is judged (no ISOLATION blame)', async () => {
    const c = CASES.find((x) => x.id === 'fork-then-parent-reads')!;
    const mode = modeOfLevers(['pointer']);
    const events = c.events({ cap: c.cap, mode, seal: 'S' });
    const v = await judgeHistory(good, { mode, cap: c.cap, seal: 'S' }, events);
    expect(v.violations).toEqual([]);
    // w2's first read of a.ts (held at the fork) is a pointer, and ISOLATION was checked.
    const w2a = v.outcomes.find((o) => o.kind === 'read' && o.event.worker === 'w2' && o.event.path === 'a.ts');
    expect(w2a?.kind === 'read' ? w2a.claim?.kind : undefined).toBe('pointer');
    expect(v.checks.get('ISOLATION') ?? 0).toBeGreaterThan(0);
  });

  it('the default stays "workers share nothing": no session case is played for a subject that declares none', async () => {
    const r = await runConformance({ adapter: reference, runs: 0, seed: 1, crossed: 'cover' });
    const cases = (r.corpus?.cases ?? []).filter((c) => sessionCases.includes(c.id));
    expect(cases.map((c) => c.played)).toEqual([false, false, false]);
    expect(cases.map((c) => c.reason)).toEqual([
      "needs a host that forks subagents holding their parent's deliveries (capabilities.sessions.fork)",
      "needs a host that starts subagents under their parent's session id (capabilities.sessions.sharedSession)",
      'needs a host that resumes sessions in a new shim instance (capabilities.sessions.resume)',
    ]);
    expect(failed(r)).toEqual([]);
  }, 120_000);

  it('fork and resume events survive formatTrace/parseTrace; malformed ones are refused naming the field', () => {
    const header = { type: 'header', kit: 'k', specVersion: '2.1', cap: 16, levers: ['pointer'], seal: 'S' } as const;
    const events = [
      { type: 'worker', id: 'w1' },
      { type: 'fork', parent: 'w1', worker: 'w2' },
      { type: 'fork', parent: 'w1', worker: 'w3', fresh: true, session: 'shared' },
      { type: 'resume', worker: 'w1' },
    ] as const;
    const t = parseTrace(formatTrace({ header, events }));
    expect(t.events).toEqual(events);
    const bad = (e: object): string => {
      try {
        parseTrace(`${JSON.stringify(header)}\n${JSON.stringify(e)}\n`);
        return 'accepted';
      } catch (x) {
        return (x as Error).message;
      }
    };
    expect(bad({ type: 'fork', parent: 'w1' })).toBe('line 2: fork needs string "parent" and "worker"');
    expect(bad({ type: 'fork', parent: 'w1', worker: 'w1' })).toBe(
      'line 2: fork needs a "worker" other than its "parent"',
    );
    expect(bad({ type: 'fork', parent: 'w1', worker: 'w2', session: 'own' })).toBe(
      'line 2: "session" must be "shared" when given',
    );
    expect(bad({ type: 'resume' })).toBe('line 2: resume needs string "worker"');
  });
});
