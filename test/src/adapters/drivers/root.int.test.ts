/** `{root}` in a --process command line is the directory hello carries (docs/guide/mcp.md "{root}"). */
import { describe, expect, it } from 'vitest';
import { python } from '../process/helpers.ts';
import { FIX, run } from './helpers.ts';

describe('{root} in --process', () => {
  it('is the sandbox the hello request names, for every history', async () => {
    const r = await run([
      '--process',
      `${python(`${FIX}/root_arg_shim.py`)} {root}`,
      '--arm',
      'cap',
      '--runs',
      '2',
      '--only',
      'SLICE-EXACT',
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  }, 120_000);
  it('a shim given another directory notices (control)', async () => {
    const r = await run([
      '--process',
      `${python(`${FIX}/root_arg_shim.py`)} /nowhere`,
      '--arm',
      'cap',
      '--runs',
      '2',
      '--only',
      'SLICE-EXACT',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/root mismatch: argv '\/nowhere', hello '\/.*readshim-sandbox-/);
  }, 120_000);
});
