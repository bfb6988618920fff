/** What an agent run's report assumes: the CLI, how forget is played, what --isolate adds. */
import { describe, expect, it } from 'vitest';
import { agentAssumptions } from '../../../../src/adapters/agent/assumptions.ts';
import { AgentRun } from '../../../../src/adapters/agent/run.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';
import { geminiCli } from '../../../../src/adapters/agent/profiles/gemini-cli.ts';
import { qwenCode } from '../../../../src/adapters/agent/profiles/qwen-code.ts';

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
    expect(lines()).toContain('Per-turn limit 5 ms (--timeout); the first request may take 7 ms.');
  });

  it("says whether the version that ran lies in the range the profile was measured on, and the CLI's Node", () => {
    const { run, lines } = played();
    run.version = '2.1.332 (Claude Code)';
    expect(lines()[3]).toBe(
      "The profile was measured on claude-code 2.1.197–2.1.332; this run's 2.1.332 (Claude Code) is within that range.",
    );
    run.version = '2.1.400 (Claude Code)';
    expect(lines()[3]).toMatch(/this run's 2\.1\.400 \(Claude Code\) is OUTSIDE that range: .*exit 2/);
    run.version = 'unknown (--version exited 1)';
    expect(lines()[3]).toMatch(/this run's version is unknown/);
    expect(lines()[4]).toMatch(/^Node: none at run time: the claude bin is a native executable/);
  });

  it('says a forget is a real compaction with what was observed, or why none is driven', () => {
    const { run, lines } = played();
    run.counts.compactions = 3;
    expect(lines().find((l) => l.startsWith('A forget'))).toMatch(/observed: 3 compactions, 0 files re-attached/);
    expect(
      played(geminiCli)
        .lines()
        .find((l) => l.startsWith('No compaction')),
    ).toMatch(/^No compaction is driven \(.+\): histories hold no forget/);
  });

  it("qwen-code's: the compaction confirmed by its word, the padding, the loop guard's turn breaks and its halts", () => {
    const { run, lines } = played(qwenCode);
    run.counts.turnBreaks = 2;
    const all = lines().join('\n');
    expect(all).toContain("Each compaction is confirmed by the CLI's own word on stdout");
    expect(all).toContain('report 60,000 prompt tokens');
    expect(all).toContain('at most 120,000 characters');
    expect(all).toContain('after 5 identical tool calls in a row');
    expect(all).toContain('observed: 2 turn breaks');
    expect(all).toContain("quoting the CLI's own words from its stdout");
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
