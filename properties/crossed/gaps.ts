/**
 * Applicable conditions × edits cells a kind of subject's default run does not reach yet, as
 * measured (test/properties/crossed/coverage.long.test.ts fails on a new gap, and on a listed one
 * that is reached: its entry must go). Rendered in docs/reference/session-band.md "Coverage gaps".
 */
export const COVERAGE_GAPS: Readonly<Record<string, readonly { readonly cell: string; readonly why: string }[]>> = {
  hook: [
    {
      cell: 'window-between × any',
      why: "the hook band's few operations per history rarely put a window between an edit and the whole re-read; the crossed case plays it",
    },
  ],
};
