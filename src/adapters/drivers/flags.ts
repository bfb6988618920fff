/**
 * What the kinds whose host the kit plays over a command (--hook, --mcp) share: the choice between
 * them and its clashes, the flags they both take (--levers, --pointer-pattern, --decode), the
 * adapter options those give, and the driver adapter as a subject. docs/guide/hook.md, docs/guide/mcp.md.
 */
import { UsageError } from '../../core/errors.ts';
import { LEVER_NAMES, isLeverName, type LeverName } from '../../core/levers.ts';
import { defined } from '../../core/defined.ts';
import { shellWord } from '../command.ts';
import type { Isolation } from '../isolate.ts';
import { flagOrder, type OpenOptions, type ParseContext } from '../kind.ts';
import type { Subject } from '../subject.ts';
import { deltaRegex, pointerRegex, type DriverDecoder } from './decode.ts';
import { policiesProblem, type WithholdPolicy } from '../../core/policies.ts';
import type { DriverAdapter } from './driver.ts';

/** The flags --hook and --mcp share (src/cli/subjects.ts lists them once in usage). */
export const DRIVER_SHARED_FLAGS = {
  flags: ['pointer-pattern', 'decode', 'levers', 'delta-pattern', 'withheld-pattern', 'policy'],
  usage: [
    '--levers pointer,cap,diff|none',
    '--pointer-pattern <regex>',
    '--decode <module>',
    '--delta-pattern <regex>',
    '--withheld-pattern <regex> --policy <json>',
  ],
} as const;

/** The shared flags, parsed. */
export interface DriverCommon {
  readonly levers?: readonly LeverName[];
  readonly pointerPattern?: string;
  readonly decode?: string;
  /** Spec 2.2: a change notice's named groups (decode.ts deltaRegex). */
  readonly deltaPattern?: string;
  /** Spec 2.2: the driver's own withholding, and the policy it declares (--policy, JSON). */
  readonly withheldPattern?: string;
  readonly policy?: { readonly raw: string; readonly policies: readonly WithholdPolicy[] };
}

/** A command flag's value, which may not be blank. */
export function nonEmpty(flag: string, v: string | undefined, example: string): string | undefined {
  if (v !== undefined && v.trim() === '')
    throw new UsageError(`run: --${flag} needs a command line, e.g. --${flag} "${example}"`);
  return v;
}

/**
 * Which played-host kind the flags choose (undefined: none), after the clashes every such kind
 * checks alike: an empty command, two of them, another kind's choosing flag, a flag of a kind not
 * chosen.
 */
export function chosenHost(f: ReadonlyMap<string, string>, ctx: ParseContext): string | undefined {
  const hosts = ctx.kinds.filter((k) => k.hostExample !== undefined);
  const given = hosts.filter((k) => nonEmpty(k.name, f.get(k.name), k.hostExample!) !== undefined);
  if (given.length > 1) throw new UsageError(`run: give ${hosts.map((k) => `--${k.name}`).join(' or ')}, not both`);
  const chosen = given[0]?.name;
  const others = ctx.kinds.filter((k) => k.hostExample === undefined && f.has(k.flags[0]!));
  if (chosen !== undefined && others.length > 0)
    throw new UsageError(`run: --${chosen} plays the host itself; drop --${others[0]!.flags[0]}`);
  for (const flag of flagOrder(hosts).slice(hosts.length)) {
    if (!f.has(flag)) continue;
    const owners = hosts.filter((k) => k.flags.includes(flag)).map((k) => `--${k.name}`);
    if (!owners.includes(`--${chosen}`)) throw new UsageError(`run: --${flag} applies to ${owners.join(' and ')} only`);
  }
  return chosen;
}

function levers(raw: string, cap: number | undefined): LeverName[] {
  const names =
    raw === 'none'
      ? []
      : raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  const bad = names.filter((n) => !isLeverName(n));
  if (bad.length > 0 || (raw !== 'none' && names.length === 0) || new Set(names).size !== names.length)
    throw new UsageError(
      `run: --levers takes distinct names from ${LEVER_NAMES.join(',')} (or none), got ${JSON.stringify(raw)}`,
    );
  if (names.includes('cap') && cap === undefined)
    throw new UsageError('run: --levers with cap needs --cap <bytes>: the fixed cap the hook or server keeps to');
  return names as LeverName[];
}

