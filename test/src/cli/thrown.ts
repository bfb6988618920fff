/** Shared by thrown.int.test.ts and thrown.long.test.ts: the adapter that throws, and the one line that names it. */
import { expect } from 'vitest';
import type { Ran } from './helpers.ts';

export const THROWS_IN = 'test/fixtures/adapters/throws-in.ts';

export function culprit(r: Ran, method: RegExp, message: string): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^readshim-conformance: adapter throws-in \(test\/fixtures\/adapters\/throws-in\.ts\): /);
  expect(lines[0]).toMatch(method);
  expect(lines[0]).toContain(message);
  expect(r.stderr).not.toMatch(/bug in the kit|\n\s+at /);
}
