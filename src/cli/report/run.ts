/** Reports of `run`: pretty (people) and JSON (docs/reference/cli.md: every JSON report starts with the envelope). */
import { efficiencyHeadline } from '../../../properties/efficiency.ts';
import { reportJson } from '../../core/schemas.ts';
import { headerModeText, type TraceHeader } from '../../core/trace.ts';
import type { RuleResult, RunResult } from '../../../properties/run.ts';
import { envelope } from '../../core/output.ts';
import type { HostReport } from '../../adapters/drivers/driver.ts';
import { defined } from '../../core/defined.ts';

export interface RunReportExtras {
  /** Rule → saved trace file of its counterexample. */
  readonly traceFiles: ReadonlyMap<string, string>;
  /** How to replay a saved trace (the command line that ran, minus flags that don't apply). */
  readonly replayCommand: (traceFile: string) => string;
  /** Lines about how the run was set up (e.g. the --process default of histories), printed under the header. */
  readonly notes?: readonly string[];
  /** --hook / --mcp: the host the kit played and what happened in it (hook calls, denies, errors). */
  readonly host?: HostReport;
  /** A --replay run: the trace played and its header (arm, cap and seal came from it). */
  readonly replay?: { readonly file: string; readonly header: TraceHeader };
  /** --max-seconds: the run's time bound. */
  readonly maxSeconds?: number;
}

/**
 * What a run its time bound stopped early did and did not do, in one line (pretty, JUnit, HTML,
 * the exit line): never a pass.
 */
export function stoppedLine(r: RunResult, maxSeconds: number | undefined): string | undefined {
  const s = r.stoppedEarly;
  if (s === undefined) return undefined;
  const n = (v: number): string => v.toLocaleString('en-US');
  const bands = r.caps.map((c) => `${c.band} ${n(c.histories)}`).join(', ');
  const parts = [
    `${n(s.histories)} of ${n(s.planned)} random histories judged${bands !== '' ? ` (${bands})` : ''}`,
    ...(s.corpusNotReached > 0 ? [`${s.corpusNotReached} corpus cases not reached`] : []),
    ...(s.shrinkingCut.length > 0 ? [`shrinking cut short for ${s.shrinkingCut.join(', ')}`] : []),
  ];
  return `INCOMPLETE: stopped by its time bound${maxSeconds !== undefined ? ` (--max-seconds ${maxSeconds})` : ''} at a history boundary: ${parts.join('; ')}; seed ${r.seed} — not a pass: the same seed judges the same histories in the same order, and a larger bound (or none) goes further`;
}

export function runJson(r: RunResult, x: RunReportExtras): string {
  return reportJson(
    {
      ...envelope('run'),
      adapter: r.adapter,
      ...defined({ arm: r.arm }),
      levers: r.levers,
      // The bound under `tool` is deprecated (docs/reference/report.md): `hostTool` carries it.
      ...defined({ tool: r.tool, hostTool: r.tool }),
      caps: r.caps,
      seed: r.seed,
      runs: r.runs,
      ...(x.replay
        ? {
            replay: {
              trace: x.replay.file,
              ...(x.replay.header.levers !== undefined
                ? { levers: x.replay.header.levers }
                : { arm: x.replay.header.arm ?? 'all' }),
              cap: x.replay.header.cap,
              seal: x.replay.header.seal,
            },
          }
        : {}),
      ...defined({ host: x.host }),
      assumptions: r.assumptions,
      ...defined({ fileIdentity: r.fileIdentity }),
      ...defined({ policies: r.policies }),
      ...defined({ moved: r.moved, fixedBySpec: r.fixedBySpec, failedUnder21: r.failedUnder21 }),
      rules: r.rules.map((rule) => ({
        id: rule.id,
        status: rule.status,
        checks: rule.checks,
        checksFrom: rule.checksFrom,
        ...defined({ brokenBy: rule.brokenBy }),
        ...defined({ reason: rule.reason }),
        ...(rule.counterexample?.consequences !== undefined ? { consequences: rule.counterexample.consequences } : {}),
        ...(rule.counterexample
          ? {
              counterexample: {
                story: rule.counterexample.story,
                trace: x.traceFiles.get(rule.id) ?? rule.counterexample.trace,
                seed: rule.counterexample.seed,
                fcPath: rule.counterexample.fcPath ?? null,
                cap: rule.counterexample.cap,
                ...(rule.counterexample.arm !== undefined ? { arm: rule.counterexample.arm } : { levers: r.levers }),
                source: rule.counterexample.source,
                ...(rule.counterexample.nondeterministic ? { nondeterministic: true } : {}),
                ...(rule.counterexample.shrink ? { shrink: rule.counterexample.shrink } : {}),
              },
            }
          : {}),
        ...defined({ mechanisms: rule.mechanisms }),
      })),
      summary: r.summary,
      ...defined({ corpus: r.corpus }),
      advisories: r.advisories,
      ...(r.stoppedEarly !== undefined
        ? { stoppedEarly: { ...defined({ maxSeconds: x.maxSeconds }), ...r.stoppedEarly } }
        : {}),
      efficiency: r.efficiency.map((e) => ({ kind: e.kind, count: e.count, bytes: e.bytes, story: e.story })),
      leverUse: r.leverUse,
      claims: r.claims,
      ...defined({ coverage: r.coverage }),
    },
    2,
  );
}

