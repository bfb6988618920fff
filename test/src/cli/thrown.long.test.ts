// Suite: long (*.long.test.ts, run by `npm run test:hosts`): two spawned runs whose adapter throws outside any call (about 6 s of CPU).
/**
 * An error that escapes every call of an in-process adapter (a timer of its own, a stray rejection)
 * reaches the process: exit 2, one line naming the adapter's file and the error, never "a bug in
 * the kit"; --verbose adds the stack (src/cli/strays.ts). Thrown from a method: thrown.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { cli, cpuBudget, ROOT } from './helpers.ts';
import { THROWS_IN, culprit } from './thrown.ts';

const args = ['run', '--adapter', THROWS_IN, '--runs', '2', '--sessions', '0', '--crossed-sample', '--no-save'];

describe('an error escaping every call, spawned', { timeout: cpuBudget(8) }, () => {
  it('a throw in a timer of its own', () => {
    const r = cli(args, ROOT, { READSHIM_TEST_THROW: 'timer' });
    culprit(r, /an error thrown outside any call \(in a timer or callback of its own\): /, 'timer boom');
    expect(r.stderr).toMatch(/\(at .*throws-in\.ts:\d+:\d+\)$/m);
  });

  it('a stray rejection; --verbose adds its stack', () => {
    const r = cli([...args, '--verbose'], ROOT, { READSHIM_TEST_THROW: 'stray' });
    expect(r.code).toBe(2);
    const [first, ...stack] = r.stderr.trim().split('\n');
    expect(first).toMatch(
      /^readshim-conformance: adapter throws-in \(test\/fixtures\/adapters\/throws-in\.ts\): stray rejection \(a promise nobody awaited rejected\): stray boom/,
    );
    expect(stack[0]).toBe('Error: stray boom');
    expect(stack.slice(1).every((l) => /^\s+at /.test(l))).toBe(true);
    expect(r.stderr).not.toMatch(/bug in the kit/);
  });
});
