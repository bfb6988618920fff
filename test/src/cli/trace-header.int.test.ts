/**
 * A trace's header is input, validated as such (src/core/trace.ts headerProblem): a cap no run can
 * have (2, 99,999,999,999), a spec version that is not one, an empty seal — `run --replay` and
 * `audit` exit 2 naming the trace and the field, never blaming the shim that refuses the cap or
 * judging lies under it; the failure database skips such a trace (exit 2 under --strict-failures).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-header-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const clean = readFileSync(join(ROOT, 'examples/traces/clean.jsonl'), 'utf8');

/** clean.jsonl with its header's `field` set to `value`. */
function withHeader(name: string, field: string, value: unknown): string {
  const [head, ...rest] = clean.split('\n');
  const file = join(tmp, name);
  writeFileSync(file, [JSON.stringify({ ...(JSON.parse(head!) as object), [field]: value }), ...rest].join('\n'));
  return file;
}

const IMPOSSIBLE: [string, string, unknown, RegExp][] = [
  ['cap 2', 'cap', 2, /header "cap" must be an integer from 4 to 67108864 \(bytes\), got 2$/],
  [
    'cap 99,999,999,999',
    'cap',
    99_999_999_999,
    /header "cap" must be an integer from 4 to 67108864 \(bytes\), got 99999999999$/,
  ],
  ['spec version "banana"', 'specVersion', 'banana', /header "specVersion" must be a version number/],
  ['an empty seal', 'seal', '', /header needs a non-empty string "seal"$/],
];

describe('an impossible header is exit 2 naming the trace and the field', () => {
  for (const [what, field, value, message] of IMPOSSIBLE) {
    it(`run --replay: ${what}`, async () => {
      const file = withHeader(`replay-${field}.jsonl`, field, value);
      const r = await inProcess(['run', '--replay', file], tmp);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(
        new RegExp(`^readshim-conformance: .*replay-${field}\\.jsonl is not a readshim trace: line 1: `),
      );
      expect(r.stderr.trim()).toMatch(message);
      expect(r.stderr).not.toMatch(/adapter reference/);
    });
    it(`audit: ${what}`, async () => {
      const file = withHeader(`audit-${field}.jsonl`, field, value);
      const r = await inProcess(['audit', file, '--reporter', 'json'], tmp);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toMatch(new RegExp(`audit-${field}\\.jsonl is not a readshim trace: line 1: `));
      expect(r.stderr.trim()).toMatch(message);
    });
  }

  it('in the failure database: skipped with a line, exit 2 under --strict-failures', async () => {
    const cwd = mkdtempSync(join(tmp, 'db-'));
    mkdirSync(join(cwd, '.readshim/failures'), { recursive: true });
    const [head, ...rest] = clean.split('\n');
    writeFileSync(
      join(cwd, '.readshim/failures/FORGET-RESETS-0000000000.jsonl'),
      [JSON.stringify({ ...(JSON.parse(head!) as object), cap: 2 }), ...rest].join('\n'),
    );
    const local = await inProcess(['run', '--runs', '1', '--sessions', '0', '--only', 'FORGET-RESETS'], cwd);
    expect(local.code).toBe(0);
    expect(local.stderr).toMatch(/skipped .*FORGET-RESETS-0000000000\.jsonl: .*header "cap" must be/);
    const strict = await inProcess(['run', '--runs', '1', '--only', 'FORGET-RESETS', '--strict-failures'], cwd);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/--strict-failures: .*FORGET-RESETS-0000000000\.jsonl .*header "cap" must be/);
  });
});
