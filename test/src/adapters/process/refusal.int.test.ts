/**
 * Host refusals over the process protocol (docs/reference/protocol.md, spec/SPEC.md "Host refusals"): a
 * process declares tool.refuse in hello and refuses its own reads; the corpus cases of
 * `refusal-recorded` judge it (examples/python/host_tool_refusing_shim.py).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openProcessAdapter } from '../../../../src/adapters/process/adapter.ts';
import { modeOfLevers } from '../../../../src/core/levers.ts';
import { caseById } from '../../../../properties/corpus/cases.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { cpuBudget } from '../../cli/helpers.ts';
import { python, sandboxHome } from './helpers.ts';

const home = sandboxHome();
afterAll(() => rmSync(home, { recursive: true, force: true }));
const mode = modeOfLevers(['pointer']);

async function play(flags: string[], id: string): Promise<string[]> {
  const a = await openProcessAdapter({
    command: python('examples/python/host_tool_refusing_shim.py', ...flags),
    sandboxDir: home,
    prespawn: 0,
  });
  try {
    const tool = a.capabilities.tool!;
    expect(tool.refuse).toEqual({ maxBytes: 262_144 });
    const c = caseById(id)!;
    const ctx = { cap: c.cap, mode, seal: 'process-refusal', tool };
    const v = await judgeHistory(a, { mode, cap: c.cap, seal: ctx.seal, tool }, c.events(ctx));
    return v.violations.map((x) => `${x.rule}: ${x.message}`);
  } finally {
    await a.close?.();
  }
}

describe('a process shim behind a refusing host tool', { timeout: cpuBudget(4) }, () => {
  it('keyed on what it delivered, it passes the refusal cases', async () => {
    expect(await play([], 'refused-then-trimmed')).toEqual([]);
    expect(await play([], 'refused-then-window')).toEqual([]);
  });
  it('with its map written before the size check, the worker is told it holds the trimmed file it never got', async () => {
    expect(await play(['--record-first'], 'refused-then-trimmed')).toContain(
      'POINTER-FULL: said "unchanged, you hold all 28,893 bytes" but the worker holds none of it',
    );
  });
});
