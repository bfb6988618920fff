/** Where an agent CLI's executable is found: --agent-command, the pinned install, or PATH. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { shellWord } from '../command.ts';
import type { AgentProfile } from './profile.ts';

/** Where dev/scripts/install-agent-clis.sh installs the pinned CLIs. */
export const INSTALL_DIR = '.agent-clis';

/** A command whose program is a relative path (`dir/cli …`) runs from `cwd`, not from the sandbox the CLI works in. */
function anchored(command: string, cwd: string): string {
  const m = /^([^\s'"\\$`]*\/[^\s'"\\$`]*)(.*)$/s.exec(command);
  return m === null || m[1]!.startsWith('/') ? command : `${shellWord(resolve(cwd, m[1]!))}${m[2]!}`;
}

/** The executable for a profile: --agent-command, else .agent-clis/node_modules/.bin/<binary>, else PATH. */
export function resolveAgentCommand(p: AgentProfile, command: string | undefined, cwd: string): string {
  if (command !== undefined) return anchored(command, cwd);
  const local = resolve(cwd, INSTALL_DIR, 'node_modules', '.bin', p.binary);
  if (existsSync(local)) return shellWord(local);
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir !== '' && existsSync(join(dir, p.binary))) return shellWord(join(dir, p.binary));
  throw new UsageError(
    `run: ${p.name} is not installed (no ${p.binary} in ${INSTALL_DIR}/node_modules/.bin or on PATH): install it with "npm install --prefix .agent-clis ${p.package}@${p.version}" (in a checkout: dev/scripts/install-agent-clis.sh ${p.name}), or give --agent-command`,
  );
}
