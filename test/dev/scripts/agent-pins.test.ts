// dev/scripts/agent-pins.ts: the comparison and the flags (the registry and the CLIs are not reached here).
import { describe, expect, it } from 'vitest';
import { differences, parseArgs, verdictsOf } from '../../../dev/scripts/agent-pins.ts';

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
  });
});
