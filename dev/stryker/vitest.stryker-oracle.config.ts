/**
 * The suite Stryker runs for every mutant of properties/oracle/ (dev/stryker/stryker.oracle.config.json,
 * docs/MUTANTS.md): the oracle's own tests (test/properties, test/properties/oracle), the harness, SPEC.md's
 * executable examples, and a short conformance suite — the reference and sound shims must pass
 * (a stricter oracle is caught), broken shims must fail with the right rule (a more lenient one
 * is caught). Left out: suites that read the oracle's source text (gates: Stryker's instrumented
 * source would fail them for every mutant alike), suites that spawn the CLI or copy the reference
 * (test/spec/malformed, test/spec/broken: they judge with spec/, not the oracle), and
 * test/properties/run.long.test.ts (the same runs as test/properties/oracle/conformance.suite.ts, longer).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../config/vitest.config.ts';
import { cheapFirst } from './sequencer.ts';

// Not mergeConfig: it would append the default suite's `include` to this one.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: base.resolve,
  test: {
    include: [
      'test/properties/{keys,levers,oracle,strict-patch}.test.ts',
      'test/properties/oracle/**/*.test.ts',
      'test/src/harness/**/*.test.ts',
      'test/spec/{spec,levers,notation}.test.ts',
      'test/examples/designs/kit-findings.int.test.ts',
      'test/properties/oracle/conformance.suite.ts',
    ],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    bail: 1,
    sequence: {
      sequencer: cheapFirst([
        'test/spec/spec.test.ts',
        'test/spec/levers.test.ts',
        'test/properties/levers.test.ts',
        'test/properties/oracle/conformance.suite.ts',
      ]),
    },
  },
});
