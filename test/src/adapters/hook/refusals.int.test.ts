/**
 * The hook host's Read refuses a whole read over 256 KB (spec/SPEC.md "Host refusals"): the corpus
 * cases of `refusal-recorded` played against the example hooks (docs/LIE-CLASSES.md). A hook that
 * records at PreToolUse lies; its twin that records what PostToolUse delivered passes.
 */
import { describe, expect, it } from 'vitest';
import { openHookAdapter, type HookDriverOptions } from '../../../../src/adapters/hook/adapter.ts';
import { READ_TOOL_BOUND_2_0 } from '../../../../src/adapters/hook/host-read.ts';
import { modeOfLevers } from '../../../../src/core/levers.ts';
import { caseById } from '../../../../properties/corpus/cases.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { cpuBudget } from '../../cli/helpers.ts';
import { HOOKS } from '../drivers/helpers.ts';

const mode = modeOfLevers(['pointer', 'diff']);
const compact = `bash ${HOOKS}/content-dedup-compact.sh`;

async function play(id: string, hook: HookDriverOptions): Promise<string[]> {
  const adapter = openHookAdapter(hook);
  const c = caseById(id)!;
  const ctx = { cap: c.cap, mode, seal: 'hook-refusals', tool: adapter.capabilities.tool! };
  const v = await judgeHistory(adapter, { mode, cap: c.cap, seal: ctx.seal, tool: ctx.tool }, c.events(ctx));
  return v.violations.map((x) => `${x.rule}: ${x.message}`);
}

describe('a refused read recorded as delivered (the hook host)', { timeout: cpuBudget(4) }, () => {
  it('content-dedup-pre.sh: a repeated refusal pointed at is true; once the file is cut back under 256 KB, "already in context" is a lie', async () => {
    // Both re-reads after the cut are lies (the hook keeps pointing): the repeated refusal before it is not.
    const lie = [
      'FIRST-VERBATIM: a first read of a 28,893-byte file was answered "unchanged, you hold all 28,893 bytes", not with the tool\'s text untouched',
      'POINTER-FULL: said "unchanged, you hold all 28,893 bytes" but the worker holds none of it',
    ];
    const pre = { command: `bash ${HOOKS}/content-dedup-pre.sh`, compact };
    // Behind the 2,000-line Read the hook host played before 2.1 (--hook-tool), where the cut-back file's first 2,000 lines are the refused file's.
    expect(await play('refused-then-trimmed', { ...pre, tool: READ_TOOL_BOUND_2_0 })).toEqual([...lie, ...lie]);
    // Claude Code 2.1.197's Read cuts no lines: what the hook recorded is never what a later Read returns.
    expect(await play('refused-then-trimmed', pre)).toEqual([]);
  });
  it('mtime-dedup.sh, keyed by path and recording at PreToolUse: the window the refusal asks for is answered "already in context"', async () => {
    const said = await play('refused-then-window', {
      command: `bash ${HOOKS}/mtime-dedup.sh`,
      compact: `bash ${HOOKS}/mtime-dedup-compact.sh`,
    });
    // The repeated whole read, refused again, is pointed at truly (the worker was given that refusal); the window is not.
    expect(said.slice(0, 2)).toEqual([
      // 54 bytes: the window's last row is shown without its newline (split rows, Claude Code 2.1.197).
      expect.stringMatching(/^FIRST-VERBATIM: a first read of a 54-byte file was answered "unchanged/),
      'POINTER-FULL: said "unchanged, you hold all 54 bytes" but the worker holds none of it',
    ]);
  });
  it('the truthful twin (content-dedup.sh, records at PostToolUse) passes both cases', async () => {
    const twin = { command: `bash ${HOOKS}/content-dedup.sh`, post: `bash ${HOOKS}/content-dedup-post.sh`, compact };
    expect(await play('refused-then-trimmed', twin)).toEqual([]);
    expect(await play('refused-then-window', twin)).toEqual([]);
  });
});
