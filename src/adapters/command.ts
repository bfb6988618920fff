/**
 * Command lines the kit runs through the shell (--process, --hook, --mcp): `{root}` stands for the
 * history's sandbox directory, substituted shell-quoted for every history (docs/guide/mcp.md "{root}").
 */

/** `s` as one POSIX shell word. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command with every `{root}` replaced by the sandbox directory, quoted as one shell word. */
export function withRoot(command: string, root: string): string {
  return command.split('{root}').join(shellWord(root));
}
