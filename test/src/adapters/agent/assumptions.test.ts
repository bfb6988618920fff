/** What an agent run's report assumes: the CLI, how forget is played, what --isolate adds. */
import { describe, expect, it } from 'vitest';
import { agentAssumptions } from '../../../../src/adapters/agent/assumptions.ts';
import { AgentRun } from '../../../../src/adapters/agent/run.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';
import { geminiCli } from '../../../../src/adapters/agent/profiles/gemini-cli.ts';

const played = (p = claudeCode, isolation?: 'bwrap') => {
  const run = new AgentRun(p, 'claude', { timeoutMs: 5, startMs: 7 }, undefined, isolation as never, ['/ro']);
  return { run, lines: () => agentAssumptions({ run, profileSource: 'built-in x', levers: ['pointer'] }) };
};

describe('agentAssumptions', () => {
  it('names the CLI, its pin and version as asked, the limits, and the refused destinations observed', () => {
    const { run, lines } = played();
    expect(lines()[0]).toBe(
      `Agent CLI: claude-code (${claudeCode.package}, pinned ${claudeCode.version}), run as \`claude\`; version not asked yet; profile built-in x.`,
    );
    run.version = '9';
    run.addRefused(new Map([['x:1', 2]]));
    expect(lines()[0]).toContain('; version 9; ');
    expect(lines()[2]).toMatch(/refused destinations: x:1 \(2\)\.$/);
    expect(lines()[3]).toBe('Per-turn limit 5 ms (--timeout); the first request may take 7 ms.');
  });

  it('says a forget is a real compaction with what was observed, or why none is driven', () => {
    const { run, lines } = played();
    run.counts.compactions = 3;
    expect(lines()[4]).toMatch(/observed: 3 compactions, 0 files re-attached/);
    expect(played(geminiCli).lines()[4]).toMatch(/^No compaction is driven \(.+\): histories hold no forget/);
  });

  it('adds the --isolate line only under --isolate, naming what stays readable', () => {
    expect(
      played()
        .lines()
        .some((l) => l.startsWith('Under --isolate')),
    ).toBe(false);
    expect(
      played(claudeCode, 'bwrap')
        .lines()
        .find((l) => l.startsWith('Under --isolate')),
    ).toMatch(/hidden HOME: \/ro\.$/);
  });
});
