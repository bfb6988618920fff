/** readshim-conformance <command> … — dispatch, and the one place errors become exit codes. */
import { EXIT, UsageError } from '../core/errors.ts';
import { AdapterError } from '../harness/session.ts';
import { reserveStdout } from '../core/output.ts';
import { readableStack } from './strays.ts';
import { endWhenOrphaned } from './orphan.ts';
import { COMMAND_USAGE } from './usage.ts';

type Command = (argv: readonly string[]) => Promise<number>;

const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  run: async () => (await import('./commands/run.ts')).default,
  audit: async () => (await import('./commands/audit.ts')).default,
  spec: async () => (await import('./commands/spec.ts')).default,
  explain: async () => (await import('./commands/explain.ts')).default,
  mutants: async () => (await import('./commands/mutants.ts')).default,
  gates: async () => (await import('./commands/gates.ts')).default,
  bench: async () => (await import('./commands/bench.ts')).default,
  table: async () => (await import('./commands/table.ts')).default,
};

const USAGE = `usage: readshim-conformance <command> [flags]

  run      conformance of a shim (default: the embedded reference)
  audit    judge a trace recorded in production
  spec     execute the examples of spec/SPEC.md against the reference
  explain  one rule: its law, examples, where it is judged, mutants, gates, lie classes, cases
  mutants  run the catalogue of broken shims; each must be killed (a checkout command)
  gates    syntax-tree gates on a shim's source
  bench    bytes saved at zero lies, side by side
  table    every implementation of config/implementations.json, one row each

Every flag: docs/reference/cli.md (in the package: node_modules/readshim-conformance/docs/reference/cli.md).`;

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  // Asked for, usage is the answer (stdout, exit 0); no command at all is a usage error (one line, exit 2).
  if (name === undefined) {
    process.stderr.write(
      `readshim-conformance: no command: give one of ${Object.keys(COMMANDS).join(', ')} (readshim-conformance --help says what each does)\n`,
    );
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (name === '--version') {
    const { KIT_VERSION } = await import('../core/version.ts');
    process.stdout.write(`${KIT_VERSION}\n`);
    return EXIT.ok;
  }
  const load = COMMANDS[name];
  if (load === undefined) {
    process.stderr.write(
      `readshim-conformance: unknown command ${JSON.stringify(name)} (known: ${Object.keys(COMMANDS).join(', ')})\n`,
    );
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`usage:\n${COMMAND_USAGE[name]}\n\nSee docs/reference/cli.md for every flag.\n`);
    return EXIT.ok;
  }
  const stopWatching = endWhenOrphaned();
  // stdout is the report's alone: anything else printed there meanwhile goes to stderr.
  const release = reserveStdout();
  try {
    return await settle(async () => (await load())(rest), rest.includes('--verbose'));
  } finally {
    release();
    stopWatching();
  }
}

/**
 * A command's exit code; a usage or adapter error becomes one line on stderr and exit 2
 * (`verbose`: followed by the stack of what the adapter threw).
 */
export async function settle(command: () => Promise<number>, verbose = false): Promise<number> {
  try {
    return await command();
  } catch (e) {
    if (e instanceof UsageError || e instanceof AdapterError) {
      process.stderr.write(`readshim-conformance: ${e.message}\n`);
      const stack = (e.cause as { stack?: unknown } | undefined)?.stack;
      if (verbose && typeof stack === 'string') process.stderr.write(`${readableStack(stack)}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}
