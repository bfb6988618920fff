/**
 * The kinds of subject `run` can judge, in one table: each kind's flags (and their usage line),
 * how they are parsed, how the subject opens (src/adapters/subject.ts), how a trace replays with it,
 * and whether its histories may run at once (--jobs) or under bubblewrap (--isolate). The CLI's
 * flag parsing, `run --help`, the --jobs and --isolate rules and the report header loop over it.
 * docs/CONTRIBUTING.md "Add a kind of subject".
 */
import { awaitAdapter } from '../harness/blame.ts';
import { UsageError } from '../core/errors.ts';
import { shellWord } from '../adapters/command.ts';
import type { CallLog } from '../adapters/watched.ts';
import type { Isolation } from '../adapters/isolate.ts';
import type { Subject, Transport } from '../adapters/subject.ts';
import {
  AGENT_VALUE_FLAGS,
  DRIVER_SHARED_FLAGS,
  driverArgv,
  openDriver,
  parseAgentFlags,
  parseDriverFlags,
  type AgentFlags,
  type DriverFlags,
} from './drivers.ts';
import { defined } from '../core/defined.ts';

export interface AdapterFlags {
  readonly kind: 'adapter';
  /** --adapter <module>; undefined: the embedded reference. */
  readonly path?: string;
}
export interface ProcessFlags {
  readonly kind: 'process';
  /** --process "<cmd>": a shim in any language, over the protocol (docs/PROTOCOL.md). */
  readonly command: string;
}
type HookFlags = Extract<DriverFlags, { kind: 'hook' }>;
type McpFlags = Extract<DriverFlags, { kind: 'mcp' }>;

interface FlagsOf {
  adapter: AdapterFlags;
  process: ProcessFlags;
  hook: HookFlags;
  mcp: McpFlags;
  agent: AgentFlags;
}
export type SubjectKind = keyof FlagsOf;
/** The parsed flags of the run's subject (exactly one kind). */
export type SubjectFlags = FlagsOf[SubjectKind];

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

export interface SubjectEntry<F extends SubjectFlags> {
  /** The flag that chooses this kind, as usage shows it (first line of `run --help`). */
  readonly select: string;
  /** Its other flags as usage shows them (shared ones, e.g. a driver's, are listed once). */
  readonly extra: readonly string[];
  /** Every value flag it owns (parseArgs). */
  readonly flags: readonly string[];
  /** In process, or over a process boundary (the default --runs and --shrink follow: README "--runs"). */
  readonly transport: Transport;
  /** Each history its own processes, sandbox and HOME: --jobs applies. */
  readonly isolatedHistories: boolean;
  /** --isolate applies (true), or the line that says why it does not. */
  readonly isolate: true | ((covered: string) => string);
  /** What each history starts, for the note on the default --runs (process kinds). */
  readonly eachHistory?: string;
  /** The kind's flags, or undefined when its choosing flag is not given (a bad combination is a UsageError). */
  parse(f: ReadonlyMap<string, string>, cap: number | undefined): F | undefined;
  open(flags: F, o: OpenOptions): Promise<Subject>;
  /** The flags that replay a trace with this subject. */
  argv(flags: F, cap: number | undefined): string[];
  /** The subject as an error message names it. */
  who(flags: F): string;
}

const quoteCommand = (kind: string, command: string): string => `${kind} ${JSON.stringify(command)}`;

/** A driver (hook, MCP server, agent CLI) as a subject: the kit plays its host. */
async function driverSubject(d: DriverFlags, o: OpenOptions, isolatedHistories: boolean): Promise<Subject> {
  const adapter = await openDriver(d, {
    ...defined({ timeoutMs: o.timeoutMs }),
    ...defined({ cap: o.cap }),
    replay: o.replay,
    ...(o.isolation ? { isolation: o.isolation } : {}),
  });
  return {
    adapter,
    transport: 'process',
    isolatedHistories,
    failure: () => adapter.failure(),
    host: () => adapter.host(),
    assumptions: () => adapter.assumptions,
    close: async () => adapter.close?.(),
  };
}

const driverArgvWithCap = (d: DriverFlags, cap: number | undefined): string[] => [
  ...driverArgv(d),
  ...(d.kind !== 'agent' && d.levers?.includes('cap') && cap !== undefined ? [`--cap ${cap}`] : []),
];

