/**
 * host-tool-bound (docs/LIE-CLASSES.md; spec/SPEC.md "Host read tools"): a stub sized from the
 * disk after a read the host tool cut lies, its twin sized from the tool's text passes — behind a
 * mid-line cut past a file size (cutChars, step 5), a token cut (maxTokens, step 6) and a line limit.
 */
import { describe, expect, it } from 'vitest';
import type { HostToolBound } from '../../src/core/host-tool.ts';
import { runConformance, type RunResult } from '../../properties/run.ts';
import { diskSizedStubAdapter } from '../fixtures/naive-shims.ts';

const SEED = 20_261_130;
const caseOf = (r: RunResult, id: string) => r.corpus!.cases.find((c) => c.id === id)!;
const failed = (r: RunResult) => r.rules.filter((x) => x.status === 'fail').map((x) => x.id);

const TOOLS: [string, HostToolBound][] = [
  ['a mid-line cut past a file size', { cutChars: { at: 300, overBytes: 400 } }],
  ['a token cut', { maxTokens: 100 }],
  ['a line limit', { maxLines: 40 }],
];

describe.each(TOOLS)('host-tool-bound behind %s', (_, tool) => {
  it('a stub sized from the disk after the cut read is a lie the corpus case finds', async () => {
    const r = await runConformance({ adapter: diskSizedStubAdapter(tool, true), runs: 0, seed: SEED });
    expect(caseOf(r, 'host-tool-bound').failed).toContain('POINTER-FULL');
    // Other classes with a cut file (a-b-a) break it first: this one is listed as its own mechanism.
    const m = r.rules.find((x) => x.id === 'POINTER-FULL')!.mechanisms!.find((x) => x.case === 'host-tool-bound')!;
    expect(m.lieClass).toBe('host-tool-bound');
    expect(m.message).toMatch(/^said "unchanged, you hold all [\d,]+ bytes" but the worker holds/);
  });
  it('its twin, sized from the tool’s text, passes', async () => {
    const r = await runConformance({ adapter: diskSizedStubAdapter(tool, false), runs: 0, seed: SEED });
    expect(caseOf(r, 'host-tool-bound')).toMatchObject({ played: true, failed: [] });
    expect(failed(r)).toEqual([]);
  });
});
