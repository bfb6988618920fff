/**
 * Texts a tool never sniffs (spec/SPEC.md "Host refusals", spec 2.2): `refuse.textExtensions` and
 * `refuse.bomIsText` keep a file with a NUL a text; everything else is sniffed as before.
 */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../src/harness/host-tool.ts';
import { hostToolProblem } from '../../../src/core/host-tool.ts';

const TOOL = { refuse: { binary: true, binaryWithin: 512, textExtensions: ['.ts'], bomIsText: true } };
const refused = (text: string, path: string): boolean =>
  refusalOf(text, undefined, undefined, text, TOOL, path)?.code === 'EBINARY';

describe('refuse.textExtensions and refuse.bomIsText', () => {
  it('a NUL early in a .js file is binary; in a .ts file, or after a BOM, it is text', () => {
    expect(refused('a\u0000b\n', 'x.js')).toBe(true);
    expect(refused('a\u0000b\n', 'x.ts')).toBe(false);
    expect(refused('a\u0000b\n', 'X.TS')).toBe(false); // names compared case-folded
    expect(refused('\uFEFFa\u0000b\n', 'x.js')).toBe(false);
    expect(refused(`${'x'.repeat(600)}\u0000`, 'x.js')).toBe(false); // past binaryWithin
  });

  it('without them the same files are refused', () => {
    const plain = { refuse: { binary: true } };
    expect(refusalOf('a\u0000b\n', undefined, undefined, 'a\u0000b\n', plain, 'x.ts')?.code).toBe('EBINARY');
    expect(refusalOf('\uFEFFa\u0000', undefined, undefined, '\uFEFFa\u0000', plain, 'x.js')?.code).toBe('EBINARY');
  });

  it('declared: lists of extensions and a boolean, only beside refuse.binary', () => {
    expect(hostToolProblem(TOOL)).toBeUndefined();
    expect(hostToolProblem({ refuse: { binary: true, textExtensions: ['ts'] } })).toMatch(
      /refuse\.textExtensions must be an array of lower-case extensions/,
    );
    expect(hostToolProblem({ refuse: { binary: true, bomIsText: 'yes' } })).toBe(
      'capabilities.tool.refuse.bomIsText must be a boolean when given',
    );
    expect(hostToolProblem({ refuse: { textExtensions: ['.ts'] } })).toMatch(/need refuse\.binary: true/);
  });
});