/** Said when --shrink's budget stopped the shrinking before a local minimum. */
export const shrinkSpentLine = (histories: number): string =>
  `shrink budget spent after ${histories} histories; this is the smallest story found`;

/** Every mechanism of a failure beyond its counterexample: the other lie classes' stories, then the rest by name (pretty, JUnit, HTML). */
export function otherMechanisms(rule: RuleResult): string[] {
  const cx = rule.counterexample;
  const others = (rule.mechanisms ?? []).filter((m) => cx?.source !== `corpus ${m.case}`);
  const out: string[] = [];
  for (const m of others.filter((x) => x.story !== undefined)) {
    out.push(`also FAIL ${rule.id}, another mechanism: ${m.message}`);
    for (const line of m.story!) out.push(`  ${line}`);
  }
  const untold = others.filter((x) => x.story === undefined);
  if (untold.length > 0)
    out.push(
      `and ${untold.length} more lie ${untold.length === 1 ? 'class' : 'classes'} (JSON rules[].mechanisms): ${untold.map((m) => `${m.lieClass} (${m.case})`).join(', ')}`,
    );
  return out;
}

const LABEL: Readonly<Record<string, string>> = {
  pass: 'pass',
  fail: 'FAIL',
  'n/a': 'n/a',
  unexercised: 'UNEXERCISED',
};

