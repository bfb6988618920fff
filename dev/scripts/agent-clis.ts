/**
 * The built-in agent CLIs and their pins, read from the profile registry
 * (src/adapters/agent/profiles/index.ts; each pin is its profile's `version`): one
 * `<name> <package>@<version>` line per CLI, in the registry's order, for
 * dev/scripts/install-agent-clis.sh.
 *
 *   npx tsx dev/scripts/agent-clis.ts [<name> ...]   (default: every built-in CLI)
 *
 * Exit 2 naming an unknown CLI.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_PROFILES } from '../../src/adapters/agent/profiles/index.ts';

/** The pin lines of `names` (all when none), or the problem with an unknown name. */
export function pinLines(names: readonly string[]): string[] | string {
  const known = Object.keys(BUILTIN_PROFILES);
  const unknown = names.find((n) => !known.includes(n));
  if (unknown !== undefined) return `unknown CLI '${unknown}' (known: ${known.join(' ')})`;
  return (names.length === 0 ? known : names).map((n) => {
    const p = BUILTIN_PROFILES[n]!;
    return `${n} ${p.package}@${p.version}`;
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = pinLines(process.argv.slice(2));
  if (typeof lines === 'string') {
    process.stderr.write(`install-agent-clis: ${lines}\n`);
    process.exitCode = 2;
  } else process.stdout.write(lines.map((l) => `${l}\n`).join(''));
}
