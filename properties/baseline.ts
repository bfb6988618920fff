/**
 * Baselines for forks: the rules a fork knows it fails, with the reason each was accepted. The
 * run passes while exactly those fail; it fails when another rule fails, or when a listed rule
 * passes again ("fixed — remove it from the baseline").
 *
 * Format (diff-friendly text, one rule per line, `#` starts a comment):
 *
 *   # readshim-conformance baseline …
 *   FORGET-RESETS  # our host never calls forget()
 *
 * Pure: the CLI and the vitest entry read the file (src/core/files.ts) and hand the text to
 * parseBaseline; nothing under properties/ touches the file system.
 */
import { RULE_IDS, isRuleId, type RuleId } from '../src/core/rules.ts';
import { SPEC_VERSION, specMajor } from '../src/core/version.ts';
import type { RunResult } from './result.ts';
import { isPartial } from './shard.ts';
import { UsageError } from '../src/core/errors.ts';

export interface BaselineEntry {
  readonly rule: RuleId;
  /** Why the failure was accepted (the comment after the ID). */
  readonly reason: string;
  readonly line: number;
}

export interface Baseline {
  readonly file: string;
  readonly entries: readonly BaselineEntry[];
  /** The spec the kit wrote it under (its first line), when it says. */
  readonly spec?: string;
}

export interface BaselineCheck {
  readonly file: string;
  /** Listed and failing as expected. */
  readonly accepted: readonly RuleId[];
  /** Failing but not listed: the run fails. */
  readonly newFailures: readonly RuleId[];
  /** Listed but no longer failing: the run fails until the line is removed. */
  readonly fixed: readonly { readonly rule: RuleId; readonly status: string }[];
  /**
   * Spec 2.2: listed, failing as spec 2.1 judged this very run, passing now — fixed by the spec, not
   * by the shim. Told, to be removed; it does not fail the run.
   */
  readonly fixedBySpec: readonly RuleId[];
  /** Listed but not judged by this run (--only). */
  readonly notRun: readonly RuleId[];
  /** A shard cannot tell that a listed rule passes: only the combined shards can. */
  readonly deferred: readonly RuleId[];
  readonly ok: boolean;
}

/** The first line the kit writes; it names the spec the rules were judged under. */
const HEAD = '# readshim-conformance baseline';
const HEAD_SPEC = /^# readshim-conformance baseline \(spec ([^)\s]+)\)/;

/**
 * Parses baseline text; a malformed line or unknown rule ID → UsageError naming file:line (exit 2).
 * A baseline the kit wrote under another spec major is refused: its failures meant other rules.
 */
export function parseBaseline(file: string, text: string): Baseline {
  const first = text.split('\n', 1)[0] ?? '';
  let written: string | undefined;
  if (first.startsWith(HEAD)) {
    const spec = HEAD_SPEC.exec(first)?.[1] ?? '1.0';
    written = spec;
    if (specMajor(spec) !== specMajor(SPEC_VERSION))
      throw new UsageError(
        `baseline ${file} was written under spec ${spec}; this kit judges spec ${SPEC_VERSION}, where rules changed meaning: write it again with --write-baseline`,
      );
  }
  const entries: BaselineEntry[] = [];
  text.split('\n').forEach((raw, i) => {
    const hash = raw.indexOf('#');
    const body = (hash === -1 ? raw : raw.slice(0, hash)).trim();
    if (body === '') return;
    const where = `${file}:${i + 1}`;
    if (/\s/.test(body)) throw new UsageError(`baseline ${where}: one rule ID per line, got ${JSON.stringify(body)}`);
    if (!isRuleId(body))
      throw new UsageError(
        `baseline ${where}: unknown rule ID ${JSON.stringify(body)}; see \`readshim-conformance spec\` for the ${RULE_IDS.length} IDs`,
      );
    const twice = entries.find((e) => e.rule === body);
    if (twice) throw new UsageError(`baseline ${where}: ${body} is already listed on line ${twice.line}`);
    entries.push({ rule: body, reason: hash === -1 ? '' : raw.slice(hash + 1).trim(), line: i + 1 });
  });
  return { file, entries, ...(written !== undefined ? { spec: written } : {}) };
}

