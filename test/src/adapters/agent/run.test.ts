/** What an agent run shares: tool-use ids, the host report's counts, and a run that never read. */
import { describe, expect, it } from 'vitest';
import { AgentRun } from '../../../../src/adapters/agent/run.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';

const run = (): AgentRun => new AgentRun(claudeCode, 'claude', { timeoutMs: 1, startMs: 2 }, undefined, undefined, []);

describe('AgentRun', () => {
  it('gives every read a tool-use id of its own', () => {
    const r = run();
    const ids = [r.toolUseId(), r.toolUseId(), r.toolUseId()];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^toolu_01readshim[0-9a-f]{8}\d{6}$/);
    expect(run().toolUseId()).not.toBe(ids[0]); // another run, another nonce
  });

  it('reports the CLI and its version, the refused destinations summed and the median turn', () => {
    const r = run();
    expect(r.host().played).toBe('the model of claude-code');
    r.version = '2.0 (Claude Code)';
    r.addRefused(new Map([['a:443', 2]]));
    r.addRefused(
      new Map([
        ['a:443', 1],
        ['b:80', 1],
      ]),
    );
    r.turnMs.push(30, 10.04, 20, 40);
    const h = r.host();
    expect(h.played).toBe('the model of claude-code 2.0 (Claude Code)');
    expect(h.counts).toMatchObject({ refusedDestinations: 4, medianTurnMs: 20 });
    expect([...r.refused]).toEqual([
      ['a:443', 3],
      ['b:80', 1],
    ]);
  });

  it('fails a run whose CLIs started but were never asked to read', () => {
    const r = run();
    expect(r.failure()).toBeUndefined();
    r.counts.workers = 2;
    expect(r.failure()?.message).toBe('claude-code was never asked to read');
    r.counts.reads = 1;
    expect(r.failure()).toBeUndefined();
  });
});
