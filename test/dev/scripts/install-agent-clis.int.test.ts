// dev/scripts/install-agent-clis.sh with a stand-in npm on PATH: what it would install, and where (nothing is installed).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../../../src/adapters/agent/profiles/index.ts';
import { ROOT, cpuBudget } from '../../src/cli/helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'install-agent-clis-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = join(dir, 'bin');
const args = join(dir, 'npm-args');
const prefix = join(dir, 'clis');
mkdirSync(bin);
writeFileSync(join(bin, 'npm'), `#!/bin/sh\nprintf '%s\\n' "$@" > ${JSON.stringify(args)}\n`);
chmodSync(join(bin, 'npm'), 0o755);

const install = (...names: string[]) =>
  spawnSync('bash', [join(ROOT, 'dev/scripts/install-agent-clis.sh'), ...names], {
    cwd: dir, // the script finds the checkout itself
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, AGENT_CLIS_DIR: prefix },
  });

describe('install-agent-clis.sh', { timeout: cpuBudget(6) }, () => {
  it("installs the named CLIs at their profiles' pins", () => {
    const [a, b] = Object.keys(BUILTIN_PROFILES) as [string, string];
    const r = install(b, a);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(args, 'utf8').trim().split('\n')).toEqual([
      'install',
      '--prefix',
      prefix,
      '--save-exact',
      '--no-audit',
      '--no-fund',
      ...[b, a].map((n) => `${BUILTIN_PROFILES[n]!.package}@${BUILTIN_PROFILES[n]!.version}`),
    ]);
    expect(r.stdout).toContain(`installed into ${prefix}/node_modules/.bin: ${b} ${a}`);
  });

  it('refuses an unknown CLI: exit 2, one line, npm never run', () => {
    rmSync(args, { force: true });
    const r = install('opencode');
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `install-agent-clis: unknown CLI 'opencode' (known: ${Object.keys(BUILTIN_PROFILES).join(' ')})`,
    ]);
    expect(existsSync(args)).toBe(false);
  });
});
