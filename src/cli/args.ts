/** Small strict flag parser: unknown flags and missing values are usage errors. */
import { UsageError } from '../core/errors.ts';

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

/** An integer flag's domain: from `min`, up to `max` when it has one, in `unit` (said in the message). */
export interface IntDomain {
  readonly min: number;
  readonly max?: number;
  readonly unit?: string;
}

/** An integer flag value in its domain, or a usage error naming the flag and the whole domain. */
export function intFlag(
  command: string,
  name: string,
  raw: string | undefined,
  domain: number | IntDomain,
): number | undefined {
  if (raw === undefined) return undefined;
  const { min, max, unit } = typeof domain === 'number' ? { min: domain, max: undefined, unit: undefined } : domain;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    const range = max !== undefined ? `from ${min} to ${max}` : `>= ${min}`;
    throw new UsageError(
      `${command}: --${name} must be an integer ${range}${unit ? ` (${unit})` : ''}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/**
 * The domains of the numeric flags every command shares. A timer beyond 2^31−1 ms fires at once
 * (node clamps it to 1 ms); a seed is a 32-bit value (fast-check's generator takes seed | 0, so
 * 2^32 would silently be seed 0); a run's work units are planned before its first history, so
 * --runs has a stated maximum (docs/reference/cli.md "run").
 */
export const TIMEOUT_DOMAIN: IntDomain = { min: 1, max: 2 ** 31 - 1, unit: 'ms' };
export const SEED_DOMAIN: IntDomain = { min: 0, max: 2 ** 32 - 1 };
export const MAX_RUNS = 1_000_000;
export const RUNS_DOMAIN: IntDomain = { min: 1, max: MAX_RUNS, unit: 'histories' };

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