/** The kinds, in the order usage lists them; the in-process adapter (the default) first. */
export const SUBJECTS: { readonly [K in SubjectKind]: SubjectEntry<FlagsOf[K]> } = {
  adapter: {
    select: '--adapter <module>',
    extra: [],
    flags: ['adapter'],
    transport: 'in-process',
    isolatedHistories: false,
    isolate: (covered) =>
      `applies to subjects the kit starts as processes (${covered}); an in-process adapter runs inside the kit`,
    parse: (f) => (f.has('adapter') ? { kind: 'adapter', path: f.get('adapter')! } : undefined),
    async open(a, o) {
      const { loadInProcess } = await import('./in-process.ts');
      const adapter = await loadInProcess(a.path, o.calls);
      return {
        adapter,
        transport: 'in-process',
        isolatedHistories: false,
        failure: () => undefined,
        host: () => undefined,
        assumptions: () => [],
        close: () => awaitAdapter(adapter.name, 'close()', () => adapter.close?.()),
      };
    },
    argv: (a) => (a.path !== undefined ? [`--adapter ${shellWord(a.path)}`] : []),
    who: (a) => `adapter ${a.path ?? 'reference'}`,
  },
  process: {
    select: '--process "<cmd>"',
    extra: [],
    flags: ['process'],
    transport: 'process',
    isolatedHistories: true,
    isolate: true,
    eachHistory: 'the process anew',
    parse(f) {
      const command = f.get('process');
      if (command !== undefined && f.get('adapter') !== undefined)
        throw new UsageError('run: give --adapter <module> or --process "<cmd>", not both');
      if (command !== undefined && command.trim() === '')
        throw new UsageError(
          'run: --process needs a command line, e.g. --process "python3 examples/python/delivery_shim.py"',
        );
      return command !== undefined ? { kind: 'process', command } : undefined;
    },
    async open(p, o) {
      const { openProcessAdapter } = await import('../adapters/process/adapter.ts');
      const adapter = await openProcessAdapter({
        command: p.command,
        ...defined({ timeoutMs: o.timeoutMs }),
        // A replay runs no probes and no generated history: the one process it needs is the first.
        ...(o.replay ? { prespawn: 0, lendSurface: true } : {}),
        ...(o.isolation ? { isolation: o.isolation } : {}),
      });
      return {
        adapter,
        transport: 'process',
        isolatedHistories: true,
        failure: () => adapter.failure(),
        host: () => undefined,
        assumptions: () => [],
        close: async () => adapter.close?.(),
      };
    },
    argv: (p) => [`--process ${shellWord(p.command)}`],
    who: (p) => quoteCommand('process', p.command),
  },
  hook: {
    select: '--hook "<cmd>"',
    extra: [
      '--hook-post "<cmd>"',
      '--hook-compact "<cmd>"',
      "--hook-tool '<json>'",
      '--hook-reinject <n>',
      ...DRIVER_SHARED_FLAGS.usage,
    ],
    flags: ['hook', 'hook-post', 'hook-compact', 'hook-tool', 'hook-reinject', ...DRIVER_SHARED_FLAGS.flags],
    transport: 'process',
    isolatedHistories: true,
    isolate: true,
    eachHistory: 'a fresh sandbox and HOME',
    parse: (f, cap) => {
      const d = parseDriverFlags(f, cap);
      return d?.kind === 'hook' ? d : undefined;
    },
    open: (d, o) => driverSubject(d, o, true),
    argv: driverArgvWithCap,
    who: (d) => quoteCommand('hook', d.command),
  },
  mcp: {
    select: '--mcp "<cmd>"',
    extra: [
      '--mcp-tool <name>',
      '--mcp-args path=<a>,offset=<a>,limit=<a>',
      '--mcp-compact <tool>',
      '--mcp-binary base64|bytes|refuse',
      ...DRIVER_SHARED_FLAGS.usage,
    ],
    flags: ['mcp', 'mcp-tool', 'mcp-args', 'mcp-compact', 'mcp-binary', ...DRIVER_SHARED_FLAGS.flags],
    // One client holds every server of a history: histories run one at a time.
    transport: 'process',
    isolatedHistories: false,
    isolate: true,
    eachHistory: 'the process anew',
    parse: (f, cap) => {
      const d = parseDriverFlags(f, cap);
      return d?.kind === 'mcp' ? d : undefined;
    },
    open: (d, o) => driverSubject(d, o, false),
    argv: driverArgvWithCap,
    who: (d) => quoteCommand('mcp', d.command),
  },
  agent: {
    select: '--agent <name>',
    extra: ['--agent-profile <module>', '--agent-command "<cmd>"'],
    flags: AGENT_VALUE_FLAGS,
    // A server, sandbox and CLI per history.
    transport: 'process',
    isolatedHistories: true,
    eachHistory: 'the process anew',
    // Under --isolate a relay inside the namespace carries 127.0.0.1 to the kit's server (src/adapters/agent/relay.ts).
    isolate: true,
    parse: (f) => parseAgentFlags(f),
    open: (d, o) => driverSubject(d, o, true),
    argv: (d) => driverArgv(d),
    who: (d) => quoteCommand('agent', d.command),
  },
};

