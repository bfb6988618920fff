/**
 * `readshim-conformance/vitest`: the conformance suite inside a fork's own vitest run. One `it`
 * per rule: a failure fails with the rule's story, an unexercised rule fails, an n/a rule is
 * skipped with its reason. The run happens once, in the describe block's beforeAll.
 *
 *   import { describeConformance } from 'readshim-conformance/vitest';
 *   describeConformance({ adapter: './readshim.adapter.ts', runs: 100, seed: 1 });
 *
 * It takes exactly the options `run` takes, in the same domains: what `run` refuses (an arm for a
 * lever shim, a cap of 3, an unknown option) it refuses with the same words.
 *
 * vitest is a peer dependency; nothing here writes files (no failure database).
 */
import { beforeAll, describe, it } from 'vitest';
import { ARM_NAMES, type ArmName } from '../core/arms.ts';
import { RULE_IDS, isRuleId, type RuleId } from '../core/rules.ts';
import { UsageError } from '../core/errors.ts';
import {
  CAP_DOMAIN,
  RUNS_DOMAIN,
  SEED_DOMAIN,
  SHRINK_DOMAIN,
  TIMEOUT_DOMAIN,
  domainProblem,
  type IntDomain,
} from '../core/limits.ts';
import { chooseArm } from '../adapters/capabilities.ts';
import type { ShimAdapter } from '../core/contract.ts';
import { withExitGuard } from '../adapters/exit-guard.ts';
import { loadAdapter } from '../adapters/load.ts';
import { DEFAULT_RUNS, runConformance, type RuleResult, type RunResult } from '../../properties/run.ts';
import { parseBaseline } from '../../properties/baseline.ts';
import { readTextFile } from '../core/files.ts';
import { DEFAULT_SEED } from '../core/seed.ts';
import { defined } from '../core/defined.ts';

export interface ConformanceOptions {
  /** The adapter object, or the path of an adapter module (resolved from the working directory). */
  readonly adapter: ShimAdapter | string;
  /**
   * The arm of the histories, as `run --arm`: for a shim with an arm surface (default: `all` if it
   * declares it, else its only arm); a lever shim takes none (it runs its declared levers).
   */
  readonly arm?: ArmName;
  /** Histories per cap band (default 150; as `run --runs`, 1 to 1,000,000). */
  readonly runs?: number;
  /** Histories of the session band (as `run --sessions`; default one per 15 of `runs`; 0 turns it off). */
  readonly sessions?: number;
  /** The run's seed: the same seed gives the same verdict (default 20261130, as the CLI; 0 to 2^32−1). */
  readonly seed?: number;
  /** A fixed cap instead of the three cap bands (as `run --cap`, 4 to 1,048,576). */
  readonly cap?: number;
  /** Only these rules (default: all). */
  readonly only?: readonly RuleId[];
  /** Most histories the shrinking of one failed rule judges (as `run --shrink`). */
  readonly shrink?: number;
  /** Play the directed corpus before the random histories (default true; false is `run --no-corpus`). */
  readonly corpus?: boolean;
  /** A baseline file (the CLI's format): listed failures are skipped, listed rules that pass fail. */
  readonly baseline?: string;
  /** Limit for the whole run, in ms (default 10 minutes). */
  readonly timeoutMs?: number;
  /** How long one call of the adapter may take to settle, in ms (the CLI's --timeout; default 10000). */
  readonly settleTimeoutMs?: number;
  /** Name of the describe block (default "readshim-conformance: <adapter> arm <arm>"). */
  readonly name?: string;
}

const WHO = 'describeConformance';
/** Every option, and the domain of each number: exactly those `run` takes (src/core/limits.ts). */
const NUMBERS: Readonly<Record<string, IntDomain>> = {
  runs: RUNS_DOMAIN,
  sessions: { ...RUNS_DOMAIN, min: 0 },
  seed: SEED_DOMAIN,
  cap: CAP_DOMAIN,
  shrink: SHRINK_DOMAIN,
  timeoutMs: TIMEOUT_DOMAIN,
  settleTimeoutMs: TIMEOUT_DOMAIN,
};
const OPTIONS = ['adapter', 'arm', 'only', 'corpus', 'baseline', 'name', ...Object.keys(NUMBERS)];

