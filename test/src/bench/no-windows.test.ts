/** bench honours capabilities.windows: false, as run does (src/cli/commands/bench.ts). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess, ROOT } from '../cli/helpers.ts';

const adapter = join(ROOT, 'test/fixtures/adapters/no-windows.ts');
const seen = globalThis as { noWindowsRequests?: number };

describe('bench and a shim without line windows', () => {
  it('sends it no window request, and the report says the workload has none', async () => {
    const r = await inProcess([
      'bench',
      '--adapter',
      adapter,
      '--baselines',
      'none',
      '--reads',
      '200',
      '--workers',
      '10',
      '--reporter',
      'json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(seen.noWindowsRequests).toBe(0);
    const j = JSON.parse(r.stdout) as { notes?: string[] };
    expect(j.notes).toContain(
      'no-windows declares capabilities.windows: false: this workload has no line windows (--window-rate 0)',
    );
  });
  it('an explicit --window-rate above 0 for it is exit 2', async () => {
    const r = await inProcess(['bench', '--adapter', adapter, '--baselines', 'none', '--window-rate', '0.5']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'readshim-conformance: bench: adapter no-windows declares capabilities.windows: false, so it is sent no line window: drop --window-rate 0.5',
    );
  });
});
