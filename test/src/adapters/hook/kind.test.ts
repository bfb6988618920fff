/** --hook-session-start, --hook-forget and --hook-subagents: parsed, refused when malformed, replayed (src/adapters/hook/kind.ts). */
import { describe, expect, it } from 'vitest';
import { hookKind } from '../../../../src/adapters/hook/kind.ts';
import { UsageError } from '../../../../src/core/errors.ts';

const parse = (flags: Record<string, string>) =>
  hookKind.parse(new Map(Object.entries({ hook: 'bash h.sh', ...flags })), { cap: undefined, kinds: [hookKind] });

describe('the hook host flags of spec 2.2', () => {
  it('parses the forget kinds in order, SessionStart and shared subagents, and replays them', () => {
    const f = parse({
      'hook-forget': 'rewind,compact',
      'hook-session-start': 'node s.mjs',
      'hook-subagents': 'shared',
    })!;
    expect(f).toMatchObject({ forgets: ['rewind', 'compact'], sessionStart: 'node s.mjs', subagents: 'shared' });
    const argv = hookKind.argv(f, undefined).join(' ');
    expect(argv).toContain('--hook-forget rewind,compact');
    expect(argv).toContain("--hook-session-start 'node s.mjs'");
    expect(argv).toContain('--hook-subagents shared');
    expect(parse({ 'hook-subagents': 'own' })).not.toHaveProperty('subagents');
  });

  it('refuses an unknown or repeated forget kind, an empty list, and another subagents value, naming the flag', () => {
    for (const bad of ['compact,later', 'compact,compact', ''])
      expect(() => parse({ 'hook-forget': bad })).toThrow(
        /--hook-forget takes distinct kinds from compact, clear, rewind/,
      );
    expect(() => parse({ 'hook-subagents': 'parent' })).toThrow(UsageError);
    expect(() => parse({ 'hook-subagents': 'parent' })).toThrow(/--hook-subagents takes "shared"/);
  });
});
