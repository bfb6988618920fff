/**
 * `table`: the list of implementations (config/implementations.json) and the results file the table is
 * rendered from (docs/implementations.results.json; docs/IMPLEMENTATIONS.md "How it is made").
 * Pure: reading the files is src/cli/commands/table.ts's job.
 */
import { UsageError } from '../../core/errors.ts';
import { defined } from '../../core/defined.ts';
import { INSTALL_DIR } from '../../adapters/agent/install.ts';
import { BUILTIN_PROFILES } from '../../adapters/agent/profiles/index.ts';
import { SUBJECT_KINDS, type SubjectKindName } from '../subjects.ts';

/** The kinds of subject a row may be (src/cli/subjects.ts). */
export const KINDS: readonly SubjectKindName[] = SUBJECT_KINDS;
export type Kind = SubjectKindName;

/** The `run` flag that names each kind's subject (an `adapter` row may give none: the reference). */
export const KIND_FLAG = Object.fromEntries(KINDS.map((k) => [k, `--${k}`])) as Readonly<Record<Kind, string>>;

/** The pin of the built-in agent profile an `agent` row runs (`--agent <name>`), or undefined. */
function builtinPin(argv: readonly string[]): { package: string; version: string; prefix: string } | undefined {
  const at = argv.indexOf('--agent');
  const name = at === -1 ? argv.find((a) => a.startsWith('--agent='))?.slice('--agent='.length) : argv[at + 1];
  const p = name !== undefined && Object.hasOwn(BUILTIN_PROFILES, name) ? BUILTIN_PROFILES[name] : undefined;
  return p === undefined ? undefined : { package: p.package, version: p.version, prefix: INSTALL_DIR };
}

/** Flags the table sets itself on every run (its report, an empty failure database), or that a table row cannot mean. */
export const RESERVED_FLAGS = [
  '--reporter',
  '--out',
  '--failures',
  '--no-save',
  '--replay',
  '--baseline',
  '--write-baseline',
  '--shard',
  '--help',
  '-h',
] as const;

export interface Implementation {
  /** Row name and anchor: lower case letters, digits, '.', '-'. */
  readonly name: string;
  readonly kind: Kind;
  /** A shipped example or the kit's own code: the path (file or folder) its version is hashed from. */
  readonly source?: string;
  /** A registry package: its name and the exact version pinned. */
  readonly package?: string;
  readonly version?: string;
  /** Where the package is installed (a folder with node_modules/), relative to the config file; default: beside it. */
  readonly prefix?: string;
  /** One sentence on its design. */
  readonly design: string;
  /** The arguments of `readshim-conformance run`, as given on a command line. */
  readonly argv: readonly string[];
}

export interface ImplementationList {
  readonly implementations: readonly Implementation[];
}

const NAME = /^[a-z0-9][a-z0-9.-]*$/;
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The list checked field by field; `file` names it in the message. */
export function parseImplementations(text: string, file: string): ImplementationList {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`table: ${file} is not JSON (${(e as Error).message})`);
  }
  const bad = (what: string): never => {
    throw new UsageError(`table: ${file}: ${what}`);
  };
  if (typeof v !== 'object' || v === null || !Array.isArray((v as { implementations?: unknown }).implementations))
    bad('needs { "implementations": [ … ] }');
  const list = (v as { implementations: unknown[] }).implementations;
  if (list.length === 0) bad('"implementations" is empty');
  const seen = new Set<string>();
  const out = list.map((raw, i): Implementation => {
    const at = `implementations[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad(`${at} must be an object`);
    const o = raw as Record<string, unknown>;
    const known = ['name', 'kind', 'source', 'package', 'version', 'prefix', 'design', 'argv'];
    for (const k of Object.keys(o))
      if (!known.includes(k)) bad(`${at} has unknown field "${k}" (known: ${known.join(', ')})`);
    const str = (k: string): string | undefined => {
      if (o[k] === undefined) return undefined;
      if (typeof o[k] !== 'string' || o[k] === '') bad(`${at}.${k} must be a non-empty string`);
      return o[k] as string;
    };
    const name = str('name') ?? bad(`${at} needs "name"`);
    if (!NAME.test(name)) bad(`${at}.name ${JSON.stringify(name)} must be lower case letters, digits, '.' or '-'`);
    if (seen.has(name)) bad(`name ${JSON.stringify(name)} given twice`);
    seen.add(name);
    const kind = str('kind') ?? bad(`${name}: needs "kind" (${KINDS.join(', ')})`);
    if (!(KINDS as readonly string[]).includes(kind))
      bad(`${name}: kind ${JSON.stringify(kind)} is not one of ${KINDS.join(', ')}`);
    const design = str('design') ?? bad(`${name}: needs "design" (one sentence on how it works)`);
    const source = str('source');
    // A row that runs a built-in agent profile and names no package runs the profile's pinned CLI.
    const unpinned = source === undefined && [o.package, o.version, o.prefix].every((x) => x === undefined);
    const pin =
      kind === 'agent' && unpinned && Array.isArray(o.argv)
        ? builtinPin(o.argv.filter((a): a is string => typeof a === 'string'))
        : undefined;
    const pkg = str('package') ?? pin?.package;
    const version = str('version') ?? pin?.version;
    const prefix = str('prefix') ?? pin?.prefix;
    if ((source === undefined) === (pkg === undefined))
      bad(`${name}: give "source" (a shipped example's path) or "package" with its pinned "version", one of them`);
    if (pkg !== undefined && (version === undefined || !EXACT_VERSION.test(version)))
      bad(`${name}: "package" needs an exact pinned "version" (e.g. "1.2.3"), got ${JSON.stringify(version)}`);
    if (pkg === undefined && (version !== undefined || prefix !== undefined))
      bad(`${name}: "version" and "prefix" go with "package"`);
    if (!Array.isArray(o.argv) || o.argv.some((a) => typeof a !== 'string'))
      bad(`${name}: "argv" must be an array of strings (the arguments of run)`);
    const argv = o.argv as string[];
    for (const a of argv) {
      const flag = a.split('=')[0]!;
      if ((RESERVED_FLAGS as readonly string[]).includes(flag))
        bad(`${name}: argv must not give ${flag} (the table sets the report, and an empty failure database, itself)`);
    }
    const flag = KIND_FLAG[kind as Kind];
    const transports = Object.values(KIND_FLAG).filter((f) => argv.some((a) => a === f || a.startsWith(`${f}=`)));
    if (transports.some((f) => f !== flag) || (kind !== 'adapter' && !transports.includes(flag)))
      bad(
        `${name}: a ${kind} row runs with ${flag}${kind === 'adapter' ? ' (or none: the reference)' : ''}, and no other subject flag; argv has ${transports.join(', ') || 'none'}`,
      );
    return {
      name,
      kind: kind as Kind,
      ...defined({ source }),
      ...(pkg !== undefined ? { package: pkg, version: version! } : {}),
      ...defined({ prefix }),
      design,
      argv,
    };
  });
  return { implementations: out };
}

