// Suite: long (*.long.test.ts, run by `npm run test:hosts`): a hook process per read of each committed trace, for the ledger hook and each lying twin (about 11 s of CPU).
/**
 * examples/hooks/ledger-dedup.mjs, a PostToolUse dedup hook that answers re-reads with a pointer or
 * a single-region delta in its updatedToolOutput, and its twins that lie: each judged on one
 * committed trace (pointers, a delta, then a compaction and a rewind; docs/guide/hook.md).
 */
import { describe, expect, it } from 'vitest';
import { cpuBudget } from '../../cli/helpers.ts';
import { HOOKS, TRACE, failed, json, run } from '../drivers/helpers.ts';

const HOOK = `node ${HOOKS}/ledger-dedup.mjs`;
const DELTA = String.raw`changed since your last read: lines (?<first>\d+)-(?<last>\d+) of the (?<base>\d+) lines you hold are now:\n(?<body>.*)$`;
const ledger = (lie: string, forgets = 'compact,rewind') =>
  run([
    '--hook',
    HOOK,
    '--hook-post',
    `${HOOK} --deltas ${lie}`,
    '--hook-session-start',
    `${HOOK} ${lie}`,
    '--hook-forget',
    forgets,
    '--delta-pattern',
    DELTA,
    '--replay',
    TRACE('ledger-forgets'),
    '--reporter',
    'json',
  ]);

describe('a PostToolUse ledger hook: pointers and deltas in updatedToolOutput', { timeout: cpuBudget(4) }, () => {
  it('the truthful hook passes: its pointers and its delta are judged as such (not as a partial slice), across a compaction and a rewind', async () => {
    const r = await ledger('');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const j = json(r);
    expect(j.claims).toEqual({ verbatim: 3, pointer: 3, delta: 1 });
    for (const id of ['POINTER-FULL', 'FORGET-RESETS', 'DIFF-COMPLETE', 'DIFF-BASE-HELD'])
      expect(j.rules.find((x) => x.id === id)!.status, id).toBe('pass');
    expect(j.host).toMatchObject({ counts: { decodedOutput: 4, sessionStart: 2, compactions: 1, rewinds: 1 } });
    expect(j.assumptions.join('\n')).toMatch(/a rewind \(no hook runs/);
  });

  it('keeping the ledger across SessionStart "compact" fails FORGET-RESETS', async () => {
    const r = await ledger('--ignore-compact');
    expect(failed(json(r))).toEqual(['FORGET-RESETS']);
  });

  it('trusting the ledger without the transcript fails FORGET-RESETS once rewinds are played, and passes when none is', async () => {
    expect(failed(json(await ledger('--trust-ledger')))).toEqual(['FORGET-RESETS']);
    const compactOnly = await ledger('--trust-ledger', 'compact');
    expect(compactOnly.code, compactOnly.stdout).toBe(0);
  });

  it('a clear starts a new session (a new session_id, SessionStart "clear"): even the twin that ignores compactions passes', async () => {
    const r = await ledger('--ignore-compact', 'clear');
    expect(r.code, r.stdout).toBe(0);
    expect(json(r).host).toMatchObject({ counts: { clears: 2, compactions: 0, sessionStart: 3 } });
  });

  it('a delta whose rows are one late fails DIFF-COMPLETE', async () => {
    expect(failed(json(await ledger('--delta-shifted')))).toContain('DIFF-COMPLETE');
  });

  it("under --hook-subagents shared, a subagent gets its parent's session_id: keyed on agent_id too it passes; keyed on the session alone it fails ISOLATION", async () => {
    const shared = (lie: string) =>
      run([
        '--hook',
        HOOK,
        '--hook-post',
        `${HOOK} ${lie}`,
        '--hook-session-start',
        `${HOOK} ${lie}`,
        '--hook-subagents',
        'shared',
        '--replay',
        TRACE('subagent-shared-session'),
        '--reporter',
        'json',
      ]);
    const truthful = await shared('');
    expect(truthful.code, truthful.stdout).toBe(0);
    expect(json(truthful).claims).toEqual({ verbatim: 3, pointer: 2 });
    expect(failed(json(await shared('--session-keyed')))).toEqual(['ISOLATION']);
  });
});
