/**
 * A host's page (spec/SPEC.md "Host read tools", "A host's page"; `tool.pageOverTokens`): a text over
 * the estimate may be shown as its first rows, and exactly such a page is adopted as the tool's text.
 */
import { describe, expect, it } from 'vitest';
import { hostPage, pageable } from '../../../src/harness/host-tool.ts';
import { pagedTruth, World } from '../../../src/harness/world.ts';
import { pageProblem, hostToolProblem } from '../../../src/core/host-tool.ts';

const TOOL = { normalize: ['split', 'trim-last'] as const, pageOverTokens: 2 };
const TEXT = 'alpha  \nbeta\ngamma\n'; // 19 UTF-16 units: ceil(19 / 4) = 5 tokens

describe('hostPage', () => {
  it('pageable: over the estimate, ceil(UTF-16 units / 4)', () => {
    expect(pageable(TEXT, TOOL)).toBe(true);
    expect(pageable('12345678', TOOL)).toBe(false); // 2 tokens: not over
    expect(pageable('123456789', TOOL)).toBe(true);
    expect(pageable(TEXT, { normalize: ['split'] })).toBe(false); // no page declared
  });

  it('a page is the first K rows, K below all of them, the last row trimmed under trim-last', () => {
    expect(hostPage(TEXT, 'alpha', TOOL)).toBe('alpha');
    expect(hostPage(TEXT, 'alpha  \nbeta', TOOL)).toBe('alpha  \nbeta');
    expect(hostPage(TEXT, 'alpha  \nbeta\ngamma', TOOL)).toBe('alpha  \nbeta\ngamma');
    expect(hostPage(TEXT, 'alpha  ', { ...TOOL, normalize: ['split'] })).toBe('alpha  ');
  });

  it('anything else is not a page: a cut inside a row, other bytes, the whole text, nothing, a text under the bound', () => {
    expect(hostPage(TEXT, 'alpha  \nbe', TOOL)).toBeUndefined();
    expect(hostPage(TEXT, 'alpha  \nBETA', TOOL)).toBeUndefined();
    expect(hostPage(TEXT, 'alpha  ', TOOL)).toBeUndefined(); // trim-last: the host shows "alpha"
    expect(hostPage(TEXT, TEXT, TOOL)).toBeUndefined();
    expect(hostPage(TEXT, '', TOOL)).toBeUndefined();
    expect(hostPage('a\nb', 'a', TOOL)).toBeUndefined();
  });

  it('the world marks a pageable text, and a response that is its page becomes the truth', () => {
    const w = new World(TOOL);
    w.write('a.txt', TEXT, 1_700_000_000_000);
    const truth = w.toolResult({ path: 'a.txt' });
    expect(truth).toMatchObject({ ok: true, pageable: true });
    expect(pagedTruth(truth, 'alpha', TOOL)).toEqual({ ok: true, text: 'alpha' });
    expect(pagedTruth(truth, 'alph', TOOL)).toBe(truth);
    expect(pagedTruth(truth, undefined, TOOL)).toBe(truth);
  });

  it('declared: a valid key of the bound, refused where the kit plays the read tool', () => {
    expect(hostToolProblem({ pageOverTokens: 25_000 })).toBeUndefined();
    expect(hostToolProblem({ pageOverTokens: 0 })).toBe(
      'capabilities.tool.pageOverTokens must be an integer >= 1 when given',
    );
    expect(pageProblem({ pageOverTokens: 25_000 }, 'capabilities.tool')).toMatch(
      /^capabilities\.tool\.pageOverTokens is for an agent profile/,
    );
    expect(pageProblem({ maxLines: 2000 }, 'capabilities.tool')).toBeUndefined();
  });
});
