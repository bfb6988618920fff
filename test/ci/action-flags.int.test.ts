/**
 * What src/action/run.sh (action.yml's step) adds to the user's flags, with a stand-in kit that
 * prints its arguments (no node started): --strict-failures by default, so a CI regression guard
 * never goes green by losing its regressions (README "CI", docs/CI.md); none when asked not to.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../src/cli/helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'readshim-action-flags-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function flags(env: Record<string, string>): { code: number | null; args: string[]; stderr: string } {
  const r = spawnSync('bash', [join(ROOT, 'src/action/run.sh')], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, READSHIM_KIT: 'printf ARG:%s\\n', READSHIM_ISOLATE: 'false', ...env },
  });
  const args = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('ARG:'))
    .map((l) => l.slice(4));
  return { code: r.status, args, stderr: r.stderr };
}

describe('the GitHub Action adds --strict-failures', () => {
  it('by default', () => {
    const r = flags({ READSHIM_ARGS: '--adapter ./a.ts --arm cap' });
    expect(r.code).toBe(0);
    expect(r.args).toEqual([
      'run',
      '--adapter',
      './a.ts',
      '--arm',
      'cap',
      '--strict-failures',
      '--reporter',
      'junit',
      '--out',
      'reports/readshim.xml',
    ]);
  });
  it('not twice, and not to a --replay (which reads no failure database)', () => {
    expect(
      flags({ READSHIM_ARGS: '--arm cap --strict-failures' }).args.filter((a) => a === '--strict-failures'),
    ).toHaveLength(1);
    expect(flags({ READSHIM_ARGS: '--replay t.jsonl' }).args).not.toContain('--strict-failures');
  });
  it('not with strict-failures: false; anything else is exit 2', () => {
    expect(flags({ READSHIM_ARGS: '--arm cap', READSHIM_STRICT_FAILURES: 'false' }).args).not.toContain(
      '--strict-failures',
    );
    const bad = flags({ READSHIM_ARGS: '--arm cap', READSHIM_STRICT_FAILURES: 'yes' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^readshim action: READSHIM_STRICT_FAILURES \(input "strict-failures"\): true or false/);
  });
});
