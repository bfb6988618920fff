/**
 * The suite Stryker runs for every mutant of reference/ (dev/stryker/stryker.reference.config.json,
 * docs/MUTANTS.md): the reference's unit tests, SPEC.md's executable examples and conformance
 * under every arm, all with fixed seeds. Suites that read the reference's source text (gates,
 * spec/broken tampering) are left out: Stryker's instrumented source would fail them for every
 * mutant alike.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { cheapFirst } from './sequencer.ts';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/reference/**/*.test.ts', 'test/spec/spec.test.ts', 'test/mutations/reference-conformance.suite.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // A mutant is killed by its first failing test: stop there, cheap tests first.
    bail: 1,
    sequence: {
      sequencer: cheapFirst([
        'test/spec/spec.test.ts',
        'test/reference/diff-lever.int.test.ts',
        'test/reference/diff.test.ts',
        'test/mutations/reference-conformance.suite.ts',
      ]),
    },
  },
});
