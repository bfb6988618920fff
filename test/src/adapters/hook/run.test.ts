/** What a hook run shares: tool_use ids, and the rule that a hook which never succeeded decides nothing. */
import { describe, expect, it } from 'vitest';
import { AdapterError } from '../../../../src/core/errors.ts';
import { READ_TOOL_BOUND } from '../../../../src/adapters/hook/host-read.ts';
import { HookRun, NEVER_SUCCEEDED_AFTER, type HookSetup } from '../../../../src/adapters/hook/run.ts';

const setup: HookSetup = {
  command: 'bash h.sh',
  post: undefined,
  compact: undefined,
  sessionStart: undefined,
  forgets: ['compact'],
  subagents: 'own',
  timeoutMs: 1,
  cwd: '/',
  bound: READ_TOOL_BOUND,
  pattern: 'x',
  pointer: /x/i,
  decoder: undefined,
  sandboxDir: undefined,
  isolation: undefined,
};

/** `n` PreToolUse calls, each an error (`fail`) or not. */
function calls(r: HookRun, outcomes: readonly boolean[]): void {
  for (const fail of outcomes) {
    r.counts.preToolUse++;
    if (fail) r.hookError(`exit ${r.counts.preToolUse}`);
  }
}

describe('HookRun', () => {
  it('numbers its tool_use ids', () => {
    const r = new HookRun(setup);
    expect([r.toolUseId(), r.toolUseId()]).toEqual(['toolu_readshim_1', 'toolu_readshim_2']);
  });

  it(`ends the run once ${NEVER_SUCCEEDED_AFTER} calls all failed, naming the first error`, () => {
    const r = new HookRun(setup);
    calls(r, Array<boolean>(NEVER_SUCCEEDED_AFTER - 1).fill(true));
    expect(r.failure()?.message).toMatch(/all 9 calls ended in an error \(first: exit 1\)/);
    r.counts.preToolUse++;
    expect(() => r.hookError('exit 10')).toThrow(AdapterError);
    r.counts.preToolUse++;
    expect(() => r.hookError('exit 11')).toThrow(
      `the PreToolUse hook "bash h.sh" never succeeded: all 11 calls ended in an error (first: exit 1), so nothing it decides was judged`,
    );
  });

  it('a hook that succeeded once is judged, however often it fails after', () => {
    const r = new HookRun(setup);
    calls(r, [false, ...Array<boolean>(2 * NEVER_SUCCEEDED_AFTER).fill(true)]);
    expect(r.failure()).toBeUndefined();
    expect(r.counts.hookErrors).toBe(2 * NEVER_SUCCEEDED_AFTER);
    expect(new HookRun(setup).failure()).toBeUndefined(); // no call made: nothing to say
  });
});