/** Why the options are not ones `run` would take, or undefined (the arm is checked once the adapter is loaded). */
export function optionsProblem(options: ConformanceOptions): string | undefined {
  const unknown = Object.keys(options).filter((k) => !OPTIONS.includes(k));
  if (unknown.length > 0) return `unknown option ${unknown.join(', ')} (known: ${OPTIONS.join(', ')})`;
  if (typeof options.adapter !== 'string' && (typeof options.adapter !== 'object' || options.adapter === null))
    return 'adapter must be an adapter object or the path of an adapter module';
  if (options.arm !== undefined && !ARM_NAMES.includes(options.arm))
    return `arm must be one of ${ARM_NAMES.join('|')}, got ${JSON.stringify(options.arm)}`;
  for (const [key, domain] of Object.entries(NUMBERS)) {
    const v = (options as unknown as Record<string, unknown>)[key];
    if (v === undefined) continue;
    const p = typeof v === 'number' ? domainProblem(v, domain) : 'must be a number';
    if (p !== undefined) return `${key} ${p}, got ${JSON.stringify(v)}`;
  }
  if (options.only !== undefined) {
    const bad = options.only.filter((id) => !isRuleId(id));
    if (options.only.length === 0 || bad.length > 0)
      return `only names unknown rule ${bad.join(', ') || '(none)'}; see \`readshim-conformance spec\` for the rule IDs`;
  }
  if (options.corpus !== undefined && typeof options.corpus !== 'boolean') return 'corpus must be true or false';
  return undefined;
}

/** What the adapter threw while loading, as the error each rule's test fails with. */
const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** The message a failing rule's test fails with: the reason, then the story. */
export function failureMessage(rule: RuleResult, levers: readonly string[] = []): string {
  const cx = rule.counterexample;
  const lines = [`${rule.id}: ${rule.reason ?? rule.status}`];
  if (cx) {
    const mode = cx.arm !== undefined ? `arm ${cx.arm}` : `levers [${levers.join(', ')}]`;
    lines.push(`(${cx.source}, ${mode}${cx.cap ? `, cap ${cx.cap}` : ''})`, ...cx.story);
    lines.push(`seed ${cx.seed}${cx.fcPath ? `, fast-check path ${cx.fcPath}` : ''}`);
  }
  return lines.join('\n');
}

export function describeConformance(options: ConformanceOptions): void {
  // What `run` refuses, this refuses too, with the same words.
  const problem = optionsProblem(options);
  if (problem !== undefined) throw new UsageError(`${WHO}: ${problem}`);
  const rules = options.only ?? RULE_IDS;
  const listed = new Map(
    options.baseline !== undefined
      ? parseBaseline(options.baseline, readTextFile(options.baseline, 'baseline')).entries.map((e) => [
          e.rule,
          e.reason,
        ])
      : [],
  );
  const name =
    options.name ??
    `readshim-conformance: ${typeof options.adapter === 'string' ? options.adapter : options.adapter.name}${options.arm !== undefined ? ` arm ${options.arm}` : ''}`;
  describe(name, () => {
    let result: RunResult | undefined;
    let broken: unknown;
    beforeAll(async () => {
      try {
        // process.exit in the adapter's code fails every rule's test with one line naming the adapter.
        const who = `adapter ${typeof options.adapter === 'string' ? options.adapter : JSON.stringify(options.adapter.name)}`;
        result = await withExitGuard(
          () => who,
          async (guard) => {
            const adapter = typeof options.adapter === 'string' ? await loadAdapter(options.adapter) : options.adapter;
            try {
              const arm = chooseArm(adapter, options.arm, { command: WHO, option: 'arm' });
              const r = await runConformance({
                adapter,
                ...defined({ arm }),
                runs: options.runs ?? DEFAULT_RUNS,
                seed: options.seed ?? DEFAULT_SEED,
                ...defined({ cap: options.cap }),
                ...(options.only ? { only: options.only } : {}),
                ...defined({ settleTimeoutMs: options.settleTimeoutMs }),
                ...defined({ shrinkRuns: options.shrink }),
                ...(options.corpus === false ? { corpus: false } : {}),
                ...(options.sessions !== undefined ? { session: { histories: options.sessions } } : {}),
              });
              guard.check();
              return r;
            } finally {
              await adapter.close?.();
            }
          },
        );
      } catch (e) {
        // An adapter that cannot load or breaks its contract fails every rule's test with the reason.
        broken = e;
      }
    }, options.timeoutMs ?? 600_000);

    for (const id of rules)
      it(id, (ctx) => {
        if (broken !== undefined) throw asError(broken);
        const rule = result?.rules.find((r) => r.id === id);
        if (rule === undefined) throw new Error(`${id}: the run reported nothing for this rule`);
        const known = listed.has(id);
        const failing = rule.status === 'fail' || rule.status === 'unexercised';
        if (known && !failing)
          throw new Error(
            `${id} ${rule.status === 'pass' ? 'passes' : `is ${rule.status}`} now: fixed — remove it from the baseline ${options.baseline}`,
          );
        if (known) return ctx.skip(`known failure accepted in the baseline: ${listed.get(id) || rule.reason || ''}`);
        if (rule.status === 'n/a') return ctx.skip(`n/a: ${rule.reason ?? ''}`);
        if (rule.status === 'unexercised')
          throw new Error(`${id} went unexercised: ${rule.reason ?? 'no check of this rule ran'}`);
        if (rule.status === 'fail') throw new Error(failureMessage(rule, result?.levers));
      });
  });
}
