/**
 * The kit's one strict patch applier (src/core/patch.ts), as the oracle calls it
 * (properties/oracle/strict-patch.ts) and as the spec validator calls it (parseHunks + applyHunks):
 * one table of cases, both paths, the same verdicts. And everything jsdiff writes (the library the
 * reference builds its diffs with, which the applier no longer parses with) applies exactly.
 */
import fc from 'fast-check';
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { applyHunks, parseHunks } from '../../src/core/patch.ts';
import { applyStrict } from '../../properties/oracle/strict-patch.ts';

type Case = readonly [name: string, base: string, patch: string, expected: string | RegExp];

const H = '--- a/f\n+++ b/f\n';
const TEN = Array.from({ length: 10 }, (_, i) => `l${i + 1}\n`).join('');

const CASES: readonly Case[] = [
  ['a change at its header line', 'a\nb\nc\n', `${H}@@ -2,1 +2,1 @@\n-b\n+B\n`, 'a\nB\nc\n'],
  ['a count left out means 1', 'a\nb\nc\n', `${H}@@ -2 +2 @@\n-b\n+B\n`, 'a\nB\nc\n'],
  ['-k,0 inserts after line k', TEN, `${H}@@ -2,0 +3,1 @@\n+new\n`, TEN.replace('l2\n', 'l2\nnew\n')],
  ['-0,0 inserts at the top of a file', TEN, `${H}@@ -0,0 +1,1 @@\n+top\n`, `top\n${TEN}`],
  ['-0,0 fills an empty file', '', `${H}@@ -0,0 +1,2 @@\n+x\n+y\n`, 'x\ny\n'],
  ['-k,0 at the very end', 'a\n', `${H}@@ -1,0 +2,1 @@\n+b\n`, 'a\nb\n'],
  ['-k,0 past the end', 'a\n', `${H}@@ -2,0 +3,1 @@\n+b\n`, /starts at line 3, outside the remaining lines/],
  [
    '-k,0 carrying a context line (counts do not match)',
    TEN,
    `${H}@@ -2,0 +3,1 @@\n l3\n`,
    /counts 0\/1 lines but carries 0\/0/,
  ],
  ['-0,n with n > 0 (there is no line 0)', 'a\n', `${H}@@ -0,1 +1,1 @@\n-a\n+b\n`, /line 0/],
  [
    'a misplaced header (jsdiff would relocate it)',
    'A\nb\nc\nx\na\nb\nc\n',
    `${H}@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n`,
    /line 1 of the held version is "A\\n"/,
  ],
  [
    'two hunks in order',
    TEN,
    `${H}@@ -1,1 +1,1 @@\n-l1\n+L1\n@@ -9,1 +9,1 @@\n-l9\n+L9\n`,
    TEN.replace('l1\n', 'L1\n').replace('l9\n', 'L9\n'),
  ],
  [
    'hunks out of order',
    TEN,
    `${H}@@ -9,1 +9,1 @@\n-l9\n+L9\n@@ -1,1 +1,1 @@\n-l1\n+L1\n`,
    /out of order or overlapping/,
  ],
  [
    'overlapping hunks',
    TEN,
    `${H}@@ -1,2 +1,2 @@\n-l1\n+L1\n l2\n@@ -2,1 +2,1 @@\n-l2\n+L2\n`,
    /out of order or overlapping/,
  ],
  ['a hunk past the end', 'a\n', `${H}@@ -3,1 +3,1 @@\n-c\n+C\n`, /outside the remaining lines/],
  ['no ---/+++ headers', 'a\n', '@@ -1,1 +1,1 @@\n-a\n+b\n', /no ---\/\+\+\+ file headers/],
  ['+++ before ---', 'a\n', '+++ b/f\n--- a/f\n@@ -1,1 +1,1 @@\n-a\n+b\n', /no ---\/\+\+\+ file headers/],
  ['--- without +++', 'a\n', '--- a/f\n@@ -1,1 +1,1 @@\n-a\n+b\n', /not followed by a "\+\+\+" header/],
  ['headers but no hunk', 'a\n', H, /has no hunk/],
  [
    'git and Index preambles are fine',
    'a\n',
    `diff --git a/f b/f\nindex 0123456..89abcde 100644\n${H}@@ -1,1 +1,1 @@\n-a\n+b\n`,
    'b\n',
  ],
  [
    'an svn-style preamble is fine',
    'a\n',
    `Index: f\n===================================================================\n${H}@@ -1,1 +1,1 @@\n-a\n+b\n`,
    'b\n',
  ],
  ['a hunk header with a section heading', 'a\nb\n', `${H}@@ -2,1 +2,1 @@ function f() {\n-b\n+B\n`, 'a\nB\n'],
  ['a second file', 'a\n', `${H}@@ -1,1 +1,1 @@\n-a\n+b\n${H}@@ -1,1 +1,1 @@\n-a\n+b\n`, /second file/],
  [
    'text after the last hunk',
    'a\n',
    `${H}@@ -1,1 +1,1 @@\n-a\n+b\nthanks!\n`,
    /line 6 of the patch is not a hunk header/,
  ],
  [
    'more lines than the header counts',
    'a\n',
    `${H}@@ -1,1 +1,1 @@\n-a\n+b\n+c\n`,
    /line 6 of the patch is not a hunk header/,
  ],
  [
    'fewer lines than the header counts',
    'a\nb\n',
    `${H}@@ -1,2 +1,2 @@\n-a\n+A\n`,
    /counts 2\/2 lines but carries 1\/1 before the end of the patch/,
  ],
  [
    'an empty row inside a hunk (a context line lost its space)',
    'a\n\nb\n',
    `${H}@@ -1,3 +1,3 @@\n-a\n+A\n\n b\n`,
    /counts 3\/3 lines but carries 1\/1 before line 6: ""/,
  ],
  ['a row with no marker', 'a\nb\n', `${H}@@ -1,2 +1,2 @@\n-a\n+A\nb\n`, /before line 6: "b"/],
  [
    '"\\ No newline" removes the final newline',
    'a\nb\n',
    `${H}@@ -2,1 +2,1 @@\n-b\n+b\n\\ No newline at end of file\n`,
    'a\nb',
  ],
  [
    '"\\ No newline" on the old side adds one',
    'a\nb',
    `${H}@@ -2,1 +2,1 @@\n-b\n\\ No newline at end of file\n+b\n`,
    'a\nb\n',
  ],
  [
    '"\\ No newline" on the old side must be true',
    'a\nb\n',
    `${H}@@ -2,1 +2,1 @@\n-b\n\\ No newline at end of file\n+c\n`,
    /line 2 of the held version is "b\\n", the hunk expects "b"/,
  ],
  [
    '"\\ No newline" with nothing before it',
    'a\n',
    `${H}@@ -1,1 +1,1 @@\n\\ No newline at end of file\n-a\n+b\n`,
    /carries 0\/0 before line 4/,
  ],
  ['CRLF lines patch exactly', 'x\r\ny\r\n', `${H}@@ -2,1 +2,1 @@\n-y\r\n+Y\r\n`, 'x\r\nY\r\n'],
  [
    'a CRLF patch does not apply to LF lines',
    'x\ny\n',
    `${H}@@ -2,1 +2,1 @@\n-y\r\n+Y\r\n`,
    /line 2 of the held version is "y\\n", the hunk expects "y\\r\\n"/,
  ],
];

