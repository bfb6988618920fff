/**
 * The vitest entry takes exactly the options `run` takes, in the same domains, and refuses what
 * `run` refuses with the same words (src/vitest-entry/index.ts): an arm for a lever shim, a cap
 * of 3, an unknown option. A lever shim's failure says its levers, never "arm undefined".
 */
import { describe, expect, it } from 'vitest';
import { chooseArm } from '../../../src/adapters/capabilities.ts';
import { describeConformance, failureMessage, optionsProblem } from '../../../src/vitest-entry/index.ts';
import { parseRunFlags } from '../../../src/cli/commands/run.ts';
import reference from '../../../src/adapters/reference.ts';
import { cachedWindowAdapter } from '../../fixtures/naive-shims.ts';
import type { RuleResult } from '../../../properties/run.ts';

const levered = cachedWindowAdapter(5, { maxLines: 5 });

describe('describeConformance options', () => {
  it('refuses what run refuses, with the words run uses', () => {
    const pairs: [Record<string, unknown>, string[], RegExp][] = [
      [{ runs: 0 }, ['--runs', '0'], /runs must be an integer from 1 to 1000000 \(histories\)/],
      [{ seed: 2 ** 32 }, ['--seed', String(2 ** 32)], /seed must be an integer from 0 to 4294967295/],
      [{ cap: 3 }, ['--cap', '3'], /cap must be an integer from 4 to 1048576 \(bytes\)/],
      [{ shrink: -1 }, ['--shrink', '-1'], /shrink must be an integer from 0 to 1000000/],
      [{ settleTimeoutMs: 2 ** 31 }, ['--timeout', String(2 ** 31)], /must be an integer from 1 to 2147483647 \(ms\)/],
      [{ only: ['NOPE'] }, ['--only', 'NOPE'], /only names unknown rule NOPE/],
    ];
    for (const [option, flags, message] of pairs) {
      expect(optionsProblem({ adapter: reference, ...option })).toMatch(message);
      expect(() => parseRunFlags(flags)).toThrow(message);
      expect(() => describeConformance({ adapter: reference, ...option })).toThrow(/^describeConformance: /);
    }
  });

  it('an option run does not take is refused, naming it', () => {
    expect(optionsProblem({ adapter: reference, arms: 'cap' } as never)).toMatch(/^unknown option arms \(known: /);
    expect(optionsProblem({ adapter: reference, arm: 'Diff' as never })).toMatch(
      /arm must be one of off\|cap\|diff\|all/,
    );
    expect(
      optionsProblem({ adapter: reference, runs: 10, seed: 1, cap: 64, shrink: 0, corpus: false }),
    ).toBeUndefined();
  });

  it('an arm for a lever shim is refused as run refuses --arm; none runs its levers', () => {
    expect(() => chooseArm(levered, 'all', { command: 'describeConformance', option: 'arm' })).toThrow(
      /^describeConformance: adapter cached-window-max-5 declares levers \[pointer\], not arms: arm applies to shims with an arm surface; drop it$/,
    );
    expect(() => chooseArm(levered, 'all')).toThrow(
      /^run: .* not arms: --arm applies to shims with an arm surface; drop it$/,
    );
    expect(chooseArm(levered, undefined, { command: 'describeConformance', option: 'arm' })).toBeUndefined();
    expect(chooseArm(reference, undefined)).toBe('all');
  });

  it("a lever shim's failure message says its levers, never arm undefined", () => {
    const rule = {
      id: 'POINTER-FULL',
      status: 'fail',
      checks: 1,
      reason: 'a lie',
      counterexample: { story: ['1. worker w1 starts'], trace: {}, seed: 1, cap: 64, source: 'corpus x' },
    } as unknown as RuleResult;
    const text = failureMessage(rule, ['pointer']);
    expect(text).toContain('(corpus x, levers [pointer], cap 64)');
    expect(text).not.toContain('undefined');
  });
});
