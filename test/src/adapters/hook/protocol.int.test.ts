import { describe, expect, it } from 'vitest';
import { preDecision } from '../../../../src/adapters/hook/protocol.ts';

const exit = (code: number | null, stdout = '', stderr = '', signal: string | null = null) => ({
  code,
  signal,
  stdout,
  stderr,
});
const out = (o: unknown) => exit(0, JSON.stringify(o));

describe('preDecision: what a PreToolUse hook answered (Claude Code hooks)', () => {
  it.each([
    ['exit 0, no output', exit(0), { kind: 'allow', via: 'none' }],
    ['exit 0, plain text', exit(0, 'checked a.ts\n'), { kind: 'allow', via: 'none' }],
    ['exit 0, a JSON array (not a decision object)', exit(0, '[1]'), { kind: 'allow', via: 'none' }],
    [
      'permissionDecision allow',
      out({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }),
      { kind: 'allow', via: 'allow' },
    ],
    [
      'ask',
      out({ hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'sure?' } }),
      { kind: 'allow', via: 'ask' },
    ],
    [
      'deny with a reason',
      out({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'already in context' } }),
      { kind: 'deny', via: 'deny', reason: 'already in context' },
    ],
    [
      'the older block',
      out({ decision: 'block', reason: 'unchanged' }),
      { kind: 'deny', via: 'block', reason: 'unchanged' },
    ],
    ['the older approve', out({ decision: 'approve' }), { kind: 'allow', via: 'approve' }],
    [
      'exit 2: stderr is the reason, stdout ignored',
      exit(2, '{"decision":"approve"}', 'File unchanged\n'),
      { kind: 'deny', via: 'exit 2', reason: 'File unchanged\n' },
    ],
    [
      'updatedInput with allow',
      out({ hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { file_path: '/r/a', offset: 5 } } }),
      { kind: 'allow', via: 'allow', updatedInput: { file_path: '/r/a', offset: 5 } },
    ],
    [
      'updatedInput alone',
      out({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: '/r/a' } } }),
      { kind: 'allow', via: 'none', updatedInput: { file_path: '/r/a' } },
    ],
    ['exit 1: a non-blocking error', exit(1, '', 'jq: error'), { kind: 'error', detail: 'exit 1' }],
    ['killed', exit(null, '', '', 'SIGSEGV'), { kind: 'error', detail: 'killed by SIGSEGV' }],
  ])('%s', (_, x, want) => {
    expect(preDecision(x)).toEqual(want);
  });

  it.each([
    ['broken JSON', exit(0, '{"decision": '), /starts like JSON but is not/],
    ['continue: false', out({ continue: false }), /stops the agent/],
    [
      'an unknown permissionDecision',
      out({ hookSpecificOutput: { permissionDecision: 'defer' } }),
      /knows allow, deny and ask/,
    ],
    [
      'another event name',
      out({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'allow' } }),
      /hookEventName "PostToolUse"/,
    ],
    ['an unknown older decision', out({ decision: 'maybe' }), /knows "block" and "approve"/],
    [
      'a reason that is not text',
      out({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 3 } }),
      /not a string/,
    ],
  ])('%s is a protocol breach (exit 2 of the kit)', (_, x, why) => {
    const d = preDecision(x);
    expect(typeof d).toBe('string');
    expect(d).toMatch(why);
  });
});