/** The spec validator's path: its own parse of the claim's patch, then the applier. */
function specPath(base: string, patch: string): { ok: true; text: string } | { ok: false; reason: string } {
  const hunks = parseHunks(patch, true);
  if (!hunks.ok) return hunks;
  const r = applyHunks(base, hunks.value);
  return r.ok ? { ok: true, text: r.value } : r;
}

describe('one table, the oracle and the spec validator agree', () => {
  it.each(CASES)('%s', (_name, base, patch, expected) => {
    const oracle = applyStrict(base, patch);
    const spec = specPath(base, patch);
    expect(spec).toEqual(oracle);
    if (typeof expected === 'string') expect(oracle).toEqual({ ok: true, text: expected });
    else {
      expect(oracle.ok).toBe(false);
      if (!oracle.ok) expect(oracle.reason).toMatch(expected);
    }
  });

  it('SPEC.md notation (hunks without file headers) reads the same hunks', () => {
    const body = '@@ -2,0 +3,1 @@\n+new\n';
    const bare = parseHunks(body, false);
    const full = parseHunks(`${H}${body}`, true);
    expect(bare).toEqual(full);
    expect(parseHunks(`junk\n${body}`, false)).toMatchObject({ ok: false });
  });
});

describe('everything jsdiff writes applies exactly (the reference builds its diffs with it)', () => {
  const line = fc.constantFrom('a', 'b', 'c', '', 'é', '😀', '  x', '-', '+', '\\', '@@ -1 +1 @@', '--- x', '+++ y');
  const text = fc
    .record({
      lines: fc.array(line, { maxLength: 14 }),
      crlf: fc.boolean(),
      finalNewline: fc.boolean(),
    })
    .map(({ lines, crlf, finalNewline }) => {
      const eol = crlf ? '\r\n' : '\n';
      return lines.length === 0 ? '' : lines.join(eol) + (finalNewline ? eol : '');
    });

  it('old → patch → new, for every context size', () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 4 }), fc.boolean(), (a, b, context, git) => {
        const patch = createTwoFilesPatch('a/f', 'b/f', a, b, undefined, undefined, { context });
        const sent = git ? `diff --git a/f b/f\nindex 1111111..2222222 100644\n${patch.replace(/^=+\n/m, '')}` : patch;
        if (a === b && !/@@/.test(patch)) return; // no hunk: nothing to send
        expect(applyStrict(a, sent)).toEqual({ ok: true, text: b });
      }),
      { numRuns: 300, seed: 14 },
    );
  });
});