/** --policy's JSON: one withholding policy or a list of them (src/core/policies.ts); a driver has no seal. */
function parsePolicy(raw: string): { raw: string; policies: readonly WithholdPolicy[] } {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new UsageError(
      `run: --policy takes JSON, e.g. --policy '{"id":"big-file","wholeOverBytes":262144,"howTo":"read it with offset and limit"}', got ${JSON.stringify(raw)}`,
    );
  }
  const list = Array.isArray(v) ? v : [v];
  const p = policiesProblem(list, true);
  if (p !== undefined) throw new UsageError(`run: --policy: ${p.replace('capabilities.policies', 'the policy')}`);
  return { raw, policies: list as WithholdPolicy[] };
}

/** Spec 2.2: --delta-pattern, --withheld-pattern and --policy, checked (the last two go together). */
function morePatternFlags(f: ReadonlyMap<string, string>): Partial<DriverCommon> {
  const delta = f.get('delta-pattern');
  if (delta !== undefined) deltaRegex(delta);
  const withheld = f.get('withheld-pattern');
  if (withheld !== undefined) pointerRegex(withheld, '--withheld-pattern');
  const policy = f.has('policy') ? parsePolicy(f.get('policy')!) : undefined;
  if ((withheld !== undefined) !== (policy !== undefined))
    throw new UsageError(
      'run: --withheld-pattern and --policy go together: the pattern finds the notice, the policy says when the shim may give it',
    );
  return defined({ deltaPattern: delta, withheldPattern: withheld, policy });
}

/** --levers, --pointer-pattern, --decode and spec 2.2's patterns, checked. */
export function driverCommon(f: ReadonlyMap<string, string>, cap: number | undefined): DriverCommon {
  const raw = f.get('levers');
  const parsed = raw !== undefined ? levers(raw, cap) : undefined;
  const pattern = f.get('pointer-pattern');
  if (pattern !== undefined) pointerRegex(pattern);
  return {
    ...(parsed ? { levers: parsed } : {}),
    ...defined({ pointerPattern: pattern }),
    ...(f.has('decode') ? { decode: f.get('decode')! } : {}),
    ...morePatternFlags(f),
  };
}

/** `--flag value` for each value given, shell-quoted. */
export function flagWords(pairs: readonly (readonly [string, string | undefined])[]): string[] {
  return pairs.filter(([, v]) => v !== undefined).map(([flag, v]) => `--${flag} ${shellWord(v!)}`);
}

/** The shared flags that replay a trace (and --cap, which the cap lever needs). */
export function commonArgv(d: DriverCommon, cap: number | undefined): string[] {
  return [
    ...flagWords([
      ['levers', d.levers === undefined ? undefined : d.levers.length === 0 ? 'none' : d.levers.join(',')],
      ['pointer-pattern', d.pointerPattern],
      ['delta-pattern', d.deltaPattern],
      ['withheld-pattern', d.withheldPattern],
      ['policy', d.policy?.raw],
      ['decode', d.decode],
    ]),
    ...(d.levers?.includes('cap') && cap !== undefined ? [`--cap ${cap}`] : []),
  ];
}

/** The adapter options the shared flags and the run give (the --decode module loaded). */
export interface DriverShared {
  readonly timeoutMs?: number;
  readonly levers?: readonly LeverName[];
  readonly cap?: number;
  readonly pointerPattern?: string;
  readonly deltaPattern?: string;
  readonly withheldPattern?: string;
  readonly policies?: readonly WithholdPolicy[];
  readonly decoder?: DriverDecoder;
  readonly decoderModule?: string;
  readonly isolation?: Isolation;
}

export async function driverShared(d: DriverCommon, o: OpenOptions): Promise<DriverShared> {
  const decoder = d.decode !== undefined ? await (await import('./decode.ts')).loadDecoder(d.decode) : undefined;
  return {
    ...defined({ timeoutMs: o.timeoutMs }),
    ...defined({ levers: d.levers }),
    ...(d.levers?.includes('cap') && o.cap !== undefined ? { cap: o.cap } : {}),
    ...defined({ pointerPattern: d.pointerPattern }),
    ...defined({ deltaPattern: d.deltaPattern, withheldPattern: d.withheldPattern, policies: d.policy?.policies }),
    ...(decoder !== undefined ? { decoder, decoderModule: d.decode! } : {}),
    ...defined({ isolation: o.isolation }),
  };
}

/** A driver (hook, MCP server, agent CLI) as a subject: the kit plays its host. */
export function driverSubject(adapter: DriverAdapter, isolatedHistories: boolean): Subject {
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
