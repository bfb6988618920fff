/** Profile modules: the check a profile passes, and loading one (no real CLI). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/core/errors.ts';
import { loadProfile, profileProblem } from '../../../../src/adapters/agent/profile.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';

const info = { isError: false, args: { path: 'a.ts' }, contentBytes: 42 };

describe('profile modules', () => {
  it('a built-in profile passes the check; a broken one names what is wrong', () => {
    expect(profileProblem(claudeCode)).toBeUndefined();
    expect(profileProblem({ ...claudeCode, wire: 'grpc' })).toMatch(/wire must be/);
    expect(profileProblem({ ...claudeCode, decode: 1 })).toMatch(/decode must be a function/);
  });

  it('loads the worked example module', async () => {
    const p = await loadProfile('examples/agent/claude-code-fork.ts');
    expect(p.name).toBe('claude-code-fork');
    expect(p.decode('Same file as before — skipped.', info)).toEqual({ kind: 'pointer', total: 42 });
  });

  it('refuses a module that exports no profile (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-profile-'));
    writeFileSync(join(dir, 'p.mjs'), 'export const x = 1;\n');
    await expect(loadProfile(join(dir, 'p.mjs'))).rejects.toThrow(UsageError);
    rmSync(dir, { recursive: true });
  });
});
