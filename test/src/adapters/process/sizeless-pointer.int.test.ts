/**
 * A process shim's pointer may leave `total` out (docs/reference/protocol.md "Claims"): the kit fills in the
 * size of what the request returns, so a shim whose stub states no size need not compute the host
 * tool's bounded text to answer "unchanged" (test/src/adapters/process/fixtures/sizeless_stub_shim.py).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openProcessAdapter } from '../../../../src/adapters/process/adapter.ts';
import { modeOfLevers } from '../../../../src/core/levers.ts';
import type { TraceEvent } from '../../../../src/core/trace.ts';
import { read, worker, write } from '../../../../properties/corpus/content.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { cpuBudget } from '../../cli/helpers.ts';
import { python, sandboxHome } from './helpers.ts';

const home = sandboxHome();
afterAll(() => rmSync(home, { recursive: true, force: true }));
const mode = modeOfLevers(['pointer']);
const T0 = 1_700_000_000_000;

// Four lines behind a 2-line tool: the request returns "l1\nl2\n" (6 bytes), not the file's 12.
const events: TraceEvent[] = [
  worker(),
  write('a.ts', 'l1\nl2\nl3\nl4\n', T0),
  read('a.ts'),
  read('a.ts'),
  write('a.ts', 'L1\nl2\nl3\nl4\n', T0 + 1000),
  read('a.ts'),
  read('a.ts'),
];

async function play(...flags: string[]) {
  const a = await openProcessAdapter({
    command: python('test/src/adapters/process/fixtures/sizeless_stub_shim.py', ...flags),
    sandboxDir: home,
    prespawn: 0,
  });
  try {
    const tool = a.capabilities.tool!;
    const v = await judgeHistory(a, { mode, cap: 4096, seal: 'sizeless', tool }, events);
    const claims = v.outcomes.flatMap((o) => (o.kind === 'read' && o.claim !== undefined ? [o.claim] : []));
    return { said: v.violations.map((x) => `${x.rule}: ${x.message}`), claims };
  } finally {
    await a.close?.();
  }
}

describe('a pointer without total over the process protocol', { timeout: cpuBudget(3) }, () => {
  it('takes the size of what the request returns, and a truthful stub passes', async () => {
    const { said, claims } = await play();
    expect(said).toEqual([]);
    expect(claims.filter((c) => c.kind === 'pointer')).toEqual([
      { kind: 'pointer', total: 6 },
      { kind: 'pointer', total: 6 },
    ]);
  });
  it('a stub keyed on the path alone is still a lie after an edit', async () => {
    const { said } = await play('--path-key');
    expect(said).toContain(
      'POINTER-FULL: said "unchanged, you hold all 6 bytes" but the worker holds a different version (6 bytes) than the current 6 bytes',
    );
  });
});
