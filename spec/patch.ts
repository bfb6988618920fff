/**
 * Comparing a diff with the patch an example expects. Parsing and strict application are the
 * kit's one applier (src/core/patch.ts), shared with the oracle.
 */
import { formatHunkHeader, type Hunk } from '../src/core/patch.ts';

/** Undefined when equal, else a one-line description of the first difference. */
export function hunksDiffer(actual: readonly Hunk[], expected: readonly Hunk[]): string | undefined {
  for (let k = 0; k < Math.max(actual.length, expected.length); k++) {
    const a = actual[k];
    const e = expected[k];
    if (a === undefined) return `hunk ${k + 1} ${formatHunkHeader(e!)} is missing`;
    if (e === undefined) return `an extra hunk ${formatHunkHeader(a)}`;
    if (formatHunkHeader(a) !== formatHunkHeader(e))
      return `hunk ${k + 1} is ${formatHunkHeader(a)}, expected ${formatHunkHeader(e)}`;
    for (let j = 0; j < Math.max(a.lines.length, e.lines.length); j++)
      if (a.lines[j] !== e.lines[j])
        return `hunk ${k + 1} line ${j + 1} is ${JSON.stringify(a.lines[j] ?? '(none)')}, expected ${JSON.stringify(e.lines[j] ?? '(none)')}`;
  }
  return undefined;
}