export function runPretty(r: RunResult, x: RunReportExtras): string {
  const out: string[] = [];
  const bands = r.caps
    .filter((c) => c.band !== 'session')
    .map((c) => `${c.band} ${c.cap}`)
    .join(', ');
  const session = r.caps.find((c) => c.band === 'session');
  const sessionWords =
    session !== undefined
      ? `; ${session.histories} session-shaped ${session.histories === 1 ? 'history' : 'histories'} (cap ${session.cap})`
      : '';
  const mode = r.arm !== undefined ? `arm ${r.arm}` : `levers [${r.levers.join(', ')}]`;
  const h = x.replay?.header;
  out.push(
    x.replay && h
      ? `readshim-conformance run — adapter ${r.adapter}, replay of ${x.replay.file}: ${headerModeText(h)}, cap ${h.cap}, seal ${h.seal} (from the trace)`
      : `readshim-conformance run — adapter ${r.adapter}, ${mode}, seed ${r.seed}, ${r.runs} histories per cap band (${bands || 'replay only'})${sessionWords}`,
  );
  for (const a of r.assumptions) out.push(`ASSUMPTION: ${a}`);
  if (x.host !== undefined)
    out.push(
      `host: ${x.host.played} — ${Object.entries(x.host.counts)
        .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
        .join(', ')}`,
    );
  for (const note of x.notes ?? []) out.push(`note: ${note}`);
  if (r.corpus !== undefined)
    out.push(
      `corpus: ${r.corpus.played} of ${r.corpus.cases.length} directed cases played${r.corpus.played < r.corpus.cases.length ? ' (JSON corpus.cases says why the others were not)' : ''}`,
    );
  out.push('');
  for (const rule of r.rules) {
    const checks = `${rule.checks.toLocaleString('en-US')} ${rule.checks === 1 ? 'check' : 'checks'}`;
    const why = rule.status === 'pass' ? '' : rule.reason ? ` — ${rule.reason}` : '';
    const fromCorpus =
      rule.checksFrom.corpus > 0 ? `  (${rule.checksFrom.corpus.toLocaleString('en-US')} from the corpus)` : '';
    out.push(`  ${LABEL[rule.status]!.padEnd(12)} ${rule.id.padEnd(21)} ${checks.padStart(14)}${fromCorpus}${why}`);
  }
  for (const rule of r.rules) {
    const cx = rule.counterexample;
    if (rule.status !== 'fail' || cx === undefined) continue;
    out.push(
      '',
      `FAIL ${rule.id}: ${rule.reason ?? ''}`,
      `  (${cx.source}, ${cx.arm !== undefined ? `arm ${cx.arm}` : mode}${cx.cap ? `, cap ${cx.cap}` : ''})`,
    );
    for (const line of cx.story) out.push(`  ${line}`);
    for (const line of otherMechanisms(rule)) out.push(`  ${line}`);
    if (cx.shrink?.budgetSpent) out.push(`  ${shrinkSpentLine(cx.shrink.histories)} (--shrink <n> raises the budget)`);
    if (cx.shrink?.stopped === true)
      out.push(
        `  the time bound stopped the shrinking after ${cx.shrink.histories} histories; this is the smallest story found`,
      );
    const file = x.traceFiles.get(rule.id);
    if (file) out.push(`  replay: ${x.replayCommand(file)}`);
    out.push(`  seed ${cx.seed}${cx.fcPath ? `, fast-check path ${cx.fcPath}` : ''}`);
  }
  if (r.advisories.length > 0) {
    out.push('', 'advisories (they never change the exit code):');
    for (const a of r.advisories) {
      out.push(`  ${a.rule} ${a.case}: ${a.message}`);
      for (const line of a.story) out.push(`    ${line}`);
    }
  }
  if (r.efficiency.length > 0) {
    out.push('', 'efficiency (waste, not lies; the verdict does not depend on it):');
    for (const e of r.efficiency) {
      out.push(
        `  ${e.kind}: ${e.count.toLocaleString('en-US')} response${e.count === 1 ? '' : 's'}, ${e.bytes.toLocaleString('en-US')} bytes — ${efficiencyHeadline(e.kind)}; the first:`,
      );
      for (const line of e.story) out.push(`    ${line}`);
    }
  }
  out.push(...coverageLines(r));
  const s = r.summary;
  out.push('', `summary: ${s.passed} passed, ${s.failed} failed, ${s.na} n/a, ${s.unexercised} unexercised`);
  const stopped = stoppedLine(r, x.maxSeconds);
  if (stopped !== undefined) out.push(stopped);
  return out.join('\n');
}

/** The conditions × edits cells the run never reached (properties/crossed/): the lies it could not have seen. */
export function coverageLines(r: RunResult): string[] {
  const c = r.coverage;
  if (c === undefined) return [];
  const applicable = Object.values(c.cells).filter((x) => x.applicable).length;
  if (c.unreached.length === 0)
    return ['', `coverage: all ${applicable} applicable condition × edit cells reached (JSON coverage)`];
  return [
    '',
    `coverage: ${applicable - c.unreached.length} of ${applicable} applicable condition × edit cells reached; never reached (a shortcut under these conditions went untested): ${c.unreached.join(', ')}`,
  ];
}
