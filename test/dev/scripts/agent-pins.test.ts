// dev/scripts/agent-pins.ts: the comparison and the flags (the registry and the CLIs are not reached here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { differences, parseArgs, verdictsOf } from '../../../dev/scripts/agent-pins.ts';
import { classify, fails, markdown, newsworthy, textLines, type PinOutcome } from '../../../dev/scripts/pin-check.ts';
import { ROOT } from '../../src/cli/helpers.ts';

const report = (rules: Record<string, string>): unknown => ({
  rules: Object.entries(rules).map(([id, status]) => ({ id, status })),
});

describe('agent-pins', () => {
  it('names each rule whose status differs between the pinned and the newest version', () => {
    const a = verdictsOf(report({ 'POINTER-FULL': 'fail', 'SLICE-EXACT': 'pass', 'FORGET-RESETS': 'n/a' }), '2.1.197');
    const b = verdictsOf(report({ 'POINTER-FULL': 'pass', 'SLICE-EXACT': 'pass' }), '2.1.332');
    expect(differences(a, b)).toEqual([
      'FORGET-RESETS: n/a at 2.1.197, absent at 2.1.332',
      'POINTER-FULL: fail at 2.1.197, pass at 2.1.332',
    ]);
    expect(differences(a, a)).toEqual([]);
  });

  it('refuses a report without rules, unknown CLIs and bad --runs', () => {
    expect(() => verdictsOf({ summary: {} }, '1')).toThrow(/no rules/);
    expect(parseArgs(['--only', 'opencode'])).toMatch(/unknown CLI opencode/);
    expect(parseArgs(['--runs', '0'])).toMatch(/--runs/);
    expect(parseArgs(['--bogus'])).toMatch(/unknown flag --bogus/);
    expect(parseArgs(['--only', 'qwen-code', '--runs', '3'])).toEqual({ only: ['qwen-code'], runs: 3, keep: false });
    expect(parseArgs(['--markdown'])).toMatch(/--markdown: a file/);
    expect(parseArgs(['--markdown', 'pins.md'])).toMatchObject({ markdown: 'pins.md' });
  });

  it("classifies a run's exit-2 line by the kit's words: undecodable text, a halt, an exit, a hang", () => {
    expect(
      classify(
        'qwen-code: the profile cannot decode the tool result of a.ts: "x" (qwen-code 0.30.0; profile measured on 0.24.4)',
      ).kind,
    ).toBe('undecodable');
    expect(
      classify(
        'claude-code: the profile cannot read the tool result of docs/c.md: line 176 of the tool result has no "N\\t" number: ""',
      ).kind,
    ).toBe('undecodable');
    expect(
      classify(
        'qwen-code stopped its turn while the kit waited for the tool result; it said: "Loop detection halted the run"',
      ).kind,
    ).toBe('halt');
    expect(classify('claude-code exited with code 1 while the kit waited for its first request').kind).toBe('exit');
    expect(
      classify(
        'qwen-code sent no request within 30000 ms while the kit waited for x (a hung CLI; --timeout sets the per-turn limit)',
      ).kind,
    ).toBe('hang');
    expect(classify('something else').kind).toBe('other');
  });

  it('fails only on undecodable text; differences and halts are news, written into the issue', () => {
    const current: PinOutcome = { name: 'gemini-cli', pinned: '0.61.0', newest: '0.61.0', kind: 'current' };
    const differs: PinOutcome = {
      name: 'claude-code',
      pinned: '2.1.197',
      newest: '2.1.332',
      kind: 'judged',
      differences: ['POINTER-FULL: fail at 2.1.197, n/a at 2.1.332'],
    };
    const halted: PinOutcome = {
      name: 'qwen-code',
      pinned: '0.15.10',
      newest: '0.24.4',
      kind: 'unjudged',
      side: 'newest',
      why: classify('qwen-code stopped its turn …; it said: "Loop detection halted the run"'),
    };
    const undecodable: PinOutcome = {
      ...halted,
      why: classify('qwen-code: the profile cannot decode the tool result of a.ts: "[x]"'),
    };
    expect(fails([current, differs, halted])).toBe(false);
    expect(fails([current, undecodable])).toBe(true);
    expect(newsworthy([current])).toBe(false);
    expect(newsworthy([current, differs])).toBe(true);
    expect(textLines(current)).toEqual(['gemini-cli: pinned 0.61.0 is the newest published version']);
    expect(textLines(halted)).toEqual([
      'qwen-code: newest 0.24.4 could not be judged — the CLI stopped its turn (its own words):',
      '  qwen-code stopped its turn …; it said: "Loop detection halted the run"',
    ]);
    const md = markdown([current, differs, undecodable], '2026-12-06');
    expect(md).toContain('## claude-code: pinned 2.1.197, newest 2.1.332');
    expect(md).toContain('- POINTER-FULL: fail at 2.1.197, n/a at 2.1.332');
    expect(md).toContain('```text\nqwen-code: the profile cannot decode the tool result of a.ts: "[x]"\n```');
    expect(md).toContain('its profile cannot decode a tool result (the check fails)');
  });
  it('the weekly workflow runs this script with flags it takes, after installing the pins, and fails only on its exit', () => {
    const wf = readFileSync(join(ROOT, '.github/workflows/agent-pins.yml'), 'utf8');
    expect(wf).toMatch(/schedule:\n\s+- cron: '[^']+'/);
    const line = /npx tsx dev\/scripts\/agent-pins\.ts ([^|\n]*)\|/.exec(wf);
    expect(line).not.toBeNull();
    expect(parseArgs(line![1]!.trim().split(/\s+/))).toMatchObject({ runs: 2, markdown: 'pins.md' });
    expect(wf.indexOf('dev/scripts/install-agent-clis.sh')).toBeLessThan(
      wf.indexOf('dev/scripts/agent-pins.ts --runs'),
    );
    expect(wf).toContain('gh issue create');
    expect(wf).toContain('gh issue edit');
  });
});
