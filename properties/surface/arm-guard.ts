/** ARM-GUARD and the resolver half of ARM-TABLE: strict flags, exact levers. */
import { callAdapter } from '../../src/harness/blame.ts';
import fc from 'fast-check';
import { ARM_FLAGS, ARM_TABLE } from '../../src/core/arms.ts';
import type { DrivenAdapter } from '../../src/core/contract.ts';
import { count, describeValue, errorMessage, errorName, type ProbeResult } from './types.ts';

/** Spellings that a truthiness- or case-insensitive resolver would accept. */
const BAD_FLAGS: readonly unknown[] = Object.freeze([
  'diff ',
  'Diff',
  'cap+diff',
  1,
  'true',
  null,
  0,
  '',
  'CAP',
  ' cap',
  'all',
  'off',
  'false',
  'undefined',
  NaN,
  {},
  [],
  'cap,diff',
  'DIFF',
  2,
]);

const LEGAL_WORDS: readonly RegExp[] = Object.freeze([/\bfalse\b/, /\bcap\b/, /\bdiff\b/, /\btrue\b/]);

/** Near-misses of the legal spellings, from the run seed. */
function nearMisses(seed: number): unknown[] {
  const arb = fc.oneof(
    fc
      .constantFrom('cap', 'diff', 'true', 'false')
      .chain((w) =>
        fc
          .tuple(fc.constantFrom('', ' ', '\t', '\n'), fc.boolean(), fc.constantFrom('', ' ', '!', '1'))
          .map(([pre, upper, post]) => `${pre}${upper ? w.toUpperCase() : w}${post}`),
      ),
    fc.integer({ min: -3, max: 3 }),
    fc.string({ maxLength: 6 }),
  );
  const legal = new Set<unknown>(Object.values(ARM_FLAGS));
  return fc.sample(arb, { seed, numRuns: 30 }).filter((v) => !legal.has(v));
}

export async function probeArmGuard(adapter: DrivenAdapter, seed: number, r: ProbeResult): Promise<void> {
  const resolve = adapter.surface?.resolveArm;
  if (!adapter.capabilities.armResolver || resolve === undefined) return;
  for (const flag of [...BAD_FLAGS, ...nearMisses(seed)]) {
    count(r, 'ARM-GUARD');
    const story = [`1. resolveArm(${describeValue(flag)})`];
    try {
      const levers = await resolve(flag);
      r.findings.push({
        rule: 'ARM-GUARD',
        message: `resolveArm(${describeValue(flag)}) returned ${JSON.stringify(levers)} instead of throwing a TypeError`,
        story,
      });
    } catch (e) {
      if (errorName(e) !== 'TypeError')
        r.findings.push({
          rule: 'ARM-GUARD',
          message: `resolveArm(${describeValue(flag)}) threw ${errorName(e)}, not TypeError`,
          story,
        });
      else if (!LEGAL_WORDS.every((w) => w.test(errorMessage(e))))
        r.findings.push({
          rule: 'ARM-GUARD',
          message: `resolveArm(${describeValue(flag)}) threw a TypeError that does not name the legal spellings (false, 'cap', 'diff', true): ${JSON.stringify(errorMessage(e))}`,
          story,
        });
    }
  }
  for (const arm of adapter.capabilities.arms ?? []) {
    const armFlag = adapter.surface?.armFlag?.bind(adapter.surface);
    const flag = armFlag
      ? callAdapter(adapter.name, `surface.armFlag(${JSON.stringify(arm)})`, () => armFlag(arm))
      : ARM_FLAGS[arm];
    count(r, 'ARM-TABLE');
    const story = [`1. resolveArm(${describeValue(flag)}) for arm ${arm}`];
    try {
      const got = await resolve(flag);
      const want = ARM_TABLE[arm];
      const wrong = (Object.keys(want) as (keyof typeof want)[]).filter(
        (k) => Boolean((got as unknown as Record<string, unknown>)?.[k]) !== want[k],
      );
      if (wrong.length > 0)
        r.findings.push({
          rule: 'ARM-TABLE',
          message: `arm ${arm} resolves to levers ${JSON.stringify(got)}; the table says ${JSON.stringify(want)} (wrong: ${wrong.join(', ')})`,
          story,
        });
    } catch (e) {
      r.findings.push({
        rule: 'ARM-TABLE',
        message: `resolveArm(${describeValue(flag)}) threw for the legal arm ${arm}: ${errorMessage(e)}`,
        story,
      });
    }
  }
}
