/**
 * Test file order for Stryker runs: cheap files first, the costly ones (conformance runs, suites
 * that spawn git and patch) last, so a mutant a unit test kills stops there (bail: 1) instead of
 * after a minute of conformance. Vitest's own order (failed, then slowest first) is the opposite.
 * Order never changes a verdict: a survivor runs every covering test either way.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export function costRank(costly: readonly string[]): (moduleId: string) => number {
  return (moduleId) => {
    const i = costly.findIndex((suffix) => moduleId.replace(/\\/g, '/').endsWith(suffix));
    return i === -1 ? 0 : i + 1;
  };
}

export function cheapFirst(costly: readonly string[]): typeof BaseSequencer {
  const rank = costRank(costly);
  return class CheapFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      return [...files].sort(
        (a, b) =>
          rank(a.moduleId) - rank(b.moduleId) || (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
      );
    }
  };
}
