/** Small strict flag parser: unknown flags and missing values are usage errors. */
import { UsageError } from '../core/errors.ts';
import { MAX_RUNS, RUNS_DOMAIN, SEED_DOMAIN, TIMEOUT_DOMAIN, domainProblem, type IntDomain } from '../core/limits.ts';

export interface FlagSpec {
  /** Flags that take a value (`--cap 4096` or `--cap=4096`). */
  readonly values: readonly string[];
  /** Flags that take no value. */
  readonly switches?: readonly string[];
  /** How many positional arguments are allowed. */
  readonly positionals?: number;
}

export interface Parsed {
  readonly flags: ReadonlyMap<string, string>;
  readonly switches: ReadonlySet<string>;
  readonly positionals: readonly string[];
}

export function parseArgs(command: string, argv: readonly string[], spec: FlagSpec): Parsed {
  const flags = new Map<string, string>();
  const switches = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq === -1 ? a.slice(2) : a.slice(2, eq);
    if (spec.switches?.includes(name)) {
      if (eq !== -1) throw new UsageError(`${command}: --${name} takes no value`);
      switches.add(name);
      continue;
    }
    if (!spec.values.includes(name)) {
      const known = [...spec.values, ...(spec.switches ?? [])].map((f) => `--${f}`).join(', ');
      throw new UsageError(`${command}: unknown flag --${name} (known: ${known || 'none'})`);
    }
    const value = eq === -1 ? argv[++i] : a.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--')))
      throw new UsageError(`${command}: --${name} needs a value`);
    if (flags.has(name)) throw new UsageError(`${command}: --${name} given twice`);
    flags.set(name, value);
  }
  if (positionals.length > (spec.positionals ?? 0))
    throw new UsageError(`${command}: unexpected argument ${JSON.stringify(positionals[spec.positionals ?? 0])}`);
  return { flags, switches, positionals };
}

export type { IntDomain };
export { MAX_RUNS, RUNS_DOMAIN, SEED_DOMAIN, TIMEOUT_DOMAIN };

/** An integer flag value in its domain, or a usage error naming the flag and the whole domain. */
export function intFlag(
  command: string,
  name: string,
  raw: string | undefined,
  domain: number | IntDomain,
): number | undefined {
  if (raw === undefined) return undefined;
  const d: IntDomain = typeof domain === 'number' ? { min: domain } : domain;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const problem = domainProblem(n, d);
  if (problem !== undefined) throw new UsageError(`${command}: --${name} ${problem}, got ${JSON.stringify(raw)}`);
  return n;
}

export function oneOf<T extends string>(
  command: string,
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw))
    throw new UsageError(`${command}: --${name} must be one of ${allowed.join('|')}, got ${JSON.stringify(raw)}`);
  return raw as T;
}
