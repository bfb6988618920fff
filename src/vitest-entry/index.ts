/**
 * `readshim-conformance/vitest`: the conformance suite inside a fork's own vitest run. One `it`
 * per rule: a failure fails with the rule's story, an unexercised rule fails, an n/a rule is
 * skipped with its reason. The run happens once, in the describe block's beforeAll.
 *
 *   import { describeConformance } from 'readshim-conformance/vitest';
 *   describeConformance({ adapter: './readshim.adapter.ts', arm: 'all', runs: 100, seed: 1 });
 *
 * vitest is a peer dependency; nothing here writes files (no failure database).
 */
import { beforeAll, describe, it } from 'vitest';
import type { ArmName } from '../core/arms.ts';
import { RULE_IDS, type RuleId } from '../core/rules.ts';
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
  readonly arm: ArmName;
  /** Histories per cap band (default 150). */
  readonly runs?: number;
  /** The run's seed: the same seed gives the same verdict (default 20261130, as the CLI). */
  readonly seed?: number;
  /** A fixed cap instead of the three cap bands. */
  readonly cap?: number;
  /** Only these rules (default: all). */
  readonly only?: readonly RuleId[];
  /** A baseline file (the CLI's format): listed failures are skipped, listed rules that pass fail. */
  readonly baseline?: string;
  /** Limit for the whole run, in ms (default 10 minutes). */
  readonly timeoutMs?: number;
  /** How long one call of the adapter may take to settle, in ms (the CLI's --timeout; default 10000). */
  readonly settleTimeoutMs?: number;
  /** Name of the describe block (default "readshim-conformance: <adapter> arm <arm>"). */
  readonly name?: string;
}

/** What the adapter threw while loading, as the error each rule's test fails with. */
const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** The message a failing rule's test fails with: the reason, then the story. */
export function failureMessage(rule: RuleResult): string {
  const cx = rule.counterexample;
  const lines = [`${rule.id}: ${rule.reason ?? rule.status}`];
  if (cx) {
    lines.push(`(${cx.source}, arm ${cx.arm}${cx.cap ? `, cap ${cx.cap}` : ''})`, ...cx.story);
    lines.push(`seed ${cx.seed}${cx.fcPath ? `, fast-check path ${cx.fcPath}` : ''}`);
  }
  return lines.join('\n');
}

export function describeConformance(options: ConformanceOptions): void {
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
    `readshim-conformance: ${typeof options.adapter === 'string' ? options.adapter : options.adapter.name} arm ${options.arm}`;
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
              const r = await runConformance({
                adapter,
                arm: options.arm,
                runs: options.runs ?? DEFAULT_RUNS,
                seed: options.seed ?? DEFAULT_SEED,
                ...defined({ cap: options.cap }),
                ...(options.only ? { only: options.only } : {}),
                ...defined({ settleTimeoutMs: options.settleTimeoutMs }),
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
        if (rule.status === 'fail') throw new Error(failureMessage(rule));
      });
  });
}
