/**
 * A run judged behind a host tool's bound writes the bound under `hostTool` (and, deprecated, under
 * `tool`); a run without one leaves `tool` the envelope's name (docs/reference/report.md).
 */
import { describe, expect, it } from 'vitest';
import { runJson } from '../../../../src/cli/report/run.ts';
import { runConformance } from '../../../../properties/run.ts';
import { diskSizedStubAdapter, SOUND } from '../../../fixtures/naive-shims.ts';

const extras = { traceFiles: new Map<string, string>(), replayCommand: () => '' };

describe('the JSON report names the host tool bound under hostTool', () => {
  it('behind a bound: hostTool is the declared bound, tool carries it too (deprecated)', async () => {
    const bound = { maxLines: 3 };
    const r = await runConformance({ adapter: diskSizedStubAdapter(bound, false), arm: 'cap', runs: 1, seed: 1 });
    const json = JSON.parse(runJson(r, extras)) as Record<string, unknown>;
    expect(json.hostTool).toEqual(bound);
    expect(json.tool).toEqual(json.hostTool);
  }, 120_000);

  it('without a bound: no hostTool, and tool is the kit', async () => {
    const r = await runConformance({ adapter: SOUND, arm: 'cap', runs: 1, seed: 1, only: ['POINTER-FULL'] });
    const json = JSON.parse(runJson(r, extras)) as Record<string, unknown>;
    expect(json).not.toHaveProperty('hostTool');
    expect(json.tool).toBe('readshim-conformance');
  }, 120_000);
});
