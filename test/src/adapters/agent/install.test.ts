/** Where an agent CLI's executable is found: --agent-command, the pinned install, PATH; else how to install it. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/core/errors.ts';
import { INSTALL_DIR, resolveAgentCommand } from '../../../../src/adapters/agent/install.ts';
import { claudeCode as p } from '../../../../src/adapters/agent/profiles/claude-code.ts';

const saved = process.env.PATH;
const dirs: string[] = [];
afterEach(() => {
  process.env.PATH = saved;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const scratch = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'agent-install-'));
  dirs.push(d);
  return d;
};
const executable = (dir: string): string => {
  mkdirSync(dir, { recursive: true });
  const f = join(dir, p.binary);
  writeFileSync(f, '#!/bin/sh\n');
  chmodSync(f, 0o755);
  return f;
};

describe('resolveAgentCommand', () => {
  it('a CLI that is not installed: one line saying how to install its pinned version', () => {
    process.env.PATH = '/nonexistent';
    expect(() => resolveAgentCommand(p, undefined, tmpdir())).toThrow(UsageError);
    expect(() => resolveAgentCommand(p, undefined, tmpdir())).toThrow(
      `install it with "npm install --prefix ${INSTALL_DIR} ${p.package}@${p.version}" (in a checkout: dev/scripts/install-agent-clis.sh ${p.name}), or give --agent-command`,
    );
  });

  it('takes --agent-command as given, else the pinned install under the cwd, else PATH', () => {
    const cwd = scratch();
    const onPath = executable(join(cwd, 'bin'));
    process.env.PATH = `/nonexistent:${join(cwd, 'bin')}`;
    expect(resolveAgentCommand(p, '/opt/x --flag', cwd)).toBe('/opt/x --flag');
    // A relative program runs from the kit's cwd, not from the sandbox the CLI works in.
    expect(resolveAgentCommand(p, 'old/.bin/x --flag', cwd)).toBe(`${join(cwd, 'old/.bin/x')} --flag`);
    expect(resolveAgentCommand(p, './x', cwd)).toBe(join(cwd, 'x'));
    expect(resolveAgentCommand(p, 'x --flag', cwd)).toBe('x --flag');
    expect(resolveAgentCommand(p, undefined, cwd)).toBe(onPath);
    const local = executable(join(cwd, INSTALL_DIR, 'node_modules', '.bin'));
    expect(resolveAgentCommand(p, undefined, cwd)).toBe(local);
  });
});
