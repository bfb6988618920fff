// Suite: long (*.long.test.ts, run by `npm run test:hosts`): Python SDK callbacks driven as hooks (41 s).
/**
 * Hooks that run inside an agent SDK (Python callbacks), driven with `--hook` through a thin
 * command hook and a long-lived runner that keeps their state between calls (docs/guide/hook.md,
 * examples/hooks/sdk/).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuBudget } from '../../cli/helpers.ts';
import { HOOKS, TRACE, failed, json, run } from '../drivers/helpers.ts';

const hook = `bash ${HOOKS}/sdk/hook.sh`;
const sdk = (prefix = ''): string[] => [
  '--hook',
  `${prefix}${hook}`,
  '--hook-post',
  `${prefix}${hook}`,
  '--hook-compact',
  `${prefix}${hook}`,
];
const replay = (name: string, flags: readonly string[]) =>
  run([...flags, '--replay', TRACE(name), '--reporter', 'json']);

/** Runner servers of this checkout still alive (each history's exits once its HOME is gone). */
function servers(): string[] {
  const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return ps.split('\n').filter((l) => l.includes(`${HOOKS}/sdk/runner.py --serve`));
}
const settle = async (): Promise<string[]> => {
  for (let i = 0; i < 40 && servers().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return servers();
};

describe('SDK hook callbacks behind the runner', { timeout: cpuBudget(6) }, () => {
  it('keep their state between calls: a re-read is pointed at, a compaction forgets it, nothing is left running', async () => {
    const r = await replay('compaction', sdk());
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const j = json(r);
    // The pointer needs what PostToolUse recorded in the callback module's memory, two processes earlier.
    expect(j.claims).toEqual({ verbatim: 2, pointer: 1 });
    expect(j.host!.counts).toMatchObject({ preToolUse: 3, postToolUse: 2, preCompact: 1, hookErrors: 0 });
    expect(await settle()).toEqual([]);
  });
  it('an edit is re-delivered, and the same callbacks that forget nothing on PreCompact fail FORGET-RESETS', async () => {
    const edit = await replay('edit', sdk());
    expect(edit.code, edit.stdout + edit.stderr).toBe(0);
    const forgetful = json(await replay('compaction', sdk('READSHIM_SDK_FORGETFUL=1 ')));
    expect(failed(forgetful)).toEqual(['FORGET-RESETS']);
    expect(await settle()).toEqual([]);
  });
});
