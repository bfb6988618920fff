/**
 * A kind of subject `run` can judge. A kind is one folder under src/adapters/ with a `kind.ts`
 * exporting its `SubjectKind` — its flags (and their usage), how they parse, how the subject opens
 * (src/adapters/subject.ts), how a trace replays with it — plus one line in the registry
 * (src/cli/subjects.ts), which the CLI's flag parsing, `run --help`, the --jobs and --isolate rules
 * and the report header loop over. docs/CONTRIBUTING.md "Add a kind of subject".
 */
import type { Isolation } from './isolate.ts';
import type { Subject, Transport } from './subject.ts';
import type { CallLog } from './watched.ts';

/** What opening a subject may need from the rest of the run's flags. */
export interface OpenOptions {
  readonly timeoutMs?: number;
  readonly cap?: number;
  /** A --replay: nothing is probed or generated (process kinds start fewer processes). */
  readonly replay: boolean;
  readonly isolation?: Isolation;
  /** In a watched worker thread (src/cli/thread.ts): every adapter call is logged as it starts and settles. */
  readonly calls?: CallLog;
}

/** What a kind's parse knows of every kind (its own included): the name and the value flags, the first choosing it. */
export interface KindFlags {
  readonly name: string;
  readonly flags: readonly string[];
  /** A kind whose host the kit plays over a command (hook, MCP server): an example for the error on an empty one. */
  readonly hostExample?: string;
}

/** What a kind's parse is given besides the flags. */
export interface ParseContext {
  readonly cap: number | undefined;
  /** Every kind, in the registry's order. */
  readonly kinds: readonly KindFlags[];
}

export interface SubjectKind<F extends { readonly kind: string }> extends KindFlags {
  readonly name: F['kind'];
  /** The flag that chooses this kind, as usage shows it (first line of `run --help`). */
  readonly select: string;
  /** Its other flags as usage shows them (shared ones, e.g. a driver's, are listed once). */
  readonly extra: readonly string[];
  /** In process, or over a process boundary (the default --runs and --shrink follow: docs/reference/cli.md "run"). */
  readonly transport: Transport;
  /** Each history its own processes, sandbox and HOME: --jobs applies. */
  readonly isolatedHistories: boolean;
  /** --isolate applies (true), or the line that says why it does not. */
  readonly isolate: true | ((covered: string) => string);
  /** What each history starts, for the note on the default --runs (process kinds). */
  readonly eachHistory?: string;
  /**
   * The default --runs (histories per cap band) when it is not the transport's (25 over a process
   * boundary, 150 in process): a kind whose histories are slow keeps its default run short.
   */
  readonly defaultRuns?: number;
  /** The kind's flags, or undefined when its choosing flag is not given (a bad combination is a UsageError). */
  parse(f: ReadonlyMap<string, string>, ctx: ParseContext): F | undefined;
  open(flags: F, o: OpenOptions): Promise<Subject>;
  /** The flags that replay a trace with this subject. */
  argv(flags: F, cap: number | undefined): string[];
  /** The subject as an error message names it. */
  who(flags: F): string;
}

/**
 * The value flags of `kinds` in the order messages name them: each kind's choosing flag, then the
 * flags only one kind takes (kind by kind), then those several share.
 */
export function flagOrder(kinds: readonly KindFlags[]): string[] {
  const count = (flag: string): number => kinds.filter((k) => k.flags.includes(flag)).length;
  const rest = kinds.flatMap((k) => k.flags.slice(1));
  return [
    ...new Set([
      ...kinds.map((k) => k.flags[0]!),
      ...rest.filter((f) => count(f) === 1),
      ...rest.filter((f) => count(f) > 1),
    ]),
  ];
}

/** A subject-facing name: "hook "bash x.sh"". */
export const quoteCommand = (kind: string, command: string): string => `${kind} ${JSON.stringify(command)}`;