const failing = (status: string, sharded: boolean): boolean =>
  status === 'fail' || (!sharded && status === 'unexercised');

/**
 * Compares a run with a baseline. In a shard only failures are decisive: a listed rule the shard
 * did not see failing may fail in another shard, so "fixed" is left to the combined shards.
 */
export function checkBaseline(result: RunResult, baseline: Baseline): BaselineCheck {
  const sharded = isPartial(result);
  const listed = new Set(baseline.entries.map((e) => e.rule));
  const judged = new Map(result.rules.map((r) => [r.id, r.status]));
  const accepted: RuleId[] = [];
  const newFailures: RuleId[] = [];
  const fixed: { rule: RuleId; status: string }[] = [];
  const fixedBySpec: RuleId[] = [];
  const under21 = new Set(result.failedUnder21 ?? []);
  const deferred: RuleId[] = [];
  for (const r of result.rules) {
    const bad = failing(r.status, sharded);
    if (bad && listed.has(r.id)) accepted.push(r.id);
    else if (bad) newFailures.push(r.id);
    else if (listed.has(r.id)) {
      if (sharded) deferred.push(r.id);
      else if (under21.has(r.id)) fixedBySpec.push(r.id);
      else fixed.push({ rule: r.id, status: r.status });
    }
  }
  const notRun = baseline.entries.map((e) => e.rule).filter((id) => !judged.has(id));
  return {
    file: baseline.file,
    accepted,
    newFailures,
    fixed,
    fixedBySpec,
    notRun,
    deferred,
    ok: newFailures.length === 0 && fixed.length === 0,
  };
}

/** One line per problem, for the pretty report and for stderr. */
export function baselineLines(c: BaselineCheck): string[] {
  const out: string[] = [];
  out.push(
    `baseline ${c.file}: ${c.accepted.length} known failure${c.accepted.length === 1 ? '' : 's'} accepted${c.accepted.length ? ` (${c.accepted.join(', ')})` : ''}`,
  );
  for (const id of c.newFailures) out.push(`  NEW FAILURE  ${id} is not in the baseline`);
  for (const f of c.fixed)
    out.push(
      `  FIXED        ${f.rule} ${f.status === 'pass' ? 'passes' : `is ${f.status}`} now — remove it from the baseline`,
    );
  for (const id of c.fixedBySpec)
    out.push(
      `  FIXED BY SPEC 2.2  ${id} passes now only because spec 2.2 judges it differently (it fails as spec 2.1 judged this run; the shim did not change) — remove it from the baseline`,
    );
  for (const id of c.notRun) out.push(`  not run      ${id} (outside --only)`);
  if (c.deferred.length)
    out.push(
      `  this shard did not see ${c.deferred.join(', ')} failing: whether they are fixed is decided when the shards combine`,
    );
  out.push(c.ok ? '  the run matches the baseline' : '  the run does not match the baseline');
  return out;
}

/**
 * Baseline text for the current failures (fail or unexercised). Reasons already written in
 * `previous` are kept; a new entry's reason is the failure itself, to be edited by a person.
 */
export function formatBaseline(result: RunResult, previous: Baseline | undefined): string {
  const kept = new Map(previous?.entries.map((e) => [e.rule, e.reason]) ?? []);
  const lines = [
    `${HEAD} (spec ${SPEC_VERSION}): rules this shim is known to fail.`,
    `# Written by \`readshim-conformance run --write-baseline\` for adapter ${result.adapter}, ${result.arm !== undefined ? `arm ${result.arm}` : `levers [${result.levers.join(', ')}]`}.`,
    '# One rule ID per line; the comment after it says why the failure was accepted.',
    '# The run fails when a rule not listed here fails, and when a listed rule passes again:',
    '# then delete its line.',
  ];
  for (const r of result.rules) {
    if (r.status !== 'fail' && r.status !== 'unexercised') continue;
    const reason = kept.get(r.id) || `${r.status}: ${(r.reason ?? '').replace(/\s+/g, ' ').slice(0, 160)}`;
    lines.push(`${r.id.padEnd(21)} # ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}
