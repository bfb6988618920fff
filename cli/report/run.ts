/** Reports of `run`: pretty (people) and JSON (KIT-DESIGN.md "JSON reports"). */
import type { RunResult } from '../../properties/run.ts';
import { envelope } from '../../core/output.ts';

export interface RunReportExtras {
  /** Rule → saved trace file of its counterexample. */
  readonly traceFiles: ReadonlyMap<string, string>;
  /** How to replay a saved trace (the command line that ran, minus flags that don't apply). */
  readonly replayCommand: (traceFile: string) => string;
  /** Lines about how the run was set up (e.g. the --process default of histories), printed under the header. */
  readonly notes?: readonly string[];
}

export function runJson(r: RunResult, x: RunReportExtras): string {
  return JSON.stringify(
    {
      ...envelope('run'),
      adapter: r.adapter,
      arm: r.arm,
      caps: r.caps,
      seed: r.seed,
      runs: r.runs,
      assumptions: r.assumptions,
      rules: r.rules.map((rule) => ({
        id: rule.id,
        status: rule.status,
        checks: rule.checks,
        ...(rule.reason !== undefined ? { reason: rule.reason } : {}),
        ...(rule.counterexample
          ? {
              counterexample: {
                story: rule.counterexample.story,
                trace: x.traceFiles.get(rule.id) ?? rule.counterexample.trace,
                seed: rule.counterexample.seed,
                fcPath: rule.counterexample.fcPath ?? null,
                cap: rule.counterexample.cap,
                arm: rule.counterexample.arm,
                source: rule.counterexample.source,
                ...(rule.counterexample.nondeterministic ? { nondeterministic: true } : {}),
              },
            }
          : {}),
      })),
      summary: r.summary,
      claims: r.claims,
    },
    null,
    2,
  );
}

const LABEL: Readonly<Record<string, string>> = { pass: 'pass', fail: 'FAIL', 'n/a': 'n/a', unexercised: 'UNEXERCISED' };

export function runPretty(r: RunResult, x: RunReportExtras): string {
  const out: string[] = [];
  const bands = r.caps.map((c) => `${c.band} ${c.cap}`).join(', ');
  out.push(`readshim-conformance run — adapter ${r.adapter}, arm ${r.arm}, seed ${r.seed}, ${r.runs} histories per cap band (${bands || 'replay only'})`);
  for (const a of r.assumptions) out.push(`ASSUMPTION: ${a}`);
  for (const note of x.notes ?? []) out.push(`note: ${note}`);
  out.push('');
  for (const rule of r.rules) {
    const checks = `${rule.checks.toLocaleString('en-US')} ${rule.checks === 1 ? 'check' : 'checks'}`;
    const why = rule.status === 'pass' ? '' : rule.reason ? ` — ${rule.reason}` : '';
    out.push(`  ${LABEL[rule.status]!.padEnd(12)} ${rule.id.padEnd(21)} ${checks.padStart(14)}${why}`);
  }
  for (const rule of r.rules) {
    const cx = rule.counterexample;
    if (rule.status !== 'fail' || cx === undefined) continue;
    out.push('', `FAIL ${rule.id}: ${rule.reason ?? ''}`, `  (${cx.source}, arm ${cx.arm}${cx.cap ? `, cap ${cx.cap}` : ''})`);
    for (const line of cx.story) out.push(`  ${line}`);
    const file = x.traceFiles.get(rule.id);
    if (file) out.push(`  replay: ${x.replayCommand(file)}`);
    out.push(`  seed ${cx.seed}${cx.fcPath ? `, fast-check path ${cx.fcPath}` : ''}`);
  }
  const s = r.summary;
  out.push('', `summary: ${s.passed} passed, ${s.failed} failed, ${s.na} n/a, ${s.unexercised} unexercised`);
  return out.join('\n');
}
