/**
 * The token cut (spec/SPEC.md "Host read tools", step 6; `capabilities.tool.maxTokens`): the
 * content of a request is the partial view the tool shows past its token estimate, the report's
 * assumptions say so, and the reference behind such a tool passes the corpus (the
 * `host-tool-bound` case sized past the estimate) and a short random phase.
 */
import { describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { runConformance } from '../../properties/run.ts';

const SEED = 20_261_130;

describe('a tool that shows a partial view past a token estimate', () => {
  it('the reference behind it passes, the bound case played past the cut, the assumption printed', async () => {
    const adapter = { ...reference, capabilities: { ...reference.capabilities, tool: { maxTokens: 300 } } };
    for (const arm of ['cap', 'diff'] as const) {
      const r = await runConformance({ adapter, arm, runs: 3, seed: SEED });
      expect(r.rules.filter((x) => x.status === 'fail').map((x) => `${arm} ${x.id}`)).toEqual([]);
      expect(r.corpus!.cases.find((c) => c.id === 'host-tool-bound')).toMatchObject({ played: true, failed: [] });
      expect(r.assumptions.join('\n')).toContain(
        'the text cut at a line end to at most 300 tokens (estimated as UTF-8 bytes / 4, a partial view)',
      );
    }
  }, 120_000);
});
