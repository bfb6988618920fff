/**
 * `run --strict-failures` (the GitHub Action's default): a trace in the failure database that
 * cannot be replayed — corrupt, holding a merge conflict marker, of a newer spec — is exit 2
 * naming the file, before anything runs; without it (a local run) it is skipped with one line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-strict-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const header = (specVersion: string): string =>
  JSON.stringify({ type: 'header', kit: '0.1.0', specVersion, cap: 64, arm: 'cap', seed: 1, seal: 'abcdef012345' });

const BROKEN: Record<string, [string, RegExp]> = {
  corrupt: ['{"type":"header"\n', /is not a readshim trace: line 1/],
  'merge conflict': [
    `<<<<<<< HEAD\n${header('2.1')}\n=======\n${header('2.1')}\n>>>>>>> theirs\n`,
    /\(it holds a merge conflict marker\)/,
  ],
  'newer spec': [`${header('99.0')}\n`, /is a trace of spec 99\.0/],
};

describe('a failure database that holds a trace that cannot be replayed', () => {
  for (const [what, [text, why]] of Object.entries(BROKEN))
    it(`${what}: exit 2 naming it under --strict-failures; skipped with a line otherwise`, async () => {
      const cwd = mkdtempSync(join(tmp, 'db-'));
      const db = join(cwd, '.readshim/failures');
      mkdirSync(db, { recursive: true });
      writeFileSync(join(db, 'FORGET-RESETS-0000000000.jsonl'), text);
      const strict = await inProcess(['run', '--runs', '1', '--only', 'FORGET-RESETS', '--strict-failures'], cwd);
      expect(strict.code).toBe(2);
      expect(strict.stdout).toBe('');
      expect(strict.stderr.trim().split('\n')).toHaveLength(1);
      expect(strict.stderr).toMatch(
        /^readshim-conformance: run: --strict-failures: .*\.readshim\/failures\/FORGET-RESETS-0000000000\.jsonl/,
      );
      expect(strict.stderr).toMatch(why);
      const local = await inProcess(['run', '--runs', '1', '--sessions', '0', '--only', 'FORGET-RESETS'], cwd);
      expect(local.code).toBe(0);
      expect(local.stderr).toMatch(/failure database: skipped .*FORGET-RESETS-0000000000\.jsonl/);
    });

  it('--strict-failures with --replay is a usage error (a replay reads no database)', async () => {
    const r = await inProcess(['run', '--replay', 'x.jsonl', '--strict-failures'], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--strict-failures checks the failure database, which --replay does not play/);
  });
});
