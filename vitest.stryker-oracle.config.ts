/**
 * The suite Stryker runs for every mutant of properties/oracle/ (stryker.oracle.config.json,
 * docs/MUTANTS.md): the oracle's own tests (test/properties, test/oracle), the harness, SPEC.md's
 * executable examples and their broken references, and conformance runs — the reference and
 * sound shims must pass (a stricter oracle is caught), broken shims must fail with the right
 * rule (a more lenient one is caught). Suites that read the oracle's source text (gates) are left
 * out: Stryker's instrumented source would fail them for every mutant alike.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { cheapFirst } from './mutations/stryker/sequencer.ts';

export default mergeConfig(base, defineConfig({
  test: {
    include: ['test/properties/**/*.test.ts', 'test/oracle/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/spec/**/*.test.ts', 'test/designs/kit-findings.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    bail: 1,
    sequence: {
      sequencer: cheapFirst(['test/spec/spec.test.ts', 'test/spec/levers.test.ts', 'test/properties/levers.test.ts', 'test/spec/broken.test.ts', 'test/properties/run.test.ts']),
    },
  },
}));