/** One subject's run as recorded: what ran, when, its version, its exit code and its JSON report. */
export interface SubjectResult {
  readonly name: string;
  readonly kind: Kind;
  readonly design: string;
  readonly argv: readonly string[];
  /** "2026.8.31 (@modelcontextprotocol/server-filesystem)" or "examples/x.ts sha256:…" with the kit's version. */
  readonly version: string;
  /** The day the run was made (UTC, YYYY-MM-DD): shown, never judged. */
  readonly date: string;
  /**
   * The directed corpus the run was judged with (properties/corpus/fingerprint.ts): a row made with
   * another corpus is stale. Absent in results made before rows recorded it.
   */
  readonly corpus?: string;
  /** The exit code of `run` (0 or 1; a run that ended with 2 is not recorded). */
  readonly exitCode: number;
  /** `run --reporter json`, as printed. */
  readonly report: RunReport;
  /**
   * "isolated (bubblewrap)" when the row ran with --isolate, else "not isolated: <why>" (in-process,
   * --no-isolate, bubblewrap missing or refused). Absent in results made before the table isolated.
   */
  readonly isolation?: string;
}

export interface ResultsFile {
  readonly tool: string;
  readonly version: string;
  readonly specVersion: string;
  readonly command: 'table';
  readonly subjects: readonly SubjectResult[];
}

/** The part of `run --reporter json` the table reads (src/cli/report/run.ts `runJson`). */
export interface RunReport {
  readonly version: string;
  readonly specVersion: string;
  readonly adapter: string;
  readonly arm?: string;
  readonly levers: readonly string[];
  readonly seed: number;
  readonly runs: number;
  readonly caps: readonly { readonly band: string; readonly cap: number }[];
  readonly host?: { readonly played: string };
  readonly rules: readonly ReportRule[];
  readonly summary: {
    readonly passed: number;
    readonly failed: number;
    readonly na: number;
    readonly unexercised: number;
  };
}

export interface ReportRule {
  readonly id: string;
  readonly status: string;
  readonly checks: number;
  readonly reason?: string;
  readonly counterexample?: {
    readonly story: readonly string[];
    /** Inline (the table runs with --no-save). */
    readonly trace: unknown;
    readonly seed: number;
    readonly cap?: number;
    readonly arm?: string;
    readonly source: string;
  };
}

/** A results file read back, checked enough to render (a hand edit that breaks it is exit 2). */
export function parseResults(text: string, file: string): ResultsFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new UsageError(
      `table: ${file} is not JSON (${(e as Error).message}); regenerate it with \`readshim-conformance table\``,
    );
  }
  const r = v as Partial<ResultsFile>;
  if (typeof r !== 'object' || r === null || r.command !== 'table' || !Array.isArray(r.subjects))
    throw new UsageError(`table: ${file} is not a table results file (needs "command": "table" and "subjects")`);
  for (const s of r.subjects as readonly (Partial<SubjectResult> | null)[])
    if (typeof s?.name !== 'string' || !Array.isArray(s.report?.rules))
      throw new UsageError(`table: ${file}: subject ${JSON.stringify(s?.name)} has no report rules`);
  return r as ResultsFile;
}
