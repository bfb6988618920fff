/** `--agent` / `--agent-profile` as a kind of subject: its flags and their clashes. */
import { describe, expect, it } from 'vitest';
import { agentKind } from '../../../../src/adapters/agent/kind.ts';
import { BUILTIN_PROFILES } from '../../../../src/adapters/agent/profiles/index.ts';
import { parseSubject } from '../../../../src/cli/subjects.ts';

describe('--agent flags', () => {
  const flags = (o: Record<string, string>) => new Map(Object.entries(o));
  it('takes a built-in name or a module, not both, and --agent-command only with them', () => {
    expect(parseSubject(flags({ agent: 'claude-code' }), undefined)).toEqual({
      kind: 'agent',
      command: 'claude-code',
      builtin: true,
    });
    expect(parseSubject(flags({ 'agent-profile': 'p.ts', 'agent-command': '/opt/c' }), undefined)).toEqual({
      kind: 'agent',
      command: 'p.ts',
      builtin: false,
      agentCommand: '/opt/c',
    });
    expect(() => parseSubject(flags({ agent: 'claude-code', 'agent-profile': 'p.ts' }), undefined)).toThrow(/not both/);
    expect(() => parseSubject(flags({ agent: 'cursor' }), undefined)).toThrow(/one of claude-code/);
    expect(() => parseSubject(flags({ 'agent-command': 'x' }), undefined)).toThrow(/applies to --agent/);
    expect(() => parseSubject(flags({ agent: 'claude-code', hook: 'x' }), undefined)).toThrow(/drop --hook/);
  });

  it('knows the built-in names from the profile registry, and replays what it parsed', () => {
    const names = Object.keys(BUILTIN_PROFILES);
    expect(() => parseSubject(flags({ agent: 'cursor' }), undefined)).toThrow(
      `run: --agent takes one of ${names.join(', ')} (or --agent-profile <module>), got "cursor"`,
    );
    for (const name of names) {
      const d = parseSubject(flags({ agent: name, 'agent-command': '/opt/a b' }), undefined);
      expect(d).toEqual({ kind: 'agent', command: name, builtin: true, agentCommand: '/opt/a b' });
      if (d.kind === 'agent')
        expect(agentKind.argv(d, undefined)).toEqual([`--agent ${name}`, "--agent-command '/opt/a b'"]);
    }
  });
});