export const SUBJECT_KINDS = Object.keys(SUBJECTS) as SubjectKind[];

/** The table's entry for these flags (the one cast the correlated union needs). */
export const entryOf = <F extends SubjectFlags>(flags: F): SubjectEntry<F> =>
  SUBJECTS[flags.kind] as unknown as SubjectEntry<F>;

/** Every value flag of every kind, once. */
export const SUBJECT_VALUE_FLAGS: readonly string[] = [...new Set(SUBJECT_KINDS.flatMap((k) => SUBJECTS[k].flags))];

/** `run --help`'s subject lines: the choosing flags, then each kind's own flags (shared ones once, after the last kind that takes them). */
export function subjectUsage(indent: string): string[] {
  const lines = [`[${SUBJECT_KINDS.map((k) => SUBJECTS[k].select).join(' | ')}]`];
  const shared = new Set<string>(DRIVER_SHARED_FLAGS.usage);
  const last = SUBJECT_KINDS.findLast((k) => SUBJECTS[k].extra.some((x) => shared.has(x)));
  const line = (xs: readonly string[]): void => {
    if (xs.length > 0) lines.push(xs.map((x) => `[${x}]`).join(' '));
  };
  for (const k of SUBJECT_KINDS) {
    line(SUBJECTS[k].extra.filter((x) => !shared.has(x)));
    if (k === last) line([...shared]);
  }
  return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`));
}

/** The subject the flags choose (each kind checks its own flags and their clashes; none: the reference). */
export function parseSubject(f: ReadonlyMap<string, string>, cap: number | undefined): SubjectFlags {
  // The drivers' parsers name the flags a driver cannot take; the choosing flag of a process or adapter is checked first.
  const order: SubjectKind[] = ['process', 'agent', 'hook', 'mcp', 'adapter'];
  const chosen = order.map((k) => SUBJECTS[k].parse(f, cap)).filter((x): x is SubjectFlags => x !== undefined);
  if (chosen.length > 1)
    throw new UsageError(
      `run: give one of ${SUBJECT_KINDS.map((k) => `--${k}`).join(', ')}, not ${chosen.map((c) => `--${c.kind}`).join(' and ')}`,
    );
  return chosen[0] ?? { kind: 'adapter' };
}

/** --jobs and --isolate against the chosen kind (usage errors before anything starts). */
export function checkSubjectSwitches(s: SubjectFlags, o: { readonly jobs: boolean; readonly isolate: boolean }): void {
  const e = SUBJECTS[s.kind];
  const flagsWhere = (ok: (k: SubjectKind) => boolean): string[] => SUBJECT_KINDS.filter(ok).map((k) => `--${k}`);
  if (o.isolate && e.isolate !== true)
    throw new UsageError(`run: --isolate ${e.isolate(flagsWhere((k) => SUBJECTS[k].isolate === true).join(', '))}`);
  // Histories at once need histories that cannot see each other: a process and a sandbox each.
  if (o.jobs && !e.isolatedHistories) {
    const yes = flagsWhere((k) => SUBJECTS[k].isolatedHistories);
    const no = flagsWhere((k) => !SUBJECTS[k].isolatedHistories);
    throw new UsageError(
      `run: --jobs applies to ${yes.slice(0, -1).join(', ')} and ${yes.at(-1)} runs (their own processes, sandbox and HOME per history); ${no.join(' and ')} run one history at a time`,
    );
  }
}
