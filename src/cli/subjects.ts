/**
 * The kinds of subject `run` can judge, one line each: every kind is a folder under src/adapters/
 * whose `kind.ts` says its flags (and their usage), how they parse, how the subject opens, how a
 * trace replays with it, and whether its histories may run at once (--jobs) or under bubblewrap
 * (--isolate) (src/adapters/subject.ts). The CLI's flag parsing, `run --help`, the --jobs and
 * --isolate rules and the report header loop over this registry. docs/CONTRIBUTING.md "Add a kind of subject".
 */
import { UsageError } from '../core/errors.ts';
import { agentKind } from '../adapters/agent/kind.ts';
import { hookKind } from '../adapters/hook/kind.ts';
import { inProcessKind } from '../adapters/in-process/kind.ts';
import { mcpKind } from '../adapters/mcp/kind.ts';
import { processKind } from '../adapters/process/kind.ts';
import type { ParseContext, SubjectKind } from '../adapters/kind.ts';

/** The kinds, in the order usage lists them; the in-process adapter (the default) first. */
export const SUBJECTS = {
  adapter: inProcessKind,
  process: processKind,
  hook: hookKind,
  mcp: mcpKind,
  agent: agentKind,
} as const satisfies { readonly [K in string]: SubjectKind<{ readonly kind: K }> };

export type SubjectKindName = keyof typeof SUBJECTS;
type FlagsOf<K extends SubjectKindName> = Parameters<(typeof SUBJECTS)[K]['argv']>[0];
/** The parsed flags of the run's subject (exactly one kind). */
export type SubjectFlags = { [K in SubjectKindName]: FlagsOf<K> }[SubjectKindName];

export const SUBJECT_KINDS = Object.keys(SUBJECTS) as SubjectKindName[];

/** The registry's entry for these flags (the one cast the correlated union needs). */
export const entryOf = <F extends SubjectFlags>(flags: F): SubjectKind<F> =>
  SUBJECTS[flags.kind] as unknown as SubjectKind<F>;

/** Every value flag of every kind, once. */
export const SUBJECT_VALUE_FLAGS: readonly string[] = [...new Set(SUBJECT_KINDS.flatMap((k) => SUBJECTS[k].flags))];

/** `run --help`'s subject lines: the choosing flags, then each kind's own flags (those several kinds share once, after the last kind that takes them). */
export function subjectUsage(indent: string): string[] {
  const lines = [`[${SUBJECT_KINDS.map((k) => SUBJECTS[k].select).join(' | ')}]`];
  const extras = SUBJECT_KINDS.flatMap((k) => SUBJECTS[k].extra);
  const shared = new Set(extras.filter((x) => extras.indexOf(x) !== extras.lastIndexOf(x)));
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
  const ctx: ParseContext = { cap, kinds: SUBJECT_KINDS.map((k) => SUBJECTS[k]) };
  // The agent's and the played hosts' parsers name the flags they cannot take; the choosing flag of a process or adapter is checked first.
  const order: SubjectKindName[] = ['process', 'agent', 'hook', 'mcp', 'adapter'];
  const chosen = order
    .map((k) => (SUBJECTS[k] as SubjectKind<SubjectFlags>).parse(f, ctx))
    .filter((x): x is SubjectFlags => x !== undefined);
  if (chosen.length > 1)
    throw new UsageError(
      `run: give one of ${SUBJECT_KINDS.map((k) => `--${k}`).join(', ')}, not ${chosen.map((c) => `--${c.kind}`).join(' and ')}`,
    );
  return chosen[0] ?? { kind: 'adapter' };
}

/** --jobs and --isolate against the chosen kind (usage errors before anything starts). */
export function checkSubjectSwitches(s: SubjectFlags, o: { readonly jobs: boolean; readonly isolate: boolean }): void {
  const e = entryOf(s);
  const flagsWhere = (ok: (k: SubjectKindName) => boolean): string[] => SUBJECT_KINDS.filter(ok).map((k) => `--${k}`);
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
