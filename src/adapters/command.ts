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

/** Words that open or continue a compound command: a command starting with one is not exec'd. */
const RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'case',
  'esac',
  'while',
  'until',
  'for',
  'in',
  '{',
  '}',
  '!',
  'exec',
  'function',
  'time',
  '.',
  'source',
  'eval',
]);

/** The first word of a command and whether the whole line is one simple command (no ; & | ( ) ` or newline outside quotes). */
function simpleCommand(command: string): { first: string } | undefined {
  let quote: '"' | "'" | undefined;
  let first = '';
  let inFirst = true;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '`') return undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (';&|()`\n'.includes(c)) return undefined;
    if (inFirst && /\s/.test(c) && first !== '') inFirst = false;
    else if (inFirst && !/\s/.test(c)) first += c;
  }
  return quote === undefined && first !== '' ? { first } : undefined;
}

/**
 * The command as the shell should run it so that the subject is the shell's own process: `exec`
 * before one simple command (the shell then holds none of its pipes, so a subject that closes its
 * stdout is seen to at once, not after --timeout). A compound command, or one that starts with
 * an assignment or a reserved word, is left as it is.
 */
export function execSimple(command: string): string {
  const s = simpleCommand(command.trim());
  if (s === undefined || RESERVED.has(s.first) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(s.first)) return command;
  return `exec ${command.trim()}`;
}
